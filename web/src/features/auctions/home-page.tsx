import { useAtomValue } from 'jotai'
import { Suspense, lazy, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import { PageSpinner } from '../../components/spinner'
import { currentUserAtom } from '../../lib/session'
import { useAuctionList } from '../../lib/use-auctions'
import { WhenNear } from '../../components/when-near'
import { HomeCounters } from './home-counters'
import { LiveSection, SpecialOffers, UpcomingSection } from './home-sections'
import { PromoHero } from './promo-hero'
import { useDocumentTitle } from '../../lib/use-document-title'
import './home.css'

/** The side column: below the lists on a phone, so loaded when the page is scrolled near it. */
const HomeSide = lazy(() => import('./home-aside').then((m) => ({ default: m.HomeSide })))

export function HomePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('home.heading'))
  const user = useAtomValue(currentUserAtom)
  // Deferred: the page's big render when the lists arrive (and on each change) runs in slices
  // that a slow phone's main thread can interleave with input, rather than as one long task.
  const { status, data } = useDeferredValue(useAuctionList())
  const live = data?.live ?? []
  const upcoming = data?.upcoming ?? []
  const finished = data?.finished ?? []

  return (
    <div className="home" data-testid="home-page">
      <PromoHero upcoming={upcoming} live={live} />
      <div className="container home-layout">
        <div className="home-main">
          <HomeCounters live={live} upcoming={upcoming} finished={finished} />
          {status === 'loading' && <PageSpinner />}
          {status === 'error' && <p className="notice notice-error">{t('common.loadFailed')}</p>}
          <SpecialOffers auctions={[...live, ...upcoming].filter((auction) => auction.isBidPackage)} />
          <LiveSection auctions={live} />
          <UpcomingSection auctions={upcoming.filter((auction) => !auction.isBidPackage)} />
        </div>
        <aside className="home-side">
          <WhenNear>
            <Suspense fallback={null}>
              <HomeSide signedIn={user !== null} finished={finished} />
            </Suspense>
          </WhenNear>
        </aside>
      </div>
    </div>
  )
}
