//! The admin section (/admin/*): its guard and its pages' routes. The router loads this module on
//! the first visit to /admin, and each page is a chunk of its own in turn, so a visitor's first
//! load carries one import for the whole section instead of one per admin page (the bundle
//! budget, scripts/budget.mjs).
import { Route, Routes } from 'react-router'
import { AdminGuard } from './admin-guard'
import { page } from './lazy-page'

const AdminPage = page(() => import('../features/admin/admin-page'), 'AdminPage')
const AdminUsersPage = page(() => import('../features/admin-users/admin-users-page'), 'AdminUsersPage')
const AdminFinishedPage = page(() => import('../features/admin-finished/admin-finished-page'), 'AdminFinishedPage')
const AdminOrdersPage = page(() => import('../features/admin-orders/admin-orders-page'), 'AdminOrdersPage')
const AdminOutboxPage = page(() => import('../features/admin-outbox/admin-outbox-page'), 'AdminOutboxPage')
const AdminClusterPage = page(() => import('../features/admin-cluster/admin-cluster-page'), 'AdminClusterPage')
const AdminClaimsPage = page(() => import('../features/admin-claims/admin-claims-page'), 'AdminClaimsPage')
const AdminSettingsPage = page(() => import('../features/admin-settings/admin-settings-page'), 'AdminSettingsPage')
const NotFoundPage = page(() => import('./not-found-page'), 'NotFoundPage')

export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminGuard />}>
        <Route index element={<AdminPage />} />
        <Route path="users" element={<AdminUsersPage />} />
        <Route path="finished-auctions" element={<AdminFinishedPage />} />
        <Route path="orders" element={<AdminOrdersPage />} />
        <Route path="claims" element={<AdminClaimsPage />} />
        <Route path="outbox" element={<AdminOutboxPage />} />
        <Route path="cluster" element={<AdminClusterPage />} />
        <Route path="settings" element={<AdminSettingsPage />} />
      </Route>
      {/* An address under /admin that names no page, as anywhere else (for anyone). */}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
