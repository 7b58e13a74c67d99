//! The site's own texts (its name, the tagline, the footer's description, the address) in the
//! reader's language: the site language's are the settings' fields, the others' are in `texts`. A
//! language without its own shows nothing here, and the caller shows the app's default text in that
//! language, never another language's (issue 22); the name and the address fall back as
//! `siteName` and `siteAddress` say.
import type { Settings } from './api-types'

export type SiteTextField = 'siteName' | 'headerTagline' | 'footerDescription' | 'contactAddress'

type SiteSettings = Pick<Settings, 'language' | 'texts' | SiteTextField>

export function siteText(settings: SiteSettings, lang: string, field: SiteTextField): string {
  if (lang === settings.language) return settings[field]
  return settings.texts?.[lang]?.[field] ?? ''
}

/** The name the site ships with. */
export const DEFAULT_SITE_NAME = 'Тыйын'

/** The shipped name in the languages that do not write it in Cyrillic. */
const OWN_NAMES: Readonly<Record<string, string>> = { en: 'Tyiyn', ka: 'Tyiyn' }

/** The site's name for a reader of `lang`: the admin's name in that language; else, while the
 * site keeps its shipped name, that name in the reader's script; else the admin's name as typed. */
export function siteName(settings: SiteSettings, lang: string): string {
  const own = siteText(settings, lang, 'siteName')
  if (own) return own
  return settings.siteName === DEFAULT_SITE_NAME ? (OWN_NAMES[lang] ?? settings.siteName) : settings.siteName
}

/** The address for a reader of `lang`: in that language when the admin wrote one, else as set. */
export function siteAddress(settings: SiteSettings, lang: string): string {
  return siteText(settings, lang, 'contactAddress') || settings.contactAddress
}
