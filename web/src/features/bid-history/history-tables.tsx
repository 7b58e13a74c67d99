import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BotBadge } from '../../components/bot-badge'
import { EmptyState } from '../../components/empty-state'
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
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('bidHistory.auction')}</th>
            <th scope="col">{t('bidHistory.amount')}</th>
            <th scope="col">{t('bidHistory.status')}</th>
            <th scope="col">{t('bidHistory.date')}</th>
          </tr>
        </thead>
        <tbody>
          {bids.map((bid) => (
            <tr key={bid.id}>
              <td>{bid.id}</td>
              <td>
                <AuctionLink auction={bid.auction} /> <AuctionStatusBadge status={bid.auction.status} />
                {bid.isBot && (
                  <span className="muted small block">
                    {bid.botName && t('bidHistory.bot', { name: bid.botName })}
                    <BotBadge />
                  </span>
                )}
              </td>
              <td>{formatMoney(bid.amount, currencySymbol)}</td>
              <td>
                <span className={`badge badge-bid-${bid.bidStatus}`} data-testid="bid-status">
                  {t(`bidHistory.bidStatus.${bid.bidStatus}`)}
                </span>
              </td>
              <td>{formatDateTime(bid.createdAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function PrebidsTable({ prebids }: { prebids: UserPrebid[] }) {
  const { t, i18n } = useTranslation()
  if (prebids.length === 0) return <EmptyState testId="prebids-empty">{t('bidHistory.prebidsEmpty')}</EmptyState>
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('bidHistory.auction')}</th>
            <th scope="col">{t('bidHistory.status')}</th>
            <th scope="col">{t('bidHistory.date')}</th>
          </tr>
        </thead>
        <tbody>
          {prebids.map((prebid) => {
            const badge = prebidBadge(prebid)
            return (
              <tr key={prebid.id}>
                <td>{prebid.id}</td>
                <td>
                  <AuctionLink auction={prebid.auction} />
                </td>
                <td>
                  <span className={`badge ${badge.tone}`} data-testid="prebid-status">
                    {t(`bidHistory.prebidStatus.${badge.label}`)}
                  </span>
                </td>
                <td>{formatDateTime(prebid.createdAt, i18n.language)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
