//! The languages the site speaks (no i18next here, so plain modules and tests can import it).
import type { Language } from './types'

export const LANGUAGES: readonly Language[] = ['ru', 'en', 'ka', 'ky']

/** Labels of the header switcher, each in its own script. */
export const LANGUAGE_LABELS: Record<Language, string> = { ru: 'РУ', en: 'EN', ka: 'ქა', ky: 'КЫ' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
