//! Every date, number, money amount and countdown the app shows goes through here.
import { currentLanguage } from './i18n'
import type { Language } from './languages'

const LOCALE_TAGS: Record<Language, string> = { ru: 'ru-RU', en: 'en-US', ka: 'ka-GE', ky: 'ky-KG' }

/** The Intl locale for a language; Kyrgyz falls back to Russian where the runtime lacks its data. */
export function localeOf(lang: string): string {
  const tag = LOCALE_TAGS[lang as Language] ?? 'ru-RU'
  return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'ru-RU'
}

/** How much one bid raises an auction's price (spec: 0.01). */
export const BID_STEP = 0.01

const moneyFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** `1234.56, 'сом'` → `1 234,56 сом` (ru-RU grouping, always 2 decimals). */
export function formatMoney(amount: number, symbol: string): string {
  const number = moneyFormat.format(Number.isFinite(amount) ? amount : 0)
  return symbol ? `${number} ${symbol}` : number
}

/** Whole numbers with the language's grouping: `12 500`. */
export function formatCount(value: number, lang: string): string {
  return new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: 0 }).format(value)
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** `22.11.2026` (short date in the language's style). */
/**
 * The share of the retail price saved, rounded down to two decimals so that a tiny price never
 * reads as "100 %": `savingsPercent(0.1, 42990, 'ru')` → `99,99`.
 */
export function savingsPercent(price: number, retail: number, lang: string): string {
  const saved = retail > 0 ? Math.max(0, Math.floor((1 - price / retail) * 10000) / 100) : 0
  return new Intl.NumberFormat(localeOf(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(saved)
}

export function formatDate(value: string | Date, lang: string): string {
  const date = toDate(value)
  return date ? new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short' }).format(date) : ''
}

/** `22 ноября 2026 г.` (long form). */
export function formatDateLong(value: string | Date, lang: string): string {
  const date = toDate(value)
  return date ? new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long' }).format(date) : ''
}

/** `22.11.2026, 14:05`. */
export function formatDateTime(value: string | Date, lang: string): string {
  const date = toDate(value)
  if (!date) return ''
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'short', timeStyle: 'short' }).format(date)
}

/** A calendar date `YYYY-MM-DD` (date of birth) in long form, without a time-zone shift. */
export function formatCalendarDate(ymd: string, lang: string): string {
  const date = toDate(`${ymd}T00:00:00Z`)
  if (!date) return ymd
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** Whole days in the language's short unit: `4 д.`, `4d`, `4 დღე`. */
function formatDays(days: number, lang: string): string {
  return new Intl.NumberFormat(localeOf(lang), { style: 'unit', unit: 'day', unitDisplay: 'narrow' }).format(days)
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
