//! Every text that names how much a bid raises the price names the currency too, as prices do:
//! the som by its name in the language on screen, another currency by the site's symbol.
import { describe, expect, it } from 'vitest'
import en from '../i18n/locales/en.json'
import ka from '../i18n/locales/ka.json'
import ky from '../i18n/locales/ky.json'
import ru from '../i18n/locales/ru.json'
import i18n, { loadLanguage } from './i18n'
import { settingsQuery } from './queries'
import { queryClient } from './query-client'
import { DEFAULT_SETTINGS } from './settings'

/** `text` with its no-break spaces (between an amount and its currency) read as spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

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
    queryClient.setQueryData(settingsQuery().queryKey, { ...DEFAULT_SETTINGS, currency: 'USD', currencySymbol: '$' })

    for (const lang of ['ru', 'en']) {
      const t = i18n.getFixedT(lang)
      expect(plain(t('auction.bidCostNote'))).toContain('0,01 $')
      expect(plain((t('howItWorks.rules', { returnObjects: true }) as string[])[0])).toContain('0,01 $')
    }
    queryClient.clear()
  })

  it("names the som in the language on screen, with that language's decimal sign", async () => {
    await loadLanguage('en')
    queryClient.setQueryData(settingsQuery().queryKey, { ...DEFAULT_SETTINGS, currency: 'KGS', currencySymbol: 'сом' })
    await i18n.changeLanguage('en')
    expect(plain(i18n.t('auction.bidCostNote'))).toContain('0.01 som')
    await i18n.changeLanguage('ru')
    expect(plain(i18n.t('auction.bidCostNote'))).toContain('0,01 сом')
    queryClient.clear()
  })
})
