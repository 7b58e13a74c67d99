import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { PageSpinner } from '../../components/spinner'
import type { AuthTab } from '../../lib/dialogs'
import { authStatusAtom, currentUserAtom } from '../../lib/session'
import { AuthTabs } from './auth-tabs'
import { useDocumentTitle } from '../../lib/use-document-title'

export function LoginPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.pageTitle'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)
  const navigate = useNavigate()
  const [tab, setTab] = useState<AuthTab>('login')

  if (status === 'loading') return <PageSpinner />
  if (user) return <Navigate to="/" replace />

  return (
    <section className="container page page-narrow" data-testid="login-page">
      <div className="card">
        <h1 className="card-title">{t('auth.pageTitle')}</h1>
        <AuthTabs tab={tab} onTabChange={setTab} onSuccess={() => void navigate('/')} />
      </div>
    </section>
  )
}
