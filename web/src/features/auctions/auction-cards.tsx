import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuctionImage } from '../../components/auction-image'
import { BotBadge } from '../../components/bot-badge'
import type { Auction } from '../../lib/api-types'
import { leaderIsBot } from '../../lib/bots'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { auctionPath } from '../../lib/slug'
import { BidButton, PrebidButton } from './bid-buttons'
import { KindBadges } from './kind-badges'
import { StatusBadge } from './status-badge'
import { LazyWatchStar } from '../../components/lazy-watch-star'
import { LiveTimer, StartCountdown } from '../../components/timers'
import './auction-cards.css'

export function LiveAuctionCard({ auction }: { auction: Auction }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <article className="card auction-card" data-testid="live-auction-card">
      <Link to={auctionPath(auction)} className="auction-card-media">
        <AuctionImage src={auction.imageUrl} alt={auction.title} />
        <StatusBadge auction={auction} className="auction-card-badge" dot />
      </Link>
      <LazyWatchStar auction={auction} className="auction-card-star" />
      <div className="auction-card-body">
        <h3 className="auction-card-title">
          <Link to={auctionPath(auction)} data-user-content>
            {auction.title}
          </Link>
        </h3>
        <KindBadges auction={auction} />
        <div className="auction-card-row">
          <div>
            <span className="label">{t('auction.currentPrice')}</span>
            <strong className="price">{money(auction.currentPrice)}</strong>
          </div>
          <LiveTimer auction={auction} />
        </div>
        <p className="muted small">
          {t('auction.lastBidder')}: <strong data-user-content={auction.lastBidder ? true : undefined}>{auction.lastBidder ?? t('auction.noBidder')}</strong>
          {leaderIsBot(auction) && <BotBadge />}
        </p>
        <BidButton auction={auction} />
      </div>
    </article>
  )
}

export function UpcomingAuctionCard({ auction, prebid }: { auction: Auction; prebid: boolean }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  return (
    <article className="card auction-card" data-testid="upcoming-auction-card">
      <Link to={auctionPath(auction)} className="auction-card-media">
        <AuctionImage src={auction.imageUrl} alt={auction.title} />
        <span className="badge badge-upcoming auction-card-badge">{t('auction.status.upcoming')}</span>
        {prebid && <span className="badge badge-success auction-card-mark">
            <Check aria-hidden="true" /> {t('auctions.prebidMarked')}
          </span>}
      </Link>
      <LazyWatchStar auction={auction} className="auction-card-star" />
      <div className="auction-card-body">
        <h3 className="auction-card-title">
          <Link to={auctionPath(auction)} data-user-content>
            {auction.title}
          </Link>
        </h3>
        <KindBadges auction={auction} />
        <div className="auction-card-row">
          <div>
            <span className="label">{auction.isBidPackage ? t('auction.bidPackage') : t('auction.retailPrice')}</span>
            <strong className="price">
              {auction.isBidPackage && auction.bidPackageBids
                ? t('auction.packageBids', { count: auction.bidPackageBids })
                : money(auction.retailPrice)}
            </strong>
          </div>
          <StartCountdown auction={auction} />
        </div>
        <p className="muted small">
          {t('auction.startsAt')}: {formatDateTime(auction.startTime, i18n.language)}
        </p>
        <PrebidButton auction={auction} done={prebid} />
      </div>
    </article>
  )
}
