//! Every route of spec section 2. The layout is eager; each page is its own lazy chunk, shown by
//! the layout's Suspense (the admin section's routes are one more, admin-routes.tsx, and so are
//! the payment pages', pay-routes.tsx). The
//! declarative router (`<BrowserRouter>`, `<Routes>`) rather than the data router: the app uses no
//! loaders or actions, and the data router's code would be half of react-router's weight in the
//! first load (the bundle budget, scripts/budget.mjs). Navigation runs in a transition, so the
//! page on screen stays until the next one's chunk has loaded. The first page's chunk loads with
//! the app (`preloadPage`, main.tsx): it renders at once, without a spinner in between.
import { BrowserRouter, Route, Routes, matchPath } from 'react-router'
import { paymentPackagesQuery } from '../lib/queries'
import { queryClient } from '../lib/query-client'
import { watchAuction, watchAuctionList } from '../lib/realtime'
import { page } from './lazy-page'
import { RootLayout } from './root-layout'

const HomePage = page(() => import('../features/auctions/home-page'), 'HomePage', { shellTexts: true })
const AuctionsPage = page(() => import('../features/auctions/auctions-page'), 'AuctionsPage')
const AuctionDetailPage = page(() => import('../features/auctions/auction-detail-page'), 'AuctionDetailPage', { shellTexts: true })
const FairnessPage = page(() => import('../features/static-pages/fairness-page'), 'FairnessPage')
const HowItWorksPage = page(() => import('../features/static-pages/how-it-works-page'), 'HowItWorksPage')
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage')
const ProfilePage = page(() => import('../features/profile/profile-page'), 'ProfilePage')
const BidHistoryPage = page(() => import('../features/bid-history/bid-history-page'), 'BidHistoryPage')
const NotificationsPage = page(() => import('../features/notifications/notifications-page'), 'NotificationsPage')
const TopupPage = page(() => import('../features/topup/topup-page'), 'TopupPage')
const SupportPage = page(() => import('../features/static-pages/support-page'), 'SupportPage')
const AuctionRulesPage = page(() => import('../features/static-pages/document-pages'), 'AuctionRulesPage')
const PrivacyPolicyPage = page(() => import('../features/static-pages/document-pages'), 'PrivacyPolicyPage')
const TermsPage = page(() => import('../features/static-pages/document-pages'), 'TermsPage')
const VerifyPhonePage = page(() => import('../features/phone/verify-phone-page'), 'VerifyPhonePage')
const WelcomePreviewPage = page(() => import('../features/onboarding/welcome-preview-page'), 'WelcomePreviewPage')
// The admin section and the payment pages each load as one chunk, their pages each a chunk of its
// own in turn.
const AdminRoutes = page(() => import('./admin-routes'), 'AdminRoutes')
const PayRoutes = page(() => import('./pay-routes'), 'PayRoutes')
const NotFoundPage = page(() => import('./not-found-page'), 'NotFoundPage')

/** How long the data a first page's chunk loads with is watched for it (the page watches it too). */
const FIRST_DATA_HOLD_MS = 10_000

interface EntryPage {
  page: { preload: () => Promise<unknown> }
  /** Starts loading the page's data; returns what ends the watch. */
  data?: (params: Record<string, string | undefined>) => () => void
}

/** The pages a visit may start on, for `preloadPage`. */
const ENTRY_PAGES: Record<string, EntryPage> = {
  '/': {
    page: HomePage,
    data: () => {
      void queryClient.prefetchQuery(paymentPackagesQuery())
      return watchAuctionList()
    },
  },
  '/auction/:slug': { page: AuctionDetailPage, data: ({ slug }) => watchAuction(slug ?? '') },
  '/auctions': { page: AuctionsPage, data: () => watchAuctionList() },
}

/**
 * Loads the chunk of the page at `pathname`, if it is one a visit usually starts on, and starts
 * loading its data alongside rather than after the page's first render.
 */
export function preloadPage(pathname: string): Promise<void> {
  // Decoded as the router decodes it, so the slug is the one the page's `useParams` gives.
  let path = pathname
  try {
    path = pathname
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/\//g, '%2F'))
      .join('/')
  } catch {
    // Not valid percent-encoding: the router keeps it as it is too.
  }
  for (const [pattern, entry] of Object.entries(ENTRY_PAGES)) {
    const match = matchPath(pattern, path)
    if (!match) continue
    if (entry.data) setTimeout(entry.data(match.params), FIRST_DATA_HOLD_MS)
    return entry.page.preload().then(() => undefined)
  }
  return Promise.resolve()
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="auctions" element={<AuctionsPage />} />
          <Route path="auction/:slug" element={<AuctionDetailPage />} />
          <Route path="how-it-works" element={<HowItWorksPage />} />
          <Route path="fairness" element={<FairnessPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="bid-history" element={<BidHistoryPage />} />
          <Route path="notifications" element={<NotificationsPage />} />
          <Route path="topup" element={<TopupPage />} />
          <Route path="pay/*" element={<PayRoutes />} />
          <Route path="support" element={<SupportPage />} />
          <Route path="auction-rules" element={<AuctionRulesPage />} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="terms-of-service" element={<TermsPage />} />
          <Route path="welcome-preview" element={<WelcomePreviewPage />} />
          <Route path="verify-phone" element={<VerifyPhonePage />} />
          <Route path="admin/*" element={<AdminRoutes />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  )
}
