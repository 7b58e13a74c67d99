//! Dates with the month's name: `22 ноября 2026 г.`, `November 22, 2026`, `22 ნოემბერი, 2026`,
//! `2026-ж., 22-ноябрь`. From the runtime's locale data, else (Chromium has none for Georgian or
//! Kyrgyz) with the month names and the order of the locale files (`format.months`,
//! `format.dateLong`). Apart from format.ts because no first screen shows them: the pages that do
//! (the profile, the admin's settings) load with every text, and the first load stays smaller.
import { hasLocaleData, localeOf, toDate } from './format'
import i18n from './i18n'

function longDate(date: Date, lang: string): string {
  if (hasLocaleData(lang)) return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long' }).format(date)
  const months = i18n.t('format.months', { lng: lang, returnObjects: true }) as string[]
  return i18n.t('format.dateLong', { lng: lang, day: date.getDate(), month: months[date.getMonth()], year: date.getFullYear() })
}

/** A moment's date in long form, in the reader's time zone. */
export function formatDateLong(value: string | Date, lang: string): string {
  const date = toDate(value)
  return date ? longDate(date, lang) : ''
}

/** A calendar date `YYYY-MM-DD` (a date of birth) in long form: read as its local midnight, so no time zone shifts its day. */
export function formatCalendarDate(ymd: string, lang: string): string {
  const date = toDate(`${ymd}T00:00:00`)
  return date ? longDate(date, lang) : ymd
}
