import { describe, expect, it } from 'vitest'
import type { TFunction } from 'i18next'
import { currencyName, formatCount, formatDate, formatMoney, formatTimer, localeOf, savingsPercent, splitCountdown } from './format'
import { loadLanguage } from './i18n'

const NBSP = '\u00a0'

describe('formatMoney', () => {
  it('groups thousands and keeps two decimals in ru-RU style', () => {
    expect(formatMoney(1234.56, 'сом')).toBe(`1${NBSP}234,56${NBSP}сом`)
  })

  it('pads whole amounts to two decimals', () => {
    expect(formatMoney(179900, 'сом')).toBe(`179${NBSP}900,00${NBSP}сом`)
    expect(formatMoney(0.01, '$')).toBe(`0,01${NBSP}$`)
  })

  it('shows zero for a missing number', () => {
    expect(formatMoney(Number.NaN, 'сом')).toBe(`0,00${NBSP}сом`)
  })

  it('omits the symbol when none is set', () => {
    expect(formatMoney(5, '')).toBe('5,00')
  })

  it('never lets a line break inside a price (no plain space between the number and the currency)', () => {
    for (const amount of [0.35, 1234.56, 1_234_567.8]) expect(formatMoney(amount, 'сом')).not.toMatch(/\s(?<!\u00a0)/u)
    expect(formatMoney(0.35, 'сом')).not.toContain(' ')
  })
})

describe("money in the reader's language", () => {
  const plain = (text: string) => text.replace(/\u00a0/g, ' ')

  it("writes the amount in the language's digits", () => {
    expect(plain(formatMoney(12345.5, 'сом', 'ru'))).toBe('12 345,50 сом')
    expect(plain(formatMoney(12345.5, 'som', 'en'))).toBe('12,345.50 som')
    expect(plain(formatMoney(12345.5, 'სომი', 'ka'))).toBe('12 345,50 სომი')
    expect(plain(formatMoney(12345.5, 'сом', 'ky'))).toBe('12 345,50 сом')
  })

  it('names the som in the language of t and any other currency by its symbol', () => {
    const t = ((key: string) => (key === 'common.som' ? 'som' : key)) as unknown as TFunction
    expect(currencyName({ currency: 'KGS', currencySymbol: 'сом' }, t)).toBe('som')
    expect(currencyName({ currency: 'сом', currencySymbol: 'сом' }, t)).toBe('som')
    expect(currencyName({ currency: 'USD', currencySymbol: '$' }, t)).toBe('$')
  })
})

describe('formatTimer', () => {
  it('uses mm:ss under an hour', () => {
    expect(formatTimer(9_000)).toBe('00:09')
    expect(formatTimer(59 * 60_000 + 59_000)).toBe('59:59')
  })

  it('uses hh:mm:ss from an hour on', () => {
    expect(formatTimer(3_600_000)).toBe('01:00:00')
    expect(formatTimer(23 * 3_600_000 + 59 * 60_000 + 59_000)).toBe('23:59:59')
  })

  it('counts whole days in the language from 24 hours on', async () => {
    await Promise.all([loadLanguage('en'), loadLanguage('ka'), loadLanguage('ky')])
    const almostFiveDays = 119 * 3_600_000 + 56 * 60_000 + 1_000
    expect(formatTimer(almostFiveDays, 'ru')).toBe('4 д. 23:56:01')
    expect(formatTimer(almostFiveDays, 'en')).toBe('4d 23:56:01')
    expect(formatTimer(almostFiveDays, 'ka')).toBe('4 დღე 23:56:01')
    expect(formatTimer(almostFiveDays, 'ky')).toBe('4 кн 23:56:01')
    expect(formatTimer(9743 * 3_600_000 + 41 * 60_000 + 1_000, 'en')).toBe('405d 23:41:01')
    expect(formatTimer(86_400_000, 'en')).toBe('1d 00:00:00')
  })

  it('speaks the current language when none is given', () => {
    expect(formatTimer(49 * 3_600_000 + 5_000)).toBe('2 д. 01:00:05')
  })

  it('rounds partial seconds up and never goes negative', () => {
    expect(formatTimer(9_001)).toBe('00:10')
    expect(formatTimer(-5_000)).toBe('00:00')
  })
})

describe('splitCountdown', () => {
  it('splits into days, hours, minutes and seconds', () => {
    expect(splitCountdown(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 })
  })

  it('is all zeros once passed', () => {
    expect(splitCountdown(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
  })
})

describe('dates', () => {
  const iso = '2026-11-22T05:46:33Z'

  it('maps each language to its Intl locale', () => {
    expect(localeOf('ru')).toBe('ru-RU')
    expect(localeOf('en')).toBe('en-US')
    // Georgian and Kyrgyz where the runtime has their data (Node has, Chromium has not).
    expect(['ka-GE', 'ru-RU']).toContain(localeOf('ka'))
    expect(['ky-KG', 'ru-RU']).toContain(localeOf('ky'))
    expect(localeOf('xx')).toBe('ru-RU')
  })

  it('formats short dates per language', () => {
    expect(formatDate(iso, 'ru')).toMatch(/22\.11\.(20)?26/)
    expect(formatDate(iso, 'en')).toMatch(/11\/22\/(20)?26/)
  })

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date', 'ru')).toBe('')
  })
})

describe('formatCount', () => {
  it("groups whole numbers in the language's style", () => {
    expect(formatCount(12500, 'ru')).toBe('12\u00a0500')
    expect(formatCount(12500.4, 'en')).toBe('12,500')
  })

  it('keeps as many decimals as asked, rounding the rest', () => {
    expect(formatCount(12.46, 'ru', 1)).toBe('12,5')
    expect(formatCount(3, 'en', 1)).toBe('3.0')
  })
})

describe('savingsPercent', () => {
  it('rounds down so a tiny price never shows 100 %', () => {
    expect(savingsPercent(0.1, 42990, 'ru')).toBe('99,99')
    expect(savingsPercent(21495, 42990, 'en')).toBe('50.00')
    expect(savingsPercent(5, 0, 'ru')).toBe('0,00')
  })
})
