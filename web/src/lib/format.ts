//! Every date, number, money amount and countdown the app shows goes through here, in the
//! reader's language.
import type { TFunction } from 'i18next'
import type { Settings } from './api-types'
import i18n, { currentLanguage } from './i18n'
import type { Language } from './languages'

const LOCALE_TAGS: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', ka: 'ka-GE', ky: 'ky-KG' }

/** Whether the runtime has `lang`'s own locale data (Chromium has none for Georgian or Kyrgyz). */
export function hasLocaleData(lang: string): boolean {
  const tag = LOCALE_TAGS[lang as Language]
  return tag !== undefined && Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0
}

/**
 * The Intl locale for a language's numbers and numeric dates. Without the language's own data
 * they are written as in Russian: the same digits, separators and day.month.year order, and no
 * words; the words (the day unit here, the months in lib/long-dates.ts) come from the locale
 * files (`format.*`).
 */
export function localeOf(lang: string): string {
  return hasLocaleData(lang) ? LOCALE_TAGS[lang as Language] : 'ru-RU'
}

/** How much one bid raises an auction's price (spec: 0.01). */
export const BID_STEP = 0.01

/** The names the som goes by in the settings: its code, and the Russian name the site starts with. */
const SOM_NAMES = new Set(['kgs', 'сом', 'som'])

/**
 * The site's currency as the reader names it: the som by its name in their language
 * (`common.som`: сом, som, სომი), any other currency by the symbol the admin set.
 */
export function currencyName({ currency, currencySymbol }: Pick<Settings, 'currency' | 'currencySymbol'>, t: TFunction): string {
  return SOM_NAMES.has(currency.trim().toLowerCase()) ? t('common.som') : currencySymbol
}

/** One money format per language, made on first use (prices re-render with every bid). */
const moneyFormats = new Map<string, Intl.NumberFormat>()

function moneyFormat(lang: string): Intl.NumberFormat {
  let format = moneyFormats.get(lang)
  if (!format) moneyFormats.set(lang, (format = new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 })))
  return format
}

/** Joins an amount to its currency: a no-break space, so a line never ends between the two. */
const NO_BREAK_SPACE = '\u00a0'

/**
 * `1234.56, 'сом', 'ru'` → `1 234,56 сом`, `'en'` → `1,234.56 som`: the language's grouping and
 * decimal sign, always 2 decimals, in the current language unless `lang` is given (screens take
 * the currency's name and their language from `useMoney`, lib/money.ts). Every space in it is a
 * no-break space: a price never wraps onto two lines ("0,35 / сом"), wherever it is shown.
 */
export function formatMoney(amount: number, symbol: string, lang: string = currentLanguage()): string {
  const number = moneyFormat(lang).format(Number.isFinite(amount) ? amount : 0)
  return symbol ? `${number}${NO_BREAK_SPACE}${symbol}` : number
}

/** Whole numbers with the language's grouping: `12 500`; with `decimals`, always that many (`12,5`). */
export function formatCount(value: number, lang: string, decimals = 0): string {
  return new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value)
}

/** `value` as a date, or `null` when it names none. */
export function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * The share of the retail price saved, rounded down to two decimals so that a tiny price never
 * reads as "100 %": `savingsPercent(0.1, 42990, 'ru')` → `99,99`.
 */
export function savingsPercent(price: number, retail: number, lang: string): string {
  const saved = retail > 0 ? Math.max(0, Math.floor((1 - price / retail) * 10000) / 100) : 0
  return new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(saved)
}

/** `22.11.2026` (short date in the language's style). */
export function formatDate(value: string | Date, lang: string): string {
  const date = toDate(value)
  return date ? new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short' }).format(date) : ''
}

/** `22.11.2026, 14:05`. */
export function formatDateTime(value: string | Date, lang: string): string {
  const date = toDate(value)
  if (!date) return ''
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short', timeStyle: 'short' }).format(date)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** Whole days in the language's short unit (`format.days`): `4 д.`, `4d`, `4 დღე`, `4 кн`. */
function formatDays(days: number, lang: string): string {
  return i18n.t('format.days', { lng: lang, days })
}

/**
 * A countdown clock, never negative: `mm:ss` under an hour, `hh:mm:ss` under a day, and the whole
 * days in front from 24 hours on (`4 д. 23:56:01`, `4d 23:56:01`), in the current language unless
 * `lang` is given.
 */
export function formatTimer(ms: number, lang: string = currentLanguage()): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  if (days > 0) return `${formatDays(days, lang)} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`
}

export interface CountdownParts {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/** Splits a duration into days, hours, minutes and seconds (for the promo hero). */
export function splitCountdown(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000))
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

export { pad as padTwo }
