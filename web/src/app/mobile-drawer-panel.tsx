//! The side drawer that replaces the header navigation on small screens (loaded when first
//! opened by the menu button, `mobile-drawer.tsx`).
import { X } from 'lucide-react'
import * as Dialog from '@radix-ui/react-dialog'
import { useAtomValue, useSetAtom } from 'jotai'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { openLoginDialogAtom } from '../lib/dialogs'
import { unreadBadge } from '../lib/notifications'
import { currentUserAtom } from '../lib/session'
import { useNotifications } from '../lib/use-notifications'
import { InstallAppButton } from './install-app'
import { LanguageSwitcher } from './language-switcher'
import { useLogout } from '../lib/use-logout'
import '../components/dialog-frame.css'
import './mobile-drawer.css'

const ADMIN_LINKS = [
  { to: '/admin', key: 'nav.admin' },
  { to: '/admin/users', key: 'nav.adminUsers' },
  { to: '/admin/finished-auctions', key: 'nav.adminFinished' },
  { to: '/admin/orders', key: 'nav.adminOrders' },
  { to: '/admin/claims', key: 'nav.adminClaims' },
  { to: '/admin/outbox', key: 'nav.adminOutbox' },
  { to: '/admin/cluster', key: 'adminCluster.nav.title' },
  { to: '/admin/settings', key: 'nav.adminSettings' },
] as const

interface Props {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The menu button, which gets the focus back when the drawer closes. */
  trigger: RefObject<HTMLButtonElement | null>
}

export function MobileDrawerPanel({ open, onOpenChange, trigger }: Props) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const logout = useLogout()
  const openLogin = useSetAtom(openLoginDialogAtom)
  const close = () => onOpenChange(false)

  const link = (to: string, label: string, end = false) => (
    <NavLink key={to} to={to} end={end} className="drawer-link" onClick={close}>
      {label}
    </NavLink>
  )

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="drawer"
          aria-describedby={undefined}
          data-testid="mobile-drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <DrawerHead />
          <nav className="drawer-nav" aria-label={t('nav.mainNav')}>
            {link('/', t('nav.home'), true)}
            {link('/auctions', t('nav.auctions'))}
            {link('/how-it-works', t('nav.howItWorks'))}
            {link('/fairness', t('fairness.title'))}
            {link('/auction-rules', t('rules.title'))}
            {link('/support', t('support.title'))}
            {user && link('/profile', t('nav.profile'))}
            {user && link('/bid-history', t('nav.bidHistory'))}
            {user && <NotificationsLink onClick={close} />}
            {user && link('/topup', t('nav.topUp'))}
            <InstallAppButton onClick={close} />
          </nav>
          {user?.role === 'admin' && (
            <nav className="drawer-nav drawer-admin" aria-label={t('nav.adminSection')}>
              <p className="drawer-section">{t('nav.adminSection')}</p>
              {ADMIN_LINKS.map((item) => link(item.to, t(item.key), item.to === '/admin'))}
            </nav>
          )}
          <LanguageSwitcher />
          {!user && (
            <button
              type="button"
              className="btn btn-primary drawer-logout"
              onClick={() => {
                close()
                openLogin('login')
              }}
            >
              {t('nav.login')}
            </button>
          )}
          {user && (
            <button
              type="button"
              className="btn btn-outline drawer-logout"
              onClick={() => {
                close()
                void logout()
              }}
            >
              {t('nav.logout')}
            </button>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The drawer's title and its × button. */
function DrawerHead() {
  const { t } = useTranslation()
  return (
    <div className="drawer-head">
      <Dialog.Title className="drawer-title">{t('nav.menu')}</Dialog.Title>
      <Dialog.Close className="icon-button" aria-label={t('nav.closeMenu')}>
        <X aria-hidden="true" />
      </Dialog.Close>
    </div>
  )
}

/** The drawer's way to the notices, with the unread count. */
function NotificationsLink({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation()
  const { unread } = useNotifications()
  const badge = unreadBadge(unread)
  return (
    <NavLink to="/notifications" className="drawer-link" onClick={onClick} data-testid="drawer-notifications">
      {t('notifications.title')}
      {badge && (
        <span className="badge badge-accent drawer-badge" aria-label={t('notifications.bellUnread', { count: unread })}>
          {badge}
        </span>
      )}
    </NavLink>
  )
}
