//! Countdowns computed from the server's deadline and clock, never decremented locally. A paused
//! auction (`Auction.paused`) shows the time it had left, frozen, until it resumes.
import { useTranslation } from 'react-i18next'
import type { Auction } from '../lib/api-types'
import { msUntil, useServerNow } from '../lib/clock'
import { formatTimer } from '../lib/format'

export const URGENT_MS = 5000

/** What a live countdown shows at `now`. */
export interface LiveCountdown {
  /** Milliseconds left: the frozen remainder while paused, else the time to the deadline. */
  left: number
  paused: boolean
  /** Red and pulsing: close to the deadline and running. */
  urgent: boolean
}

export function liveCountdown(auction: Auction, now: number): LiveCountdown {
  if (auction.paused) return { left: auction.paused.remainingMs, paused: true, urgent: false }
  const left = msUntil(auction.endsAt, now)
  return { left, paused: false, urgent: left <= URGENT_MS }
}

export function LiveTimer({ auction, large = false }: { auction: Auction; large?: boolean }) {
  const { t } = useTranslation()
  const now = useServerNow()
  const { left, paused, urgent } = liveCountdown(auction, now)
  const look = paused ? ' timer-paused' : urgent ? ' is-urgent' : ''
  return (
    <span className={`timer${look}${large ? ' timer-large' : ''}`} role="timer" data-testid="live-timer" title={paused ? t('auction.paused') : undefined}>
      {paused && (
        <>
          <span aria-hidden="true">⏸ </span>
          <span className="sr-only">{t('auction.paused')}: </span>
        </>
      )}
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
