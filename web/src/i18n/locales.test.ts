//! Every translation key exists in all four languages, with the same shape and no empty text.
import { describe, expect, it } from 'vitest'
import i18n from '../lib/i18n'
import en from './locales/en.json'
import ka from './locales/ka.json'
import ky from './locales/ky.json'
import ru from './locales/ru.json'

const LOCALES = { ru, en, ka, ky } as const
const PLURAL = /_(zero|one|two|few|many|other)$/

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** Flattens to `path → value`, with array positions as path parts. */
function flatten(value: Json, prefix = '', out: Record<string, Json> = {}): Record<string, Json> {
  if (Array.isArray(value)) value.forEach((item, index) => flatten(item, `${prefix}[${index}]`, out))
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out)
  } else out[prefix] = value
  return out
}

/** Plural forms count as one key; which forms a language needs is checked separately. */
function baseKeys(flat: Record<string, Json>): string[] {
  return [...new Set(Object.keys(flat).map((key) => key.replace(PLURAL, '')))].sort()
}

const reference = flatten(ru as unknown as Json)

describe.each(Object.entries(LOCALES))('%s translations', (lang, messages) => {
  const flat = flatten(messages as unknown as Json)

  it('has exactly the keys of ru', () => {
    expect(baseKeys(flat)).toEqual(baseKeys(reference))
  })

  it('has no empty values', () => {
    const empty = Object.entries(flat).filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    expect(empty).toEqual([])
  })

  it('has every plural form its language needs', () => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories
    const pluralBases = [...new Set(Object.keys(reference).filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')))]
    for (const base of pluralBases) {
      for (const category of categories) expect(flat, `${base}_${category}`).toHaveProperty([`${base}_${category}`])
    }
  })

  it('keeps the interpolation variables of ru', () => {
    const variables = (text: Json) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort()
    for (const [key, value] of Object.entries(flat)) {
      const refKey = key in reference ? key : Object.keys(reference).find((k) => k.replace(PLURAL, '') === key.replace(PLURAL, ''))
      expect(variables(value), key).toEqual(variables(reference[refKey ?? key]))
    }
  })
})

describe('ru plurals', () => {
  it('names a number of bids only in plural forms (1 бид, 4 бида, 5 бидов)', () => {
    const numberOfBids = /{{\s*\w+\s*}}\s+бид/
    const unagreed = Object.keys(reference).filter((key) => numberOfBids.test(String(reference[key])) && !PLURAL.test(key))
    expect(unagreed).toEqual([])
  })

  it('words a counted noun in plural forms (из 1 пользователя, из 5 пользователей)', () => {
    const t = i18n.getFixedT('ru')
    expect(t('adminUsers.shown', { from: 1, to: 1, count: 1 })).toBe('Показано 1-1 из 1 пользователя')
    expect(t('adminUsers.shown', { from: 1, to: 20, count: 25 })).toBe('Показано 1-20 из 25 пользователей')
    const countedNoun = /(^|из )\{\{\s*(count|total)\s*\}\}\s+[а-яё]/
    const unagreed = Object.keys(reference).filter((key) => countedNoun.test(String(reference[key])) && !PLURAL.test(key))
    expect(unagreed).toEqual([])
  })
})
