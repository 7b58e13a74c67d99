//! The shell's parts that no first screen shows, each loaded the first time it is wanted: the
//! login dialog, the toaster, the iOS how-to of "Install the app", and the signed-in header's
//! menus. They stay out of the first load (the bundle budget, scripts/budget.mjs) and arrive in a
//! few milliseconds when needed, with the texts beyond the first screen's (`withAllTexts`).
import { useAtomValue } from 'jotai'
import { Suspense, lazy } from 'react'
import { loginDialogAtom } from '../lib/dialogs'
import { installHelpOpenAtom } from '../lib/install-prompt'
import { withAllTexts } from '../lib/i18n'
import type { User } from '../lib/api-types'
import { toastsAtom } from '../lib/toast'
import { useLatch } from '../lib/use-latch'
// The signed-in header's placeholders below wear the menus' own styles until their code arrives.
import './notification-bell.css'
import './user-menu.css'

const LoginDialog = lazy(withAllTexts(() => import('../features/auth/login-dialog').then((m) => ({ default: m.LoginDialog }))))
const Toaster = lazy(withAllTexts(() => import('./toaster').then((m) => ({ default: m.Toaster }))))
const UserMenu = lazy(withAllTexts(() => import('./user-menu').then((m) => ({ default: m.UserMenu }))))
const InstallHelpDialog = lazy(withAllTexts(() => import('./install-help-dialog').then((m) => ({ default: m.InstallHelpDialog }))))
const NotificationBell = lazy(withAllTexts(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell }))))

export function LazyLoginDialog() {
  const wanted = useLatch(useAtomValue(loginDialogAtom).open)
  return wanted ? (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  ) : null
}

export function LazyInstallHelp() {
  const wanted = useLatch(useAtomValue(installHelpOpenAtom))
  return wanted ? (
    <Suspense fallback={null}>
      <InstallHelpDialog />
    </Suspense>
  ) : null
}

export function LazyToaster() {
  const wanted = useLatch(useAtomValue(toastsAtom).length > 0)
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}

export function LazyUserMenu({ user }: { user: User }) {
  return (
    <Suspense fallback={<span className="user-trigger" aria-hidden="true" />}>
      <UserMenu user={user} />
    </Suspense>
  )
}

export function LazyNotificationBell() {
  return (
    <Suspense fallback={<span className="icon-button bell-button" aria-hidden="true" />}>
      <NotificationBell />
    </Suspense>
  )
}
