import { useAtomValue } from 'jotai'
import { Copy } from 'lucide-react'
import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { AuctionImage } from '../../components/auction-image'
import { PageHeader } from '../../components/page-header'
import { useAuctionPanels } from '../../components/auction-panels'
import { LazyWatchStar } from '../../components/lazy-watch-star'
import type { Auction, Bid } from '../../lib/api-types'
import { withAllTexts } from '../../lib/i18n'
import { currentUserAtom } from '../../lib/session'
import { useToast } from '../../lib/toast'
import { BidHistoryList } from './bid-history-list'
import { KindBadges } from './kind-badges'
import { StatusBadge } from './status-badge'
import { StatusPanel } from './status-panel'
import { ProductDetails } from './product-details'
import './auction-detail.css'

// The auto-bidder is for signed-in users and not part of the first screen: loaded after it.
// A finished auction's honest numbers and public record: not part of a live page's first visit.
const HonestNumbersBlock = lazy(withAllTexts(() => import('../../components/honest-numbers').then((m) => ({ default: m.HonestNumbersBlock }))))
const AuctionRecord = lazy(withAllTexts(() => import('../../components/auction-record').then((m) => ({ default: m.AuctionRecord }))))
const KindHints = lazy(() => import('./kind-hints').then((m) => ({ default: m.KindHints })))

function CopyDisplayId({ displayId }: { displayId: string }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(displayId)
      toast({ title: t('auction.copied'), description: t('auction.copiedText', { id: displayId }) })
    } catch {
      toast({ title: t('common.error'), description: displayId, variant: 'destructive' })
    }
  }
  return (
    // The name says what the button does and includes the number it shows (WCAG 2.5.3).
    <button type="button" className="chip" onClick={() => void copy()} title={t('auction.copyId')} data-testid="copy-display-id">
      <span className="sr-only">{t('auction.copyId')}: </span>
      <span>{displayId}</span> <Copy aria-hidden="true" />
    </button>
  )
}

export function AuctionDetail({ auction, bids }: { auction: Auction; bids: Bid[] }) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const { Autobid, BuyNow } = useAuctionPanels()
  return (
    <div className="container page" data-testid="auction-detail">
      <PageHeader title={auction.title} userTitle backButton>
        <div className="detail-meta">
          <StatusBadge auction={auction} />
          <CopyDisplayId displayId={auction.displayId} />
          <LazyWatchStar auction={auction} variant="labeled" />
        </div>
      </PageHeader>
      {/* The side column comes first: on a phone the price, countdown and bid button lead the page;
          from 900 px the grid puts it back beside the image. */}
      <div className="detail-layout">
        <div className="detail-side">
          <StatusPanel auction={auction} bids={bids} />
          {/* Every auction's page says its house rule (and any other kind), as its card does. */}
          <Suspense fallback={<KindBadges auction={auction} />}>
            <KindHints auction={auction} />
          </Suspense>
          {Autobid && user && auction.status !== 'finished' && (
            <Suspense fallback={null}>
              <Autobid auction={auction} bids={bids} />
            </Suspense>
          )}
          {BuyNow && user && auction.status === 'finished' && auction.buyNowStock !== null && user.id !== auction.winner?.id && (
            <Suspense fallback={null}>
              <BuyNow auction={auction} />
            </Suspense>
          )}
          {auction.status === 'finished' && (
            <Suspense fallback={null}>
              {auction.honestNumbers && <HonestNumbersBlock numbers={auction.honestNumbers} winnerIsBot={auction.winner?.isBot ?? false} />}
              <AuctionRecord auctionId={auction.id} />
            </Suspense>
          )}
          {auction.status !== 'upcoming' && <BidHistoryList bids={bids} />}
        </div>
        <div className="detail-main">
          <div className="card detail-media">
            <AuctionImage src={auction.imageUrl} alt={auction.title} />
          </div>
          {auction.description && (
            <section className="card">
              <h2 className="card-title">{t('auction.description')}</h2>
              <p className="pre-line" data-user-content>
                {auction.description}
              </p>
            </section>
          )}
          <ProductDetails auction={auction} />
        </div>
      </div>
    </div>
  )
}
