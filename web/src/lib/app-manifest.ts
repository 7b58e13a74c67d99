//! The web app manifest of the reader's language (public/manifest.<lang>.webmanifest: the installed
//! app's name and shortcuts in that language). index.html links the Russian one; the link follows
//! the language the app shows (lib/i18n.ts).
import type { Language } from './languages'

export function manifestHref(lang: Language): string {
  return `/manifest.${lang}.webmanifest`
}

/** Points the page's `<link rel="manifest">` at `lang`'s manifest. */
export function linkManifest(lang: Language, doc: Document = document) {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  if (link && link.getAttribute('href') !== manifestHref(lang)) link.setAttribute('href', manifestHref(lang))
}
