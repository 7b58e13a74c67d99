import { ArrowRight, Calendar, Flame, Gift, Hourglass } from 'lucide-react'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../components/empty-state'
import type { Auction } from '../../lib/api-types'
import { connectionAtom } from '../../lib/realtime'
import { LiveAuctionCard, UpcomingAuctionCard } from './auction-cards'
import { usePrebidIds } from './use-prebid-ids'
import './auction-cards.css'
import './home.css'

export const SPECIAL_OFFERS_SHOWN = 4
export const HOME_UPCOMING_INITIAL = 9
export const HOME_UPCOMING_STEP = 3

function AuctionCard({ auction, prebids }: { auction: Auction; prebids: Set<number> }) {
  return auction.status === 'live' ? <LiveAuctionCard auction={auction} /> : <UpcomingAuctionCard auction={auction} prebid={prebids.has(auction.id)} />
}

export function SpecialOffers({ auctions }: { auctions: Auction[] }) {
  const { t } = useTranslation()
  const prebids = usePrebidIds()
  if (auctions.length === 0) return null
  return (
    <section className="home-section" aria-labelledby="offers-title">
      <div className="section-head">
        <div>
          <h2 id="offers-title" className="section-title"><Gift aria-hidden="true" /> {t('home.specialOffers')}</h2>
          <p className="muted">{t('home.specialOffersText')}</p>
        </div>
        {auctions.length > SPECIAL_OFFERS_SHOWN && (
          <Link to="/auctions" className="btn btn-ghost">
            {t('home.allPackages')} <ArrowRight aria-hidden="true" />
          </Link>
        )}
      </div>
      <div className="auction-grid">
        {auctions.slice(0, SPECIAL_OFFERS_SHOWN).map((auction) => (
          <AuctionCard key={auction.id} auction={auction} prebids={prebids} />
        ))}
      </div>
    </section>
  )
}

export function ConnectionIndicator() {
  const { t } = useTranslation()
  const connection = useAtomValue(connectionAtom)
  return (
    <span className={`connection is-${connection}`} data-testid="connection-indicator" aria-live="polite">
      <span className="connection-dot" aria-hidden="true" />
      {connection === 'connected' ? t('home.connected') : t('home.disconnected')}
    </span>
  )
}

export function LiveSection({ auctions, title }: { auctions: Auction[]; title?: string }) {
  const { t } = useTranslation()
  return (
    <section className="home-section" aria-labelledby="live-title" data-testid="live-section">
      <div className="section-head">
        <h2 id="live-title" className="section-title">
          <Flame aria-hidden="true" /> {title ?? t('home.liveTitle')}
        </h2>
        <ConnectionIndicator />
      </div>
      {auctions.length === 0 ? (
        <EmptyState icon={Hourglass}>{t('home.noLive')}</EmptyState>
      ) : (
        <div className="auction-grid">
          {auctions.map((auction) => (
            <LiveAuctionCard key={auction.id} auction={auction} />
          ))}
        </div>
      )}
    </section>
  )
}

export function UpcomingSection({ auctions }: { auctions: Auction[] }) {
  const { t } = useTranslation()
  const prebids = usePrebidIds()
  const [shown, setShown] = useState(HOME_UPCOMING_INITIAL)
  return (
    <section className="home-section" aria-labelledby="upcoming-title" data-testid="upcoming-section">
      <div className="section-head">
        <h2 id="upcoming-title" className="section-title">
          <Calendar aria-hidden="true" /> {t('home.upcomingTitle')}
        </h2>
        <Link to="/auctions" className="btn btn-ghost">
          {t('common.viewAll')} <ArrowRight aria-hidden="true" />
        </Link>
      </div>
      {auctions.length === 0 ? (
        <EmptyState icon={Calendar}>{t('home.noUpcoming')}</EmptyState>
      ) : (
        <div className="auction-grid">
          {auctions.slice(0, shown).map((auction) => (
            <UpcomingAuctionCard key={auction.id} auction={auction} prebid={prebids.has(auction.id)} />
          ))}
        </div>
      )}
      {auctions.length > shown && (
        <p className="center">
          <button type="button" className="btn btn-outline" onClick={() => setShown(shown + HOME_UPCOMING_STEP)} data-testid="show-more">
            {t('common.showMore')}
          </button>
        </p>
      )}
    </section>
  )
}
