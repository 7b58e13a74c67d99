import { useSetAtom } from 'jotai'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { logoutAtom } from '../lib/session'
import { useToast } from '../lib/toast'

/** Logs out, says so, and returns to the home page. */
export function useLogout() {
  const logout = useSetAtom(logoutAtom)
  const navigate = useNavigate()
  const { toast } = useToast()
  const { t } = useTranslation()
  return useCallback(async () => {
    await logout().catch(() => undefined)
    toast({ title: t('auth.logoutSuccess') })
    void navigate('/')
  }, [logout, navigate, toast, t])
}
