//! The shell around every page: header, footer, the app-level dialogs and the toaster.
import { Suspense, lazy, useEffect } from 'react'
import { useAtomValue } from 'jotai'
import { withAllTexts } from '../lib/i18n'
import { currentUserAtom, needsPhoneAtom } from '../lib/session'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { CookieBanner } from '../features/cookie-consent/cookie-banner'
import { PageSpinner } from '../components/spinner'
import { WhenNear } from '../components/when-near'
import { loadSettings } from '../lib/settings'
import { Header, isAdminPath } from './header'
import { LazyInstallHelp, LazyLoginDialog, LazyToaster } from './lazy-parts'
import { SiteLanguage } from './site-language'
import './root-layout.css'
import './shell-layout.css'

/** Below the first screen: loaded, with the texts beyond the shell's, when the page is scrolled
 * near it (`WhenNear`). */
const Footer = lazy(withAllTexts(() => import('./footer').then((m) => ({ default: m.Footer }))))

/** The new user's welcome and complete-profile modals: loaded once somebody is signed in. */
const OnboardingModals = lazy(() => import('../features/onboarding/onboarding-modals').then((m) => ({ default: m.OnboardingModals })))

/** Loaded only for an account that must confirm its phone: nobody else's first load carries it. */
const PhoneBanner = lazy(withAllTexts(() => import('../features/phone/phone-banner').then((m) => ({ default: m.PhoneBanner }))))

function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
    // Settings are cached for 5 minutes; navigation is a good moment to refresh a stale copy.
    void loadSettings()
  }, [pathname])
  return null
}

export function RootLayout() {
  const { t } = useTranslation()
  const needsPhone = useAtomValue(needsPhoneAtom)
  const { pathname } = useLocation()
  const signedIn = useAtomValue(currentUserAtom) !== null
  return (
    <div className="app-shell">
      <ScrollToTop />
      <SiteLanguage />
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      {needsPhone && !isAdminPath(pathname) && (
        <Suspense fallback={null}>
          <PhoneBanner />
        </Suspense>
      )}
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <WhenNear>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </WhenNear>
      <LazyLoginDialog />
      <LazyInstallHelp />
      {signedIn && (
        <Suspense fallback={null}>
          <OnboardingModals />
        </Suspense>
      )}
      <CookieBanner />
      <LazyToaster />
    </div>
  )
}
