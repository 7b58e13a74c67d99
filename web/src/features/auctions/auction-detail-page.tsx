import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageSpinner } from '../../components/spinner'
import { useAuctionDetail } from '../../lib/use-auctions'
import { AuctionDetail } from './auction-detail'

export function AuctionDetailPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const { status, auction, bids } = useAuctionDetail(slug)

  if (status === 'notFound' || (status === 'error' && !auction)) {
    return (
      <section className="container page page-center" data-testid="auction-not-found">
        <span className="empty-icon" aria-hidden="true">
          🔍
        </span>
        <h1>{status === 'notFound' ? t('auction.notFoundTitle') : t('common.loadFailed')}</h1>
        <p className="muted">{t('auction.notFoundText')}</p>
        <Link to="/" className="btn btn-primary">
          {t('common.toHome')}
        </Link>
      </section>
    )
  }
  if (!auction) return <PageSpinner />
  return <AuctionDetail auction={auction} bids={bids} />
}
