import { useTranslation } from 'react-i18next'
import { pageWindow } from '../lib/pagination'

interface Props {
  page: number
  total: number
  onChange: (page: number) => void
  testId?: string
}

/** First / previous / up to 5 numbers / next / last, and "page N of M". */
export function Pagination({ page, total, onChange, testId = 'pagination' }: Props) {
  const { t } = useTranslation()
  if (total <= 1) return null
  const go = (target: number) => () => onChange(target)
  return (
    <nav className="pagination" aria-label={t('pagination.label')} data-testid={testId}>
      <div className="pagination-buttons">
        <button type="button" className="page-button" onClick={go(1)} disabled={page === 1} aria-label={t('pagination.first')}>
          «
        </button>
        <button type="button" className="page-button" onClick={go(page - 1)} disabled={page === 1} aria-label={t('pagination.prev')}>
          ‹
        </button>
        {pageWindow(page, total).map((number) => (
          <button
            key={number}
            type="button"
            className={`page-button${number === page ? ' is-current' : ''}`}
            onClick={go(number)}
            aria-current={number === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: number })}
          >
            {number}
          </button>
        ))}
        <button type="button" className="page-button" onClick={go(page + 1)} disabled={page === total} aria-label={t('pagination.next')}>
          ›
        </button>
        <button type="button" className="page-button" onClick={go(total)} disabled={page === total} aria-label={t('pagination.last')}>
          »
        </button>
      </div>
      <p className="muted small">{t('pagination.pageOf', { page, total })}</p>
    </nav>
  )
}
