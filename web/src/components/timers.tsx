//! Countdowns computed from the server's deadline and clock, never decremented locally. A paused
//! auction (`Auction.paused`) shows the time it had left, frozen, until it resumes.
import { Pause } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Auction } from '../lib/api-types'
import { msUntil, useServerNow } from '../lib/clock'
import { formatTimer } from '../lib/format'
import './timers.css'

export const URGENT_MS = 5000
/** Remaining times a screen reader hears about, longest first: once each, never every second. */
export const ANNOUNCE_AT_MS = [10_000, 5_000] as const

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

/** The threshold of `ANNOUNCE_AT_MS` (in seconds) a running countdown has last crossed, or null
 * above the first one, at the end and while paused: the text of the polite region changes only
 * when a threshold is crossed, so a reader is told twice per countdown, not every second. */
export function countdownAnnouncement({ left, paused }: Pick<LiveCountdown, 'left' | 'paused'>): number | null {
  if (paused || left <= 0) return null
  const crossed = ANNOUNCE_AT_MS.filter((threshold) => left <= threshold).at(-1)
  return crossed === undefined ? null : crossed / 1000
}

interface LiveTimerProps {
  auction: Auction
  large?: boolean
  /** Tells screen readers, politely, when the time left crosses `ANNOUNCE_AT_MS`: for the one
   * timer a page is about, never for a list of them. */
  announce?: boolean
}

export function LiveTimer({ auction, large = false, announce = false }: LiveTimerProps) {
  const { t } = useTranslation()
  const now = useServerNow()
  const countdown = liveCountdown(auction, now)
  const { left, paused, urgent } = countdown
  const look = paused ? ' timer-paused' : urgent ? ' is-urgent' : ''
  const seconds = announce ? countdownAnnouncement(countdown) : null
  return (
    <>
      <span
        className={`timer${look}${large ? ' timer-large' : ''}`}
        role="timer"
        aria-live="off"
        data-testid="live-timer"
        title={paused ? t('auction.paused') : undefined}
      >
        {paused && (
          <>
            <Pause aria-hidden="true" />
            <span className="sr-only">{t('auction.paused')}: </span>
          </>
        )}
        {formatTimer(left)}
      </span>
      {announce && (
        <span className="sr-only" aria-live="polite" data-testid="timer-announcement">
          {seconds === null ? '' : t('auction.secondsLeft', { seconds })}
        </span>
      )}
    </>
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
