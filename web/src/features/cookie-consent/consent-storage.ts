//! The visitor's cookie choice in localStorage: `cookie-consent` (accepted | necessary-only |
//! rejected) and `cookie-preferences` (JSON flags).

export const CONSENT_KEY = 'cookie-consent'
export const PREFERENCES_KEY = 'cookie-preferences'
export const BANNER_DELAY_MS = 2000

export type ConsentValue = 'accepted' | 'necessary-only' | 'rejected'

export interface CookiePreferences {
  necessary: boolean
  analytics: boolean
  marketing: boolean
  functional: boolean
}

export function preferencesFor(value: ConsentValue): CookiePreferences {
  const all = value === 'accepted'
  return { necessary: true, analytics: all, marketing: all, functional: all }
}

export function readConsent(): ConsentValue | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY)
    return value === 'accepted' || value === 'necessary-only' || value === 'rejected' ? value : null
  } catch {
    return null
  }
}

export function saveConsent(value: ConsentValue, preferences: CookiePreferences = preferencesFor(value)) {
  try {
    localStorage.setItem(CONSENT_KEY, value)
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ ...preferences, necessary: true }))
  } catch {
    // Storage refused: the banner will ask again next visit.
  }
}

/** Forgets the choice so the banner asks again (footer "cookie settings"). */
export function clearCookieConsent() {
  try {
    localStorage.removeItem(CONSENT_KEY)
    localStorage.removeItem(PREFERENCES_KEY)
  } catch {
    // Nothing stored.
  }
}

/** The stored value for a custom choice from the settings dialog. */
export function consentForCustom(preferences: CookiePreferences): ConsentValue {
  return preferences.analytics || preferences.functional || preferences.marketing ? 'accepted' : 'necessary-only'
}
