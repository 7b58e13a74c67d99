//! The user's bids on /bid-history, one entry per auction (issue 22): the auction, where the user
//! stands, the price their bids took it to, and a native disclosure ("12 bids · last …") that
//! opens the list of those bids. The first auction starts open, the others closed; ten auctions a
//! page.
import { ChevronDown } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BotBadge } from '../../components/bot-badge'
import { EmptyState } from '../../components/empty-state'
import { Pagination } from '../../components/pagination'
import type { UserBid } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { clampPage, pageCount, pageSlice } from '../../lib/pagination'
import { type BidGroup, groupBidsByAuction } from './bid-groups'
import { AuctionLink, AuctionStatusBadge } from './history-tables'
import './bid-group-list.css'

/** Auctions shown per page. */
export const GROUPS_PER_PAGE = 10

function BidLine({ bid }: { bid: UserBid }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  return (
    <li className="bid-line" data-testid="bid-line">
      <strong className="bid-line-amount">{money(bid.amount)}</strong>
      <time dateTime={bid.createdAt}>{formatDateTime(bid.createdAt, i18n.language)}</time>
      <span className="muted">#{bid.id}</span>
      {bid.isPrebid && (
        <span className="badge badge-upcoming" data-testid="bid-prebid">
          {t('auction.prebidTag')}
        </span>
      )}
      {bid.isBot && (
        <span className="muted">
          {bid.botName && t('bidHistory.bot', { name: bid.botName })}
          <BotBadge />
        </span>
      )}
    </li>
  )
}

function BidGroupItem({ group, initiallyOpen }: { group: BidGroup; initiallyOpen: boolean }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const [open, setOpen] = useState(initiallyOpen)
  const { auction } = group
  return (
    <li className="bid-group" data-testid="bid-group">
      <div className="bid-group-head">
        <div className="bid-group-title">
          <AuctionLink auction={auction} /> <AuctionStatusBadge status={auction.status} />{' '}
          <span className={`badge badge-bid-${group.standing}`} data-testid="bid-status">
            {t(`bidHistory.bidStatus.${group.standing}`)}
          </span>
        </div>
        <p className="bid-group-price">
          <span className="muted small">{t('bidHistory.amount')}</span>{' '}
          <strong data-testid="bid-group-price">{money(group.highest)}</strong>
        </p>
      </div>
      {auction.buyNowUntil && (
        <Link to={`/auction/${auction.slug || auction.id}`} className="small block" data-testid="bid-buy-now">
          {t('bidHistory.buyNow', { date: formatDateTime(auction.buyNowUntil, i18n.language) })}
        </Link>
      )}
      <details className="bid-group-details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary data-testid="bid-group-toggle">
          <ChevronDown aria-hidden="true" className="bid-group-chevron" />
          {t('bidHistory.groupBids', { count: group.bids.length })} ·{' '}
          {t('bidHistory.lastBidAt', { date: formatDateTime(group.last.createdAt, i18n.language) })}
        </summary>
        <ul className="bid-lines" data-testid="bid-group-bids">
          {group.bids.map((bid) => (
            <BidLine key={bid.id} bid={bid} />
          ))}
        </ul>
      </details>
    </li>
  )
}

/** The bids grouped by auction, ten auctions a page (the first of the first page open). */
export function BidGroupList({ bids }: { bids: UserBid[] }) {
  const { t } = useTranslation()
  const [wanted, setPage] = useState(1)
  const list = useRef<HTMLOListElement>(null)
  if (bids.length === 0) return <EmptyState testId="bids-empty">{t('bidHistory.bidsEmpty')}</EmptyState>
  const groups = groupBidsByAuction(bids)
  const total = pageCount(groups.length, GROUPS_PER_PAGE)
  const page = clampPage(wanted, total)
  // The buttons are below the list: the next page is read from its top.
  const goTo = (next: number) => {
    setPage(next)
    list.current?.scrollIntoView({ block: 'start' })
  }
  return (
    <>
      <ol className="bid-groups" data-testid="bid-groups" ref={list}>
        {pageSlice(groups, page, GROUPS_PER_PAGE).map((group, index) => (
          <BidGroupItem key={group.auction.id} group={group} initiallyOpen={page === 1 && index === 0} />
        ))}
      </ol>
      <Pagination page={page} total={total} onChange={goTo} testId="bid-groups-pagination" />
    </>
  )
}
