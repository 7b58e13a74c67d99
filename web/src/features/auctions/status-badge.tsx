//! An auction's status badge; a paused live auction shows "paused" instead of its urgency.
import { Pause } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Auction } from '../../lib/api-types'

/** `dot` marks a running live auction with "●" (the cards do). */
export function StatusBadge({ auction, className = '', dot = false }: { auction: Auction; className?: string; dot?: boolean }) {
  const { t } = useTranslation()
  const extra = className ? ` ${className}` : ''
  if (auction.status === 'live' && auction.paused) {
    return (
      <span className={`badge badge-paused${extra}`} data-testid="paused-badge">
        <Pause aria-hidden="true" /> {t('auction.paused')}
      </span>
    )
  }
  return (
    <span className={`badge badge-${auction.status}${extra}`}>
      {dot && auction.status === 'live' && <span aria-hidden="true">● </span>}
      {t(`auction.status.${auction.status}`)}
    </span>
  )
}
