//! What a logged-out visitor sees on a page that needs an account.
import { ArrowLeft, Lock } from 'lucide-react'
import { useSetAtom } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { openLoginDialogAtom } from '../lib/dialogs'
import './empty-state.css'

interface Props {
  title: string
  message: string
  action: 'home' | 'back'
}

export function LoginRequired({ title, message, action }: Props) {
  const { t } = useTranslation()
  const openLogin = useSetAtom(openLoginDialogAtom)
  return (
    <section className="container page page-center" data-testid="login-required">
      <span className="empty-icon">
        <Lock aria-hidden="true" />
      </span>
      <h1>{title}</h1>
      <p className="muted">{message}</p>
      <div className="button-row">
        {action === 'home' ? (
          <Link to="/" className="btn btn-outline">
            {t('common.toHome')}
          </Link>
        ) : (
          <button type="button" className="btn btn-outline" onClick={() => window.history.back()}>
            <ArrowLeft aria-hidden="true" /> {t('common.back')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={() => openLogin('login')}>
          {t('nav.login')}
        </button>
      </div>
    </section>
  )
}
