import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadAllTexts, loadLanguage } from './i18n'
import { formatCalendarDate, formatDateLong } from './long-dates'

const ISO = '2026-11-22T05:46:33Z'

/** Makes the runtime lack Georgian and Kyrgyz data, as Chromium does. */
function withoutGeorgianAndKyrgyz() {
  const supported = Intl.DateTimeFormat.supportedLocalesOf
  vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((locales, options) =>
    supported(locales, options).filter((tag) => !/^(ka|ky)\b/.test(tag)),
  )
}

describe('long dates', () => {
  beforeAll(async () => {
    await Promise.all([loadLanguage('en'), loadLanguage('ka'), loadLanguage('ky')])
    await loadAllTexts()
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('name the month in the language', () => {
    expect(formatDateLong(ISO, 'ru')).toContain('ноября 2026')
    expect(formatDateLong(ISO, 'en')).toContain('November 22, 2026')
  })

  it('name it from the locale files where the runtime has no data for the language', () => {
    withoutGeorgianAndKyrgyz()
    expect(formatDateLong(ISO, 'ka')).toBe('22 ნოემბერი, 2026')
    expect(formatDateLong(ISO, 'ky')).toBe('2026-ж., 22-ноябрь')
    expect(formatCalendarDate('1990-04-01', 'ka')).toBe('1 აპრილი, 1990')
  })

  it('show a birth date on its own day, whatever the time zone', () => {
    expect(formatCalendarDate('1990-04-01', 'ru')).toContain('1 апреля 1990')
    expect(formatCalendarDate('not a date', 'ru')).toBe('not a date')
  })
})
