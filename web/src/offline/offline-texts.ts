//! The offline page's texts and the language it speaks: the reader's choice as the app stores it
//! (localStorage `lang`, lib/i18n.ts), else the browser's first language the site speaks, else
//! Russian. Only the locale files' `offline` section is bundled (a JSON named import), and no app
//! module: the page stays a few kilobytes.
import { offline as en } from '../i18n/locales/en.json'
import { offline as ka } from '../i18n/locales/ka.json'
import { offline as ky } from '../i18n/locales/ky.json'
import { offline as ru } from '../i18n/locales/ru.json'

export const OFFLINE_TEXTS = { ru, en, ka, ky }

export type OfflineLanguage = keyof typeof OFFLINE_TEXTS
export type OfflineTexts = (typeof OFFLINE_TEXTS)[OfflineLanguage]

/** The app's localStorage key of the reader's language choice (lib/i18n.ts `STORAGE_KEY`). */
export const LANGUAGE_KEY = 'lang'

function speaks(lang: string | null | undefined): lang is OfflineLanguage {
  return typeof lang === 'string' && Object.hasOwn(OFFLINE_TEXTS, lang)
}

/** `stored` (the app's saved choice) if the site speaks it, else the first of the browser's
 * languages (`ky-KG` is `ky`) it speaks, else Russian. */
export function offlineLanguage(stored: string | null, browserLanguages: readonly string[]): OfflineLanguage {
  if (speaks(stored)) return stored
  const spoken = browserLanguages.map((tag) => tag.toLowerCase().split('-')[0]).find(speaks)
  return spoken ?? 'ru'
}
