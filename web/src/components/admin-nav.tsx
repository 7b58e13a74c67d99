//! The admin section's navigation, shared by every admin page: one compact row of tabs (it scrolls
//! sideways on a phone, the current page's tab brought into view), the current page marked
//! `aria-current="page"` (NavLink does that).
import { Flag, Gavel, Package, Receipt, Send, Server, Settings, Users } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import './admin-nav.css'

/**
 * The tabs: path, test id, icon, and where their texts are (`<texts>.title`, and `<texts>.text` for
 * the tooltip): under `admin.nav`, or with a page's own texts.
 */
const SECTIONS = [
  { to: '/admin', key: 'dashboard', icon: Gavel, texts: 'admin.nav.dashboard' },
  { to: '/admin/users', key: 'users', icon: Users, texts: 'admin.nav.users' },
  { to: '/admin/finished-auctions', key: 'finished', icon: Flag, texts: 'admin.nav.finished' },
  { to: '/admin/orders', key: 'orders', icon: Receipt, texts: 'admin.nav.orders' },
  { to: '/admin/claims', key: 'claims', icon: Package, texts: 'admin.nav.claims' },
  { to: '/admin/outbox', key: 'outbox', icon: Send, texts: 'admin.nav.outbox' },
  { to: '/admin/cluster', key: 'cluster', icon: Server, texts: 'adminCluster.nav' },
  { to: '/admin/settings', key: 'settings', icon: Settings, texts: 'admin.nav.settings' },
] as const

export function AdminNav() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const row = useRef<HTMLUListElement>(null)

  // On a narrow screen the row scrolls: centre the current tab in it (sideways only, so the page
  // itself does not move).
  useEffect(() => {
    const list = row.current
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2
  }, [pathname])

  return (
    <nav className="admin-nav" aria-label={t('admin.navTitle')} data-testid="admin-nav">
      <ul className="admin-nav-row" ref={row}>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end className="admin-nav-tab" title={t(`${section.texts}.text`)} data-testid={`admin-nav-${section.key}`}>
              <section.icon aria-hidden="true" />
              {t(`${section.texts}.title`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
