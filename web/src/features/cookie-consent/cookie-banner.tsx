//! Asks for cookie consent 2 s after load when none is stored.
import { Cookie, X } from 'lucide-react'
import { Suspense, lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BANNER_DELAY_MS, consentForCustom, readConsent, saveConsent } from './consent-storage'
import type { ConsentValue, CookiePreferences } from './consent-storage'
import './cookie-consent.css'
import './cookie-banner-link.css'
import { withAllTexts } from '../../lib/i18n'
import { useLatch } from '../../lib/use-latch'

/** Loaded when first opened: Radix Dialog is not part of the first page load. */
const CookieSettingsDialog = lazy(
  withAllTexts(() => import('./cookie-settings-dialog').then((m) => ({ default: m.CookieSettingsDialog }))),
)

export function CookieBanner() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const settingsWanted = useLatch(settingsOpen)

  useEffect(() => {
    if (readConsent()) return
    const timer = setTimeout(() => setVisible(true), BANNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  const decide = (value: ConsentValue, preferences?: CookiePreferences) => {
    saveConsent(value, preferences)
    setVisible(false)
    setSettingsOpen(false)
    if (value === 'accepted' && !preferences) window.location.reload()
  }

  if (!visible) return null

  return (
    <section className="cookie-banner" role="region" aria-label={t('cookies.title')} data-testid="cookie-banner">
      <button type="button" className="icon-button cookie-close" aria-label={t('cookies.reject')} onClick={() => decide('rejected')} data-testid="cookie-reject">
        <X aria-hidden="true" />
      </button>
      <div className="cookie-text">
        <h2><Cookie aria-hidden="true" /> {t('cookies.title')}</h2>
        <p>
          {t('cookies.text')} <Link to="/privacy-policy">{t('privacy.title')}</Link>
        </p>
      </div>
      <div className="cookie-actions">
        <button type="button" className="btn btn-ghost" onClick={() => setSettingsOpen(true)} data-testid="cookie-settings">
          {t('cookies.settings')}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => decide('necessary-only')} data-testid="cookie-necessary">
          {t('cookies.necessaryOnly')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => decide('accepted')} data-testid="cookie-accept-all">
          {t('cookies.acceptAll')}
        </button>
      </div>
      {settingsWanted && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            onSave={(preferences) => decide(consentForCustom(preferences), preferences)}
          />
        </Suspense>
      )}
    </section>
  )
}
