//! The shell around every page: header, footer, the app-level dialogs and the toaster.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { CookieBanner } from '../features/cookie-consent/cookie-banner'
import { LoginDialog } from '../features/auth/login-dialog'
import { OnboardingModals } from '../features/onboarding/onboarding-modals'
import { loadSettings } from '../lib/settings'
import { Footer } from './footer'
import { Header } from './header'
import { SiteLanguage } from './site-language'
import { Toaster } from './toaster'

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
        <Outlet />
      </main>
      <Footer />
      <LoginDialog />
      <OnboardingModals />
      <CookieBanner />
      <Toaster />
    </div>
  )
}
