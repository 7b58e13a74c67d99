//! An item's category and condition in the reader's language. Both are free text the admin types
//! (the auction form); the ones the locale files name (`catalogue.categories` and
//! `catalogue.conditions`: the demo catalogue's, src/db/demo.rs, and the usual conditions) read in
//! the reader's language, whichever of the four they were typed in. Any other reads as typed.
import type { i18n as I18n } from 'i18next'
import { LANGUAGES } from './languages'

export type CatalogueField = 'category' | 'condition'

const SECTIONS: Record<CatalogueField, string> = { category: 'catalogue.categories', condition: 'catalogue.conditions' }

const normal = (text: string) => text.trim().toLocaleLowerCase()

/** The translation key of a known `value` (`catalogue.categories.smartphones`), else `null`. */
export function catalogueKey(i18n: Pick<I18n, 'getResource'>, field: CatalogueField, value: string): string | null {
  const wanted = normal(value)
  for (const lang of LANGUAGES) {
    const names: unknown = i18n.getResource(lang, 'translation', SECTIONS[field])
    if (typeof names !== 'object' || names === null) continue
    const found = Object.entries(names).find(([, name]) => typeof name === 'string' && normal(name) === wanted)
    if (found) return `${SECTIONS[field]}.${found[0]}`
  }
  return null
}

/** `value` in the language of `i18n` when the locale files know it, else as typed. */
export function catalogueName(i18n: Pick<I18n, 'getResource' | 't'>, field: CatalogueField, value: string): string {
  const key = catalogueKey(i18n, field, value)
  return key ? i18n.t(key) : value
}
