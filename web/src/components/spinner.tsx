import { useTranslation } from 'react-i18next'
import './spinner.css'

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <span className="spinner" role="status" aria-label={label ?? t('common.loading')}>
      <span className="spinner-ring" aria-hidden="true" />
    </span>
  )
}

/** A spinner centred in the page area (route loading, auth check). */
export function PageSpinner() {
  return (
    <div className="page-spinner" data-testid="page-spinner">
      <Spinner />
    </div>
  )
}
