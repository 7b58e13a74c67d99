//! Bots in auctions: every live and upcoming auction with its bots, or one auction (chosen in the
//! selector) to manage. Prices, leaders and countdowns come from the realtime atoms; the bots' bid
//! counts are fetched again whenever a bot bids (see `use-bot-lead-refetch.ts`).
import { Bot, Target } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BotBadge } from '../../components/bot-badge'
import { EmptyState } from '../../components/empty-state'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { LiveTimer, StartCountdown } from '../../components/timers'
import { messageOf } from '../../lib/api'
import type { Auction } from '../../lib/api-types'
import { useMoney } from '../../lib/money'
import { adminBotStatusQuery } from '../../lib/queries'
import { AuctionBots } from './auction-bots'

const ALL = 'all'

interface Props {
  /** Live auctions, then upcoming ones (the lists from the socket). */
  auctions: readonly Auction[]
}

export function BotsInAuctionsCard({ auctions }: Props) {
  const { t } = useTranslation()
  const [choice, setChoice] = useState(ALL)
  const selected = auctions.find((auction) => String(auction.id) === choice)
  const options = [
    { value: ALL, label: t('adminBots.allAuctions') },
    ...auctions.map((auction) => ({ value: String(auction.id), label: `${auction.title} · ${t(`auction.status.${auction.status}`)}` })),
  ]
  return (
    <section className="card" data-testid="bots-in-auctions">
      <h2 className="card-title"><Target aria-hidden="true" /> {t('adminBots.inAuctionsTitle')}</h2>
      <div className="field">
        <label htmlFor="bots-auction" className="field-label">
          {t('adminBots.auctionSelector')}
        </label>
        <Select id="bots-auction" value={selected ? choice : ALL} onChange={setChoice} options={options} testId="bots-auction" />
      </div>
      {selected ? (
        <>
          <AuctionLine auction={selected} />
          <AuctionBots auction={selected} />
        </>
      ) : (
        <Overview auctions={auctions} onPick={(id) => setChoice(String(id))} />
      )}
    </section>
  )
}

/** Price, leader (bots marked) and countdown of one auction, live. */
function AuctionLine({ auction }: { auction: Auction }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <p className="auction-line" data-testid={`auction-line-${auction.id}`}>
      <span className={`badge badge-${auction.status}`}>{t(`auction.status.${auction.status}`)}</span>
      {auction.status === 'live' ? <LiveTimer auction={auction} /> : <StartCountdown auction={auction} />}
      <strong>{money(auction.currentPrice)}</strong>
      <span className="muted small">
        <span data-user-content={auction.lastBidder ? true : undefined}>{auction.lastBidder ?? t('auction.noBidder')}</span>
        {auction.lastBidderIsBot && <BotBadge />}
      </span>
    </p>
  )
}

function Overview({ auctions, onPick }: Props & { onPick: (id: number) => void }) {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useQuery(adminBotStatusQuery())
  if (isPending) return <Spinner />
  if (isError) return <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>
  const withBots = data.filter((entry) => entry.bots.length > 0)
  if (withBots.length === 0) return <EmptyState icon={Bot}>{t('adminBots.noAssignments')}</EmptyState>
  return (
    <ul className="bot-overview">
      {withBots.map((entry) => {
        const auction = auctions.find((item) => item.id === entry.auctionId)
        return (
          <li key={entry.auctionId} className="bot-overview-item" data-testid={`bot-status-${entry.auctionId}`}>
            <button type="button" className="link-button" onClick={() => onPick(entry.auctionId)}>
              <span data-user-content>{entry.auctionTitle}</span>
            </button>
            {auction && <AuctionLine auction={auction} />}
            <ul className="chip-list">
              {entry.bots.map((assignment) => (
                <li key={assignment.id} className={`chip${assignment.isActive ? '' : ' is-off'}`}>
                  <Bot aria-hidden="true" />{' '}
                  <span data-user-content>
                    {assignment.bot.firstName} {assignment.bot.lastName}
                  </span>{' '}
                  ·{' '}
                  <span data-testid="status-bids">
                    {t('adminBots.bidsOfLimit', { bids: assignment.currentBids, limit: assignment.bidLimit > 0 ? assignment.bidLimit : t('adminBots.noLimit') })}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        )
      })}
    </ul>
  )
}
