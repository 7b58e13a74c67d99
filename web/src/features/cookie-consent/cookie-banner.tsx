//! Asks for cookie consent 2 s after load when none is stored, in a slim bar at the bottom.
import { Cookie, X } from 'lucide-react'
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
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
  const bar = useRef<HTMLElement>(null)
  const [visible, setVisible] = useState(false)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const settingsWanted = useLatch(settingsOpen)

  useEffect(() => {
    if (readConsent()) return
    const timer = setTimeout(() => setVisible(true), BANNER_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  // While the bar shows, the page gets bottom padding of its height, so its end stays reachable.
  useEffect(() => {
    const element = bar.current
    if (!visible || !element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty('--cookie-bar-room', `${element.offsetHeight}px`))
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--cookie-bar-room')
    }
  }, [visible])

  const decide = (value: ConsentValue, preferences?: CookiePreferences) => {
    saveConsent(value, preferences)
    setVisible(false)
    setSettingsOpen(false)
    if (value === 'accepted' && !preferences) window.location.reload()
  }

  if (!visible) return null

  // A slim bar: one line of text and the buttons (two short lines on a phone, where the privacy
  // policy is a link in the settings dialog instead), so it never covers what a visitor came for.
  return (
    <section className="cookie-banner" role="region" aria-label={t('cookies.title')} data-testid="cookie-banner" ref={bar}>
      <p className="cookie-text">
        <Cookie aria-hidden="true" className="cookie-icon" />
        <span>
          {t('cookies.title')}.{' '}
          <span className="cookie-more">
            <Link to="/privacy-policy">{t('cookies.more')}</Link> ·{' '}
          </span>
          <button type="button" className="link-button" onClick={() => setSettingsOpen(true)} data-testid="cookie-settings">
            {t('cookies.settings')}
          </button>
        </span>
      </p>
      <div className="cookie-actions">
        <button type="button" className="btn btn-outline btn-small" onClick={() => decide('necessary-only')} data-testid="cookie-necessary">
          {t('cookies.necessaryOnly')}
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={() => decide('accepted')} data-testid="cookie-accept-all">
          {t('cookies.acceptAll')}
        </button>
      </div>
      <button type="button" className="icon-button cookie-close" aria-label={t('cookies.reject')} title={t('cookies.reject')} onClick={() => decide('rejected')} data-testid="cookie-reject">
        <X aria-hidden="true" />
      </button>
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
