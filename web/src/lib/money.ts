//! Money on screen in the reader's words: the site's currency named in their language
//! (`currencyName`) and the amount in their language's digits (`formatMoney`).
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { currencyName, formatMoney } from './format'
import { settingsAtom } from './settings'

export interface Money {
  /** The currency's name or symbol in the reader's language: `сом`, `som`, `სომი`, `$`. */
  currency: string
  /** `1234.5` → `1 234,50 сом` (`1,234.50 som`, …). */
  money: (amount: number) => string
}

/** The site's currency and a money formatter in the screen's language. */
export function useMoney(): Money {
  const settings = useAtomValue(settingsAtom)
  const { t, i18n } = useTranslation()
  const currency = currencyName(settings, t)
  return { currency, money: (amount) => formatMoney(amount, currency, i18n.language) }
}
