//! The panel that changes with the auction's state: start countdown and pre-bid; live timer and
//! bid (while paused, the reason and the frozen timer); winner or no-bids message, and for the
//! signed-in winner the "you won" panel with the next step.
import { PauseIcon, Trophy } from 'lucide-react'
import { useAtomValue } from 'jotai'
import { Suspense, lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BotBadge } from '../../components/bot-badge'
import type { Auction, Bid, Pause } from '../../lib/api-types'
import { bidderName, leaderIsBot, winnerIsBot, winnerName } from '../../lib/bots'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { currentUserAtom } from '../../lib/session'
import { BidButton, PrebidButton } from './bid-buttons'
import { LiveTimer, StartCountdown } from '../../components/timers'
import { usePrebidIds } from './use-prebid-ids'
import { YouWonPanel, useWonByMe } from './you-won-panel'
import './auction-detail.css'

// Shown after the first screen (the catalogue's answer, a lost lead): loaded with every text.
const BidPriceNote = lazy(() => import('./auction-notes').then((m) => ({ default: m.BidPriceNote })))
const OutbidAlert = lazy(() => import('./auction-notes').then((m) => ({ default: m.OutbidAlert })))

function Upcoming({ auction }: { auction: Auction }) {
  const { t, i18n } = useTranslation()
  const prebids = usePrebidIds()
  return (
    <>
      <p className="label">{t('auction.startsIn')}</p>
      <p className="timer-large-wrap">
        <StartCountdown auction={auction} />
      </p>
      <p className="muted small">
        {t('auction.startsAt')}: {formatDateTime(auction.startTime, i18n.language)} · {t('auction.prebids')}: {auction.prebidsCount}
      </p>
      <PrebidButton auction={auction} done={prebids.has(auction.id)} large />
      <Suspense fallback={null}>
        <BidPriceNote />
      </Suspense>
    </>
  )
}

/** Why bids are refused and when they come back (the server resumes on its own). */
function PauseNotice({ pause }: { pause: Pause }) {
  const { t } = useTranslation()
  return (
    <p className="notice notice-paused" role="status" data-testid="pause-notice">
      <PauseIcon aria-hidden="true" />
      {t(`auction.pausedNotice.${pause.reason}`)}
    </p>
  )
}

/** Whether the lead just passed from `me` to someone else (the page says "you were outbid"). */
export function outbidNow(before: string | null, now: string | null, me: string | null): boolean {
  return me !== null && before === me && now !== null && now !== me
}

/** Whether the signed-in user, watching the page, lost the lead and has not taken it back: the
 * page says so (the bell stays quiet for someone watching), and phones that allow it vibrate. */
function useOutbid(leader: string | null): boolean {
  const me = useAtomValue(currentUserAtom)?.username ?? null
  // The leader of the previous render, kept in state (React's pattern for "what changed").
  const [before, setBefore] = useState(leader)
  const [outbid, setOutbid] = useState(false)
  if (leader !== before) {
    setBefore(leader)
    if (outbidNow(before, leader, me)) setOutbid(true)
    else if (leader === me) setOutbid(false)
  }
  useEffect(() => {
    if (outbid && document.visibilityState === 'visible' && 'vibrate' in navigator) navigator.vibrate(200)
  }, [outbid])
  return outbid && leader !== me
}

function Live({ auction }: { auction: Auction }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  const outbid = useOutbid(auction.lastBidder)
  return (
    <>
      {auction.paused && <PauseNotice pause={auction.paused} />}
      {outbid && (
        <Suspense fallback={null}>
          <OutbidAlert />
        </Suspense>
      )}
      <div className="live-panel-row">
        <div>
          <p className="label">{t('auction.currentPrice')}</p>
          <p className="price price-large" data-testid="current-price">
            {money(auction.currentPrice)}
          </p>
        </div>
        <div className="right">
          <p className="label">{t('auction.timeLeft')}</p>
          <LiveTimer auction={auction} large announce />
        </div>
      </div>
      <p className="muted small">
        {t('auction.lastBidder')}: <strong data-testid="leader-name" data-user-content={auction.lastBidder ? true : undefined}>
          {auction.lastBidder ?? t('auction.noBidder')}
        </strong>
        {leaderIsBot(auction) && <BotBadge />}
      </p>
      <BidButton auction={auction} large />
      <p className="muted small center">{t('auction.bidCostNote')}</p>
      <Suspense fallback={null}>
        <BidPriceNote />
      </Suspense>
    </>
  )
}

function Finished({ auction, bids }: { auction: Auction; bids: Bid[] }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const first = bids[0]
  const winner = auction.winner ? winnerName(auction.winner) : first ? bidderName(first) : null
  const amount = auction.winningBid?.amount ?? first?.amount ?? null
  const mine = useWonByMe(auction)
  if (mine) return <YouWonPanel auction={auction} />
  if (!winner || amount === null) {
    return <p className="notice" data-testid="no-bids">{t('auction.noBids')}</p>
  }
  return (
    <div className="winner-panel" data-testid="winner-panel">
      <span className="winner-trophy" aria-hidden="true">
        <Trophy aria-hidden="true" />
      </span>
      <p className="label">{t('auction.winner')}</p>
      <p className="winner-username" data-testid="winner-name">
        <span data-user-content>{winner}</span>
        {winnerIsBot(auction, bids) && <BotBadge />}
      </p>
      <p className="label">{t('auction.winningAmount')}</p>
      <p className="price price-large">{money(amount)}</p>
      {auction.endTime && (
        <p className="muted small">
          {t('auction.endedAt')}: {formatDateTime(auction.endTime, i18n.language)}
        </p>
      )}
    </div>
  )
}

export function StatusPanel({ auction, bids }: { auction: Auction; bids: Bid[] }) {
  return (
    <section className={`card status-panel status-${auction.status}`} data-testid="status-panel">
      {auction.status === 'upcoming' && <Upcoming auction={auction} />}
      {auction.status === 'live' && <Live auction={auction} />}
      {auction.status === 'finished' && <Finished auction={auction} bids={bids} />}
    </section>
  )
}
