import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { GAP, pageItems, pageWindow } from '../lib/pagination'
import './pagination.css'

interface Props {
  page: number
  total: number
  onChange: (page: number) => void
  testId?: string
  /** `window`: first / previous / up to 5 numbers / next / last (client-side lists); `gaps`:
   * previous / the first, last and nearby numbers with `…` / next (long server-paged lists). */
  variant?: 'window' | 'gaps'
}

/** Page buttons and "page N of M". */
export function Pagination({ page, total, onChange, testId = 'pagination', variant = 'window' }: Props) {
  const { t } = useTranslation()
  if (total <= 1) return null
  const go = (target: number) => () => onChange(target)
  const number = (value: number) => (
    <button
      key={value}
      type="button"
      className={`page-button${value === page ? ' is-current' : ''}`}
      onClick={go(value)}
      aria-current={value === page ? 'page' : undefined}
      aria-label={t('pagination.page', { page: value })}
    >
      {value}
    </button>
  )
  if (variant === 'gaps') {
    return (
      <nav className="pagination" aria-label={t('pagination.label')} data-testid={testId}>
        <div className="pagination-buttons">
          <button type="button" className="page-button" onClick={go(page - 1)} disabled={page === 1} aria-label={t('pagination.prev')}>
            <ChevronLeft aria-hidden="true" />
          </button>
          {pageItems(page, total).map((item, index) =>
            item === GAP ? (
              <span key={`gap-${index}`} className="page-gap" aria-hidden="true">
                …
              </span>
            ) : (
              number(item)
            ),
          )}
          <button type="button" className="page-button" onClick={go(page + 1)} disabled={page === total} aria-label={t('pagination.next')}>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
        <p className="muted small">{t('pagination.pageOf', { page, total })}</p>
      </nav>
    )
  }
  return (
    <nav className="pagination" aria-label={t('pagination.label')} data-testid={testId}>
      <div className="pagination-buttons">
        <button type="button" className="page-button" onClick={go(1)} disabled={page === 1} aria-label={t('pagination.first')}>
          <ChevronsLeft aria-hidden="true" />
        </button>
        <button type="button" className="page-button" onClick={go(page - 1)} disabled={page === 1} aria-label={t('pagination.prev')}>
          <ChevronLeft aria-hidden="true" />
        </button>
        {pageWindow(page, total).map(number)}
        <button type="button" className="page-button" onClick={go(page + 1)} disabled={page === total} aria-label={t('pagination.next')}>
          <ChevronRight aria-hidden="true" />
        </button>
        <button type="button" className="page-button" onClick={go(total)} disabled={page === total} aria-label={t('pagination.last')}>
          <ChevronsRight aria-hidden="true" />
        </button>
      </div>
      <p className="muted small">{t('pagination.pageOf', { page, total })}</p>
    </nav>
  )
}
