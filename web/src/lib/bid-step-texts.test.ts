//! Every text that names how much a bid raises the price names the currency too: the site's
//! symbol from the settings, as prices do.
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en.json'
import ka from '../i18n/locales/ka.json'
import ky from '../i18n/locales/ky.json'
import ru from '../i18n/locales/ru.json'
import i18n, { loadLanguage } from './i18n'
import { settingsQuery } from './queries'
import { queryClient } from './query-client'
import { DEFAULT_SETTINGS } from './settings'

/** Every string of a translation file. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(texts)
  return []
}

describe('the bid step in texts', () => {
  it.each(Object.entries({ ru, en, ka, ky }))('%s never names the step without a currency', (_, messages) => {
    const bare = texts(messages).filter((text) => /0[.,]01(?!\s*(сом|som|სომ))/.test(text))
    expect(bare).toEqual([])
  })

  it('shows the site currency symbol in every language', async () => {
    await loadLanguage('en')
    queryClient.setQueryData(settingsQuery().queryKey, { ...DEFAULT_SETTINGS, currencySymbol: '$' })

    for (const lang of ['ru', 'en']) {
      const t = i18n.getFixedT(lang)
      expect(t('auction.bidCostNote')).toContain('0,01 $')
      expect((t('howItWorks.rules', { returnObjects: true }) as string[])[0]).toContain('0,01 $')
      expect((t('howItWorks.botsText', { returnObjects: true }) as string[])[0]).toContain('0,01 $')
    }
    queryClient.clear()
  })
})
