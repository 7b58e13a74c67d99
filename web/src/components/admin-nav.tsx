//! The navigation card block shared by every admin page.
import { Flag, Gavel, Package, Receipt, Settings, Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import './admin-nav.css'

const SECTIONS = [
  { to: '/admin', key: 'dashboard', icon: Gavel },
  { to: '/admin/users', key: 'users', icon: Users },
  { to: '/admin/finished-auctions', key: 'finished', icon: Flag },
  { to: '/admin/orders', key: 'orders', icon: Receipt },
  { to: '/admin/claims', key: 'claims', icon: Package },
  { to: '/admin/settings', key: 'settings', icon: Settings },
] as const

export function AdminNav() {
  const { t } = useTranslation()
  return (
    <nav className="admin-nav" aria-label={t('admin.navTitle')} data-testid="admin-nav">
      {SECTIONS.map((section) => (
        <NavLink key={section.to} to={section.to} end className="card admin-nav-card">
          <span className="admin-nav-icon">
            <section.icon aria-hidden="true" />
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
