//! Public site settings from `GET /api/settings`. The answer lives in the query cache
//! (`settingsQuery`, fresh for 5 minutes, spec section 9); `settingsAtom` follows that cache, so
//! readers inside and outside React see the defaults until the first answer, then the last good
//! copy, also while a logout's cache clear is being refilled (the settings are the same for all).
import { matchQuery } from '@tanstack/react-query'
import { atom } from 'jotai'
import type { Settings } from './api-types'
import { BID_STEP, currencyName, formatMoney } from './format'
import i18n, { currentLanguage, setTextVariables } from './i18n'
import { asLanguage } from './languages'
import { queryKeys, settingsQuery } from './queries'
import { queryClient } from './query-client'
import { appStore } from './store'

export const DEFAULT_SETTINGS: Settings = {
  currency: 'сом',
  currencySymbol: 'сом',
  siteName: 'Тыйын',
  language: 'ru',
  headerTagline: '',
  footerDescription: '',
  contactAddress: '',
  contactPhone: '',
  contactEmail: '',
}

const settingsBaseAtom = atom<Settings | null>(null)

/** The settings in force: the server's once loaded, the defaults before. */
export const settingsAtom = atom((get) => get(settingsBaseAtom) ?? DEFAULT_SETTINGS)
export const settingsLoadedAtom = atom((get) => get(settingsBaseAtom) !== null)
/** The site's default language as the app speaks it (Russian when the server names another). */
export const siteLanguageAtom = atom((get) => asLanguage(get(settingsAtom).language))

const settingsFilter = { queryKey: queryKeys.settings, exact: true }

/**
 * Texts that name the bid step (`{{bidStep}}`) show it in the site's currency, as prices do, in
 * the language on screen: again whenever the settings or the language change.
 */
function applyCurrencyToTexts(settings: Settings) {
  const lang = currentLanguage()
  setTextVariables({ bidStep: formatMoney(BID_STEP, currencyName(settings, i18n.getFixedT(lang)), lang) })
}

applyCurrencyToTexts(DEFAULT_SETTINGS)
i18n.on('languageChanged', () => applyCurrencyToTexts(appStore.get(settingsAtom)))

// Every successful answer (and every `setQueryData`) of the settings query reaches the atom.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.action.type !== 'success' || !matchQuery(settingsFilter, event.query)) return
  const settings = event.query.state.data as Settings | undefined
  if (!settings) return
  const merged = { ...DEFAULT_SETTINGS, ...settings }
  appStore.set(settingsBaseAtom, merged)
  applyCurrencyToTexts(merged)
})

/** Fetches the settings unless the cached copy is fresh. A failure keeps the defaults (or the
 * last good copy); the next call tries again. */
export function loadSettings(): Promise<void> {
  return queryClient.query(settingsQuery()).then(
    () => undefined,
    () => undefined,
  )
}

/** Settings the admin just saved: every reader shows them at once, then the public copy is
 * fetched again. */
export async function applySavedSettings(saved: Settings): Promise<void> {
  queryClient.setQueryData(settingsQuery().queryKey, saved)
  await queryClient.invalidateQueries({ queryKey: queryKeys.settings })
  await loadSettings()
}
