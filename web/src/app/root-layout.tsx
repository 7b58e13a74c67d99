//! The shell around every page: header, footer, the app-level dialogs and the toaster.
import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { CookieBanner } from '../features/cookie-consent/cookie-banner'
import { OnboardingModals } from '../features/onboarding/onboarding-modals'
import { PageSpinner } from '../components/spinner'
import { loadSettings } from '../lib/settings'
import { Footer } from './footer'
import { Header } from './header'
import { LazyLoginDialog, LazyToaster } from './lazy-parts'
import { SiteLanguage } from './site-language'
import './root-layout.css'
import './shell-layout.css'

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
  return (
    <div className="app-shell">
      <ScrollToTop />
      <SiteLanguage />
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <LazyLoginDialog />
      <OnboardingModals />
      <CookieBanner />
      <LazyToaster />
    </div>
  )
}
