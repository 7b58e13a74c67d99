//! The document title of a page: its own translated name, then the site's name from settings
//! ("Пополнение бидов — Тыйын"). Callers pass a text from `t`, so the title follows the language.
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { settingsAtom } from './settings'

/** `page — site`, or the site name alone when the page has no name. */
export function documentTitle(page: string, siteName: string): string {
  return page ? `${page} — ${siteName}` : siteName
}

/** Sets `document.title` to `documentTitle(page, siteName)` while the caller is shown. */
export function useDocumentTitle(page: string) {
  const { siteName } = useAtomValue(settingsAtom)
  useEffect(() => {
    document.title = documentTitle(page, siteName)
  }, [page, siteName])
}
