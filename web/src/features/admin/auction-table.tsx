//! Active and upcoming auctions for admins: live first, then upcoming by start time; paged here.
import { useAtomValue } from 'jotai'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuctionImage } from '../../components/auction-image'
import { EmptyState } from '../../components/empty-state'
import { Pagination } from '../../components/pagination'
import { Spinner } from '../../components/spinner'
import type { Auction } from '../../lib/api-types'
import { formatDateTime, formatMoney } from '../../lib/format'
import { clampPage, pageCount, pageRange, pageSlice } from '../../lib/pagination'
import { settingsAtom } from '../../lib/settings'
import { auctionPath } from '../../lib/slug'
import { useAuctionList } from '../../lib/use-auctions'

export const ADMIN_AUCTIONS_PER_PAGE = 10

/** Live auctions first, then upcoming ones by start time ascending; finished ones are hidden. */
export function adminAuctionOrder(live: Auction[], upcoming: Auction[]): Auction[] {
  const byStart = (a: Auction, b: Auction) => Date.parse(a.startTime) - Date.parse(b.startTime)
  return [...live, ...[...upcoming].sort(byStart)]
}

export function AuctionTable() {
  const { t, i18n } = useTranslation()
  const { currencySymbol } = useAtomValue(settingsAtom)
  const { status, data } = useAuctionList()
  const [requestedPage, setPage] = useState(1)
  const rows = useMemo(() => adminAuctionOrder(data?.live ?? [], data?.upcoming ?? []), [data])
  const total = pageCount(rows.length, ADMIN_AUCTIONS_PER_PAGE)
  const page = clampPage(requestedPage, total)
  const { from, to } = pageRange(page, ADMIN_AUCTIONS_PER_PAGE, rows.length)

  return (
    <section className="card section-gap" data-testid="admin-auction-table">
      <h2 className="card-title">{t('admin.auctionsTitle')}</h2>
      {status === 'loading' && <Spinner />}
      {status !== 'loading' && rows.length === 0 && <EmptyState icon="🔨">{t('admin.empty')}</EmptyState>}
      {rows.length > 0 && (
        <>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.columns.image')}</th>
                  <th scope="col">{t('admin.columns.title')}</th>
                  <th scope="col">{t('admin.columns.status')}</th>
                  <th scope="col">{t('admin.columns.currentPrice')}</th>
                  <th scope="col">{t('admin.columns.retailPrice')}</th>
                  <th scope="col">{t('admin.columns.startTime')}</th>
                </tr>
              </thead>
              <tbody>
                {pageSlice(rows, page, ADMIN_AUCTIONS_PER_PAGE).map((auction) => (
                  <tr key={auction.id}>
                    <td>
                      <AuctionImage src={auction.imageUrl} alt={auction.title} className="thumb" />
                    </td>
                    <td>
                      <Link to={auctionPath(auction)}>{auction.title}</Link>
                      <span className="muted small block">{auction.displayId}</span>
                    </td>
                    <td>
                      <span className={`badge badge-${auction.status}`}>{t(`auction.status.${auction.status}`)}</span>
                    </td>
                    <td>{formatMoney(auction.currentPrice, currencySymbol)}</td>
                    <td>{formatMoney(auction.retailPrice, currencySymbol)}</td>
                    <td>{formatDateTime(auction.startTime, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted small" data-testid="admin-shown">
            {t('admin.shown', { from, to, total: rows.length })}
          </p>
          <Pagination page={page} total={total} onChange={setPage} />
        </>
      )}
    </section>
  )
}
