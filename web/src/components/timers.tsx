//! Countdowns computed from the server's deadline and clock, never decremented locally.
import { useTranslation } from 'react-i18next'
import type { Auction } from '../lib/api-types'
import { msUntil, useServerNow } from '../lib/clock'
import { formatTimer } from '../lib/format'

export const URGENT_MS = 5000

export function LiveTimer({ auction, large = false }: { auction: Auction; large?: boolean }) {
  const now = useServerNow()
  const left = msUntil(auction.endsAt, now)
  const urgent = left <= URGENT_MS
  return (
    <span className={`timer${urgent ? ' is-urgent' : ''}${large ? ' timer-large' : ''}`} role="timer" data-testid="live-timer">
      {formatTimer(left)}
    </span>
  )
}

export function StartCountdown({ auction }: { auction: Auction }) {
  const { t } = useTranslation()
  const now = useServerNow()
  return (
    <span className="timer timer-muted" role="timer">
      <span className="sr-only">{t('auction.startsIn')}: </span>
      {formatTimer(msUntil(auction.startTime, now))}
    </span>
  )
}
