//! The payment pages' answer for an order that is not the visitor's or does not exist (an unknown
//! id looks the same as another user's order): a way back to /topup.
import { Search } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import './empty-state.css'

export function OrderNotFound({ testId }: { testId: string }) {
  const { t } = useTranslation()
  return (
    <section className="container page page-center" data-testid={testId}>
      <span className="empty-icon" aria-hidden="true">
        <Search aria-hidden="true" />
      </span>
      <h1>{t('demoPay.notFound')}</h1>
      <p className="muted">{t('demoPay.notFoundText')}</p>
      <Link to="/topup" className="btn btn-primary">
        {t('demoPay.back')}
      </Link>
    </section>
  )
}
