import { ChevronDown } from 'lucide-react'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { User } from '../lib/api-types'
import { useLogout } from '../lib/use-logout'
import { InstallAppMenuItem } from './install-app'
import '../components/menu.css'
import './user-menu.css'

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const logout = useLogout()
  return (
    <DropdownMenu.Root modal={false}>
      {/* Named "User menu: <name>", which includes the name it shows (WCAG 2.5.3). */}
      <DropdownMenu.Trigger className="user-trigger" data-testid="user-menu-trigger">
        <span className="avatar" aria-hidden="true">
          {user.username.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only">{t('nav.userMenu')}: </span>
        <span className="user-name sr-only-tight" data-testid="header-username">
          <span data-user-content>{user.username}</span>
        </span>
        <span aria-hidden="true" className="chevron">
          <ChevronDown aria-hidden="true" />
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Item className="menu-item" onSelect={() => void navigate('/profile')} data-testid="menu-profile">
            {t('nav.profile')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => void navigate('/bid-history')}>
            {t('nav.bidHistory')}
          </DropdownMenu.Item>
          {user.role === 'admin' && (
            <DropdownMenu.Item className="menu-item" onSelect={() => void navigate('/admin')} data-testid="menu-admin">
              {t('nav.admin')}
            </DropdownMenu.Item>
          )}
          <InstallAppMenuItem />
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item menu-item-danger" onSelect={() => void logout()} data-testid="logout-button">
            {t('nav.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
