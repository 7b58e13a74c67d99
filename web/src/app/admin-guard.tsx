//! Admin pages: a spinner while the session loads, then non-admins go to `/`.
import { useAtomValue } from 'jotai'
import { Navigate, Outlet } from 'react-router'
import { PageSpinner } from '../components/spinner'
import { authStatusAtom, isAdminAtom } from '../lib/session'

export function AdminGuard() {
  const status = useAtomValue(authStatusAtom)
  const isAdmin = useAtomValue(isAdminAtom)
  if (status === 'loading') return <PageSpinner />
  if (!isAdmin) return <Navigate to="/" replace />
  return <Outlet />
}
