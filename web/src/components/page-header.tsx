//! Breadcrumb, title and subtitle at the top of a page.
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import './page-header.css'

interface Props {
  title: string
  /** The title is someone's words (an auction's title), shown as typed in any language. */
  userTitle?: boolean
  subtitle?: string
  backButton?: boolean
  children?: ReactNode
}

export function PageHeader({ title, userTitle, subtitle, backButton, children }: Props) {
  const { t } = useTranslation()
  const mark = userTitle ? { 'data-user-content': true } : {}
  return (
    <header className="page-header">
      <div className="page-header-top">
        {backButton && (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => window.history.back()} data-testid="back-button">
            <ArrowLeft aria-hidden="true" /> {t('common.back')}
          </button>
        )}
        <nav aria-label={t('common.breadcrumb')} className="breadcrumb">
          <Link to="/">{t('common.breadcrumbHome')}</Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page" {...mark}>
            {title}
          </span>
        </nav>
      </div>
      <h1 className="page-title" {...mark}>
        {title}
      </h1>
      {subtitle && <p className="page-subtitle">{subtitle}</p>}
      {children}
    </header>
  )
}
