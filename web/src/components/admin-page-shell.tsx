//! The frame of every admin page: its title and optional subtitle (the document title says
//! "Admin: <title>"), the admin navigation, then the page's own content.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../lib/use-document-title'
import { AdminNav } from './admin-nav'
import './page-header.css'

interface Props {
  title: string
  subtitle?: string
  /** The page's `data-testid`. */
  testId: string
  children: ReactNode
}

export function AdminPageShell({ title, subtitle, testId, children }: Props) {
  const { t } = useTranslation()
  useDocumentTitle(t('common.documentTitle.admin', { page: title }))
  return (
    <div className="container page" data-testid={testId}>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {subtitle && <p className="page-subtitle">{subtitle}</p>}
      </header>
      <AdminNav />
      {children}
    </div>
  )
}
