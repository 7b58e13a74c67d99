import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/empty-state'
import { formatDateTime, formatMoney } from '../../lib/format'
import { settingsAtom } from '../../lib/settings'
import type { AuctionRef, AuctionStatus, UserBid, UserPrebid } from '../../lib/types'

function AuctionLink({ auction, fallbackId }: { auction?: AuctionRef | null; fallbackId?: number }) {
  const id = auction?.id ?? fallbackId
  if (id === undefined) return <span>—</span>
  // Bid-history links use the id (spec section 2); the detail page accepts either.
  return <Link to={`/auction/${auction?.slug ?? id}`}>{auction?.title ?? `#${id}`}</Link>
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
                <AuctionLink auction={bid.auction} fallbackId={bid.auctionId} />
                {bid.isBot && bid.botName && <span className="muted small block">{t('bidHistory.bot', { name: bid.botName })}</span>}
              </td>
              <td>{formatMoney(bid.amount, currencySymbol)}</td>
              <td>
                {bid.bidStatus ? (
                  <span className={`badge badge-bid-${bid.bidStatus}`} data-testid="bid-status">
                    {t(`bidHistory.bidStatus.${bid.bidStatus}`)}
                  </span>
                ) : bid.auction ? (
                  <StatusBadge status={bid.auction.status} />
                ) : (
                  '—'
                )}
              </td>
              <td>{formatDateTime(bid.createdAt, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function StatusBadge({ status }: { status: AuctionStatus }) {
  const { t } = useTranslation()
  return <span className={`badge badge-${status}`}>{t(`auction.status.${status}`)}</span>
}

/** A pre-bid waits while its auction is upcoming, became a bid once live, and is done after. */
function prebidState(status: AuctionStatus | undefined): AuctionStatus {
  return status === 'upcoming' || status === 'live' ? status : 'finished'
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
            const state = prebidState(prebid.auction?.status)
            return (
              <tr key={prebid.id}>
                <td>{prebid.id}</td>
                <td>
                  <AuctionLink auction={prebid.auction} fallbackId={prebid.auctionId} />
                </td>
                <td>
                  <span className={`badge badge-${state}`}>{t(`bidHistory.prebidStatus.${state}`)}</span>
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
