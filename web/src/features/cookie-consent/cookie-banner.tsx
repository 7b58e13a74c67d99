//! Asks for cookie consent 2 s after load when none is stored.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BANNER_DELAY_MS, consentForCustom, readConsent, saveConsent } from './consent-storage'
import type { ConsentValue, CookiePreferences } from './consent-storage'
import { CookieSettingsDialog } from './cookie-settings-dialog'

export function CookieBanner() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)

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
        ×
      </button>
      <div className="cookie-text">
        <h2>🍪 {t('cookies.title')}</h2>
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
      <CookieSettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        onSave={(preferences) => decide(consentForCustom(preferences), preferences)}
      />
    </section>
  )
}
