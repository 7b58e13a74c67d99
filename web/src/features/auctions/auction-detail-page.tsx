import { Search } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../lib/toast'
import { useAuctionDetail } from '../../lib/use-auctions'
import { useDocumentTitle } from '../../lib/use-document-title'
import { AuctionDetail } from './auction-detail'
import '../../components/empty-state.css'

export function AuctionDetailPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const { status, auction, bids } = useAuctionDetail(slug)
  const navigate = useNavigate()
  const { toast } = useToast()
  const missing = status === 'notFound' || status === 'deleted' || (status === 'error' && !auction)
  useDocumentTitle(
    missing ? t('auction.notFoundTitle') : auction ? t('common.documentTitle.auction', { title: auction.title }) : t('auctions.title'),
  )

  // Deleted while shown (the socket's `deleted`, or a 404 after it was loaded): say so, go home.
  useEffect(() => {
    if (status !== 'deleted') return
    toast({ title: t('auction.deletedTitle'), description: t('auction.deletedText'), variant: 'destructive' })
    void navigate('/', { replace: true })
  }, [status, toast, t, navigate])

  if (missing) {
    return (
      <section className="container page page-center" data-testid="auction-not-found">
        <span className="empty-icon" aria-hidden="true">
          <Search aria-hidden="true" />
        </span>
        <h1>{status === 'error' ? t('common.loadFailed') : t('auction.notFoundTitle')}</h1>
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
