import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/use-document-title'
import './not-found-page.css'

export function NotFoundPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('notFound.title'))
  return (
    <section className="container page page-center" data-testid="not-found-page">
      <p className="not-found-code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('common.toHome')}
      </Link>
    </section>
  )
}
