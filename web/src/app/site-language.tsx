//! Follows the site's default language when settings change, unless the user chose one. (Each
//! page sets its own document title: `lib/use-document-title.ts`.)
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { applySiteLanguage, loadLanguage } from '../lib/i18n'
import { settingsLoadedAtom, siteLanguageAtom } from '../lib/settings'

export function SiteLanguage() {
  const language = useAtomValue(siteLanguageAtom)
  const loaded = useAtomValue(settingsLoadedAtom)
  useEffect(() => {
    if (!loaded) return
    applySiteLanguage(language)
    void loadLanguage(language).catch(() => undefined)
  }, [language, loaded])
  return null
}
