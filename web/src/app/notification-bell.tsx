//! The bell in the header: the unread count (live over the socket), a list of the latest notices
//! (unread ones marked), "mark all read", and a link to the notifications page. Choosing a notice
//! marks it read and goes where it points (the auction, the won items, the top-up page).
import { Bell } from 'lucide-react'
import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { NoticeItem } from '../components/notice-item'
import { unreadBadge } from '../lib/notifications'
import { useNotifications } from '../lib/use-notifications'
import '../components/menu.css'
import './notification-bell.css'

/** How many notices the dropdown lists (the page lists all 50). */
export const BELL_SHOWN = 8

export function NotificationBell() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { notifications, unread, query, markAllRead, marking, open } = useNotifications()
  const badge = unreadBadge(unread)
  const label = badge ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button bell-button" aria-label={label} title={label} data-testid="notification-bell">
        <Bell aria-hidden="true" />
        {badge && (
          <span className="bell-count" aria-hidden="true" data-testid="notification-count">
            {badge}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu bell-menu" align="end" sideOffset={8} collisionPadding={8} data-testid="notification-menu">
          <div className="bell-head">
            <DropdownMenu.Label className="bell-title">{t('notifications.title')}</DropdownMenu.Label>
            {unread > 0 && (
              <DropdownMenu.Item
                className="menu-item bell-mark-all"
                disabled={marking}
                onSelect={(event) => {
                  // Stay open: the list shows the notices turning read.
                  event.preventDefault()
                  markAllRead()
                }}
                data-testid="notifications-mark-all"
              >
                {t('notifications.markAll')}
              </DropdownMenu.Item>
            )}
          </div>
          {query.isPending && <p className="muted small bell-empty">{t('common.loading')}</p>}
          {query.isError && <p className="muted small bell-empty">{t('common.loadFailed')}</p>}
          {query.data && notifications.length === 0 && (
            <p className="muted small bell-empty" data-testid="notifications-empty">
              {t('notifications.empty')}
            </p>
          )}
          {notifications.slice(0, BELL_SHOWN).map((notice, index) => (
            <DropdownMenu.Item
              key={notice.id ?? `live-${index}`}
              className="menu-item bell-item"
              onSelect={() => open(notice)}
              data-testid="notification-item"
              data-kind={notice.type}
              data-read={notice.read}
            >
              <NoticeItem notice={notice} />
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item bell-all" onSelect={() => void navigate('/notifications')} data-testid="notifications-all">
            {t('notifications.all')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
