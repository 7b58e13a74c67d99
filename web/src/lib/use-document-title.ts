//! The document title of a page: its own translated name, then the site's name from settings
//! in the reader's language ("Пополнение бидов — Тыйын", "Top up bids — Tyiyn"). Callers pass a
//! text from `t`, so the title follows the language.
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { settingsAtom } from './settings'
import { siteName } from './site-texts'

/** `page — site`, or the site name alone when the page has no name. */
export function documentTitle(page: string, siteName: string): string {
  return page ? `${page} — ${siteName}` : siteName
}

/** Sets `document.title` to `documentTitle(page, siteName)` while the caller is shown. */
export function useDocumentTitle(page: string) {
  const { i18n } = useTranslation()
  const name = siteName(useAtomValue(settingsAtom), i18n.language)
  useEffect(() => {
    document.title = documentTitle(page, name)
  }, [page, name])
}
