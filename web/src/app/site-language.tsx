//! Follows the site's default language when settings change, unless the user chose one, and
//! keeps the document title in step with the site name.
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { applySiteLanguage, loadLanguage } from '../lib/i18n'
import { settingsAtom, settingsLoadedAtom, siteLanguageAtom } from '../lib/settings'

export function SiteLanguage() {
  const { t } = useTranslation()
  const { siteName, headerTagline } = useAtomValue(settingsAtom)
  const language = useAtomValue(siteLanguageAtom)
  const tagline = headerTagline || t('header.taglineDefault')
  useEffect(() => {
    document.title = `${siteName} — ${tagline}`
  }, [siteName, tagline])
  const loaded = useAtomValue(settingsLoadedAtom)
  useEffect(() => {
    if (!loaded) return
    applySiteLanguage(language)
    void loadLanguage(language).catch(() => undefined)
  }, [language, loaded])
  return null
}
