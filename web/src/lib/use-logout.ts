//! Logging out from the app's menus and from the profile's "log out everywhere": the session ends,
//! a toast says so, and the user is taken to the home page.
import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { logoutAtom } from './session'
import { useToast } from './toast'

/** Runs `end`, then says `titleKey` and returns to the home page. */
export function useEndSession(end: () => Promise<void>, titleKey: string) {
  const navigate = useNavigate()
  const { toast } = useToast()
  const { t } = useTranslation()
  return useCallback(async () => {
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
