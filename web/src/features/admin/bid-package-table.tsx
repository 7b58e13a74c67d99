//! Upcoming bid-package auctions with their pre-bid counts. Each row is joined on the socket, so
//! a pre-bid raises its count at once; an auction that starts leaves the table.
import { Gift } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuctionImage } from '../../components/auction-image'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import { StartCountdown } from '../../components/timers'
import type { Auction } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { auctionPath } from '../../lib/slug'
import { useAuctionList, useWatchAuctions } from '../../lib/use-auctions'

/** Upcoming bid packages by start time. */
export function bidPackageRows(upcoming: readonly Auction[]): Auction[] {
  return upcoming.filter((auction) => auction.isBidPackage).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))
}

export function BidPackageTable() {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const { data } = useAuctionList()
  const rows = useMemo(() => bidPackageRows(data?.upcoming ?? []), [data])
  useWatchAuctions(rows.map((auction) => auction.id))
  return (
    <section className="card" data-testid="bid-package-table">
      <h2 className="card-title"><Gift aria-hidden="true" /> {t('admin.packages.title')}</h2>
      {rows.length === 0 ? (
        <EmptyState icon={Gift}>{t('admin.packages.empty')}</EmptyState>
      ) : (
        <StackTable
          columns={[
            t('admin.columns.title'),
            t('admin.packages.bids'),
            t('admin.columns.retailPrice'),
            t('admin.columns.startTime'),
            t('admin.packages.prebids'),
          ]}
        >
          {rows.map((auction) => (
            <tr key={auction.id} data-testid={`package-row-${auction.id}`}>
              <td className="cell-title">
                <span className="title-with-thumb">
                  <AuctionImage src={auction.imageUrl} alt={auction.title} className="thumb thumb-small" />
                  <Link to={auctionPath(auction)} data-user-content>
                    {auction.title}
                  </Link>
                </span>
              </td>
              <td data-label={t('admin.packages.bids')}>{auction.bidPackageBids ?? '—'}</td>
              <td data-label={t('admin.columns.retailPrice')}>{money(auction.retailPrice)}</td>
              <td data-label={t('admin.columns.startTime')}>
                <span className="stack-cell">
                  {formatDateTime(auction.startTime, i18n.language)}
                  <StartCountdown auction={auction} />
                </span>
              </td>
              <td data-label={t('admin.packages.prebids')}>
                <strong data-testid="package-prebids">{auction.prebidsCount}</strong>
              </td>
            </tr>
          ))}
        </StackTable>
      )}
    </section>
  )
}
