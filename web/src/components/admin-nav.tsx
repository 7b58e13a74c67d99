//! The navigation card block shared by every admin page.
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'

const SECTIONS = [
  { to: '/admin', key: 'dashboard', icon: '🔨' },
  { to: '/admin/users', key: 'users', icon: '👥' },
  { to: '/admin/finished-auctions', key: 'finished', icon: '🏁' },
  { to: '/admin/orders', key: 'orders', icon: '🧾' },
  { to: '/admin/claims', key: 'claims', icon: '📦' },
  { to: '/admin/settings', key: 'settings', icon: '⚙️' },
] as const

export function AdminNav() {
  const { t } = useTranslation()
  return (
    <nav className="admin-nav" aria-label={t('admin.navTitle')} data-testid="admin-nav">
      {SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to} end className="card admin-nav-card">
          <span className="admin-nav-icon" aria-hidden="true">
            {section.icon}
          </span>
          <span>
            <strong className="block">{t(`admin.nav.${section.key}.title`)}</strong>
            <span className="muted small">{t(`admin.nav.${section.key}.text`)}</span>
          </span>
        </NavLink>
      ))}
    </nav>
  )
}
