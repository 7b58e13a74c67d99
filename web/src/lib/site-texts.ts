//! The site's own texts (the tagline, the footer's description) in the reader's language: the
//! site language's are the settings' fields, the others' are in `texts`. A language without its
//! own shows nothing here, and the caller shows the app's default text in that language, never
//! another language's (issue 22).
import type { Settings } from './api-types'

export type SiteTextField = 'headerTagline' | 'footerDescription'

export function siteText(settings: Pick<Settings, 'language' | 'texts' | SiteTextField>, lang: string, field: SiteTextField): string {
  if (lang === settings.language) return settings[field]
  return settings.texts?.[lang]?.[field] ?? ''
}
