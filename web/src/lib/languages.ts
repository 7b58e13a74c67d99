//! The languages the site speaks (no i18next here, so plain modules and tests can import it).

export const LANGUAGES = ['ru', 'en', 'ka', 'ky'] as const

/** A language the app speaks (a UI choice; the server's `Settings.language` is any string). */
export type Language = (typeof LANGUAGES)[number]

/** Labels of the header switcher, each in its own script. */
export const LANGUAGE_LABELS: Record<Language, string> = { ru: 'РУ', en: 'EN', ka: 'ქა', ky: 'КЫ' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** `value` if the app speaks it, else Russian (the fallback): e.g. the server's site language. */
export function asLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : 'ru'
}
