import { Calendar } from 'lucide-react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Pagination } from '../../components/pagination'
import { PageSpinner } from '../../components/spinner'
import { clampPage, pageCount, pageSlice } from '../../lib/pagination'
import { useAuctionList } from '../../lib/use-auctions'
import { UpcomingAuctionCard } from './auction-cards'
import { LiveSection } from './home-sections'
import { usePrebidIds } from './use-prebid-ids'
import { useDocumentTitle } from '../../lib/use-document-title'
import './auction-cards.css'
import './home.css'

export const UPCOMING_PER_PAGE = 12

export function AuctionsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auctions.title'))
  const { status, data } = useAuctionList()
  const prebids = usePrebidIds()
  const [params, setParams] = useSearchParams()

  const upcoming = useMemo(
    () => [...(data?.upcoming ?? [])].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime)),
    [data?.upcoming],
  )
  const total = pageCount(upcoming.length, UPCOMING_PER_PAGE)
  const page = clampPage(Number(params.get('page') ?? '1'), total)

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) })
    window.scrollTo({ top: 0 })
  }

  return (
    <div className="container page" data-testid="auctions-page">
      <PageHeader title={t('auctions.title')} subtitle={t('auctions.subtitle')} />
      {status === 'loading' && <PageSpinner />}
      {status === 'error' && <p className="notice notice-error">{t('common.loadFailed')}</p>}
      <LiveSection auctions={data?.live ?? []} title={t('auctions.liveTitle')} />
      <section className="home-section" aria-labelledby="upcoming-list-title" data-testid="upcoming-list">
        <h2 id="upcoming-list-title" className="section-title">
          <Calendar aria-hidden="true" /> {t('auctions.upcomingTitle')}
        </h2>
        {status !== 'loading' && upcoming.length === 0 ? (
          <EmptyState icon={Calendar} testId="upcoming-empty">
            {t('auctions.empty')}
          </EmptyState>
        ) : (
          <div className="auction-grid">
            {pageSlice(upcoming, page, UPCOMING_PER_PAGE).map((auction) => (
              <UpcomingAuctionCard key={auction.id} auction={auction} prebid={prebids.has(auction.id)} />
            ))}
          </div>
        )}
        <Pagination page={page} total={total} onChange={goTo} />
      </section>
    </div>
  )
}
