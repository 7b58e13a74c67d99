//! The profile's watched auctions (docs/rules/watchlist.md, "Watchlist"): the latest star first, each
//! with its status, its start, price or end, and its star to put it out; a page at a time. The
//! hash `#watchlist` scrolls to it.
import { useQuery } from '@tanstack/react-query'
import { Star } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { EmptyState } from '../../components/empty-state'
import { Pagination } from '../../components/pagination'
import { Spinner } from '../../components/spinner'
import { WatchStar } from '../../components/watch-star'
import type { Auction } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { userWatchlistQuery } from '../../lib/queries'
import { auctionPath } from '../../lib/slug'

/** What matters now about a watched auction: when it starts, its price, or when it ended. */
function WatchedFact({ auction }: { auction: Auction }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  if (auction.status === 'upcoming') return <>{t('profile.watchStarts', { date: formatDateTime(auction.startTime, i18n.language) })}</>
  if (auction.status === 'live') return <>{t('profile.watchPrice', { price: money(auction.currentPrice) })}</>
  return <>{t('profile.watchEnded', { date: formatDateTime(auction.endTime ?? auction.startTime, i18n.language) })}</>
}

export function WatchlistCard() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const { data, isPending } = useQuery(userWatchlistQuery(page))
  const auctions = data?.auctions ?? []
  const pages = data?.totalPages ?? 1
  const { hash } = useLocation()
  const ref = useRef<HTMLElement>(null)

  // The last star of the last page put out: show the page before it (set while rendering, as
  // React allows for state that follows an answer).
  if (page > pages) setPage(pages)
  useEffect(() => {
    if (hash === '#watchlist' && data) ref.current?.scrollIntoView({ block: 'start' })
  }, [hash, data])

  return (
    <section className="card" id="watchlist" ref={ref} data-testid="watchlist-card" aria-labelledby="watchlist-title">
      <h2 className="card-title" id="watchlist-title">
        <Star aria-hidden="true" /> {t('profile.watchTitle')} <span className="badge">{data?.total ?? 0}</span>
      </h2>
      {isPending && <Spinner />}
      {!isPending && auctions.length === 0 && <EmptyState icon={Star}>{t('profile.watchEmpty')}</EmptyState>}
      <ul className="won-list">
        {auctions.map((auction) => (
          <li key={auction.id} className="won-item" data-testid="watched-auction">
            {auction.imageUrl ? <img src={auction.imageUrl} alt="" className="thumb" loading="lazy" /> : <span className="thumb" />}
            <div className="won-text">
              <Link to={auctionPath(auction)} data-user-content>
                {auction.title}
              </Link>
              <span className="muted small">
                <span className={`badge badge-${auction.status}`} data-testid="watched-status">
                  {t(`auction.status.${auction.status}`)}
                </span>{' '}
                <WatchedFact auction={auction} />
              </span>
            </div>
            <WatchStar auction={auction} />
          </li>
        ))}
      </ul>
      <Pagination page={page} total={pages} onChange={setPage} testId="watchlist-pagination" />
    </section>
  )
}
