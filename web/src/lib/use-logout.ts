//! Logging out from the app's menus and from the profile's "log out everywhere": this browser's
//! push subscription leaves the account, the session ends, a toast says so, and the user is taken
//! to the home page.
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { logoutAtom } from './session'
import { useToast } from './toast'

/** How long logging out waits for this browser's push device to be removed. */
export const FORGET_PUSH_WAIT_MS = 3_000

/**
 * Removes this browser's push device from the account while the session still holds (a device
 * left there would get the account's notices after the logout). Its module loads only here and on
 * the profile, never with the first screen; only where the browser has push; a failure, or no
 * answer within `FORGET_PUSH_WAIT_MS`, does not hold the logout up.
 */
export function forgetPushDevice(wait = FORGET_PUSH_WAIT_MS): Promise<void> {
  if (typeof window === 'undefined' || !('PushManager' in window)) return Promise.resolve()
  const forget = import('./push-device').then((push) => push.forgetThisDevice()).catch(() => undefined)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, wait)))
  return Promise.race([forget, late]).finally(() => clearTimeout(timer))
}

/** Removes this browser's push device, runs `end`, then says `titleKey` and returns to the home page. */
export function useEndSession(end: () => Promise<void>, titleKey: string) {
  const navigate = useNavigate()
  const { toast } = useToast()
  const { t } = useTranslation()
  return useCallback(async () => {
    await forgetPushDevice()
    await end()
    toast({ title: t(titleKey) })
    void navigate('/')
  }, [end, navigate, toast, t, titleKey])
}

/** Logs out (a failed request still forgets the user here), says so, and returns home. */
export function useLogout() {
  const logout = useSetAtom(logoutAtom)
  const end = useCallback(() => logout().catch(() => undefined), [logout])
  return useEndSession(end, 'auth.logoutSuccess')
}
