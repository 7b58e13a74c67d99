import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BotBadge } from '../../components/bot-badge'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import type { AuctionRef, AuctionStatus, UserBid, UserPrebid } from '../../lib/api-types'
import { formatDateTime, formatMoney } from '../../lib/format'
import { settingsAtom } from '../../lib/settings'

function AuctionLink({ auction }: { auction: Pick<AuctionRef, 'id' | 'title' | 'slug'> }) {
  return <Link to={`/auction/${auction.slug || auction.id}`}>{auction.title || `#${auction.id}`}</Link>
}

function AuctionStatusBadge({ status }: { status: AuctionStatus }) {
  const { t } = useTranslation()
  return (
    <span className={`badge badge-${status}`} data-testid="auction-status">
      {t(`auction.status.${status}`)}
    </span>
  )
}

/** A pre-bid's badge: waiting for the start, became a bid (a success), did not, or over. */
function prebidBadge({ status, converted }: UserPrebid): { label: string; tone: string } {
  if (status === 'upcoming') return { label: 'upcoming', tone: 'badge-upcoming' }
  if (status === 'finished') return { label: 'finished', tone: 'badge-finished' }
  return converted ? { label: 'live', tone: 'badge-success' } : { label: 'notConverted', tone: 'badge-finished' }
}

export function BidsTable({ bids }: { bids: UserBid[] }) {
  const { t, i18n } = useTranslation()
  const { currencySymbol } = useAtomValue(settingsAtom)
  if (bids.length === 0) return <EmptyState testId="bids-empty">{t('bidHistory.bidsEmpty')}</EmptyState>
  // On a phone (under 640 px) each bid is a card: the auction on top, then "label: value" rows.
  return (
    <StackTable columns={['#', t('bidHistory.auction'), t('bidHistory.amount'), t('bidHistory.status'), t('bidHistory.date')]} testId="bids-table">
      {bids.map((bid) => (
        <tr key={bid.id}>
          <td data-label="#">{bid.id}</td>
          <td className="cell-title">
            <AuctionLink auction={bid.auction} /> <AuctionStatusBadge status={bid.auction.status} />
            {bid.auction.buyNowUntil && (
              <Link to={`/auction/${bid.auction.slug || bid.auction.id}`} className="small block" data-testid="bid-buy-now">
                {t('bidHistory.buyNow', { date: formatDateTime(bid.auction.buyNowUntil, i18n.language) })}
              </Link>
            )}
            {bid.isBot && (
              <span className="muted small block">
                {bid.botName && t('bidHistory.bot', { name: bid.botName })}
                <BotBadge />
              </span>
            )}
          </td>
          <td data-label={t('bidHistory.amount')}>{formatMoney(bid.amount, currencySymbol)}</td>
          <td data-label={t('bidHistory.status')}>
            <span className={`badge badge-bid-${bid.bidStatus}`} data-testid="bid-status">
              {t(`bidHistory.bidStatus.${bid.bidStatus}`)}
            </span>
          </td>
          <td data-label={t('bidHistory.date')}>{formatDateTime(bid.createdAt, i18n.language)}</td>
        </tr>
      ))}
    </StackTable>
  )
}

export function PrebidsTable({ prebids }: { prebids: UserPrebid[] }) {
  const { t, i18n } = useTranslation()
  if (prebids.length === 0) return <EmptyState testId="prebids-empty">{t('bidHistory.prebidsEmpty')}</EmptyState>
  return (
    <StackTable columns={['#', t('bidHistory.auction'), t('bidHistory.status'), t('bidHistory.date')]} testId="prebids-table">
      {prebids.map((prebid) => {
        const badge = prebidBadge(prebid)
        return (
          <tr key={prebid.id}>
            <td data-label="#">{prebid.id}</td>
            <td className="cell-title">
              <AuctionLink auction={prebid.auction} />
            </td>
            <td data-label={t('bidHistory.status')}>
              <span className={`badge ${badge.tone}`} data-testid="prebid-status">
                {t(`bidHistory.prebidStatus.${badge.label}`)}
              </span>
            </td>
            <td data-label={t('bidHistory.date')}>{formatDateTime(prebid.createdAt, i18n.language)}</td>
          </tr>
        )
      })}
    </StackTable>
  )
}
