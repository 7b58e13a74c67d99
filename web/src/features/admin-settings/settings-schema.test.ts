import { describe, expect, it } from 'vitest'
import { CURRENCY_OPTIONS, settingsSchema, symbolFor, toFormValues } from './settings-schema'

const valid = {
  currency: 'сом',
  currencySymbol: 'сом',
  siteName: 'Тыйын',
  language: 'ru',
  headerTagline: '',
  footerDescription: '',
  contactAddress: '',
  contactPhone: '',
  contactEmail: '',
  texts: Object.fromEntries(['ru', 'en', 'ka', 'ky'].map((lang) => [lang, { siteName: '', headerTagline: '', footerDescription: '', contactAddress: '' }])),
}

function fieldsOf(values: typeof valid) {
  const result = settingsSchema.safeParse(values)
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('settingsSchema', () => {
  it('accepts the defaults', () => {
    expect(settingsSchema.safeParse(valid).success).toBe(true)
  })

  it('requires currency, symbol, site name and language', () => {
    expect(fieldsOf({ ...valid, currency: '', currencySymbol: ' ', siteName: '', language: '' })).toEqual({
      currency: 'validation.currencyRequired',
      currencySymbol: 'validation.currencySymbolRequired',
      siteName: 'validation.siteNameRequired',
      language: 'validation.languageRequired',
    })
  })

  it('accepts ky and rejects unknown languages', () => {
    expect(settingsSchema.safeParse({ ...valid, language: 'ky' }).success).toBe(true)
    expect(fieldsOf({ ...valid, language: 'de' })).toEqual({ language: 'validation.languageRequired' })
  })

  it('allows an empty contact email but not an invalid one', () => {
    expect(fieldsOf({ ...valid, contactEmail: 'nope' })).toEqual({ contactEmail: 'validation.emailInvalidShort' })
    expect(settingsSchema.safeParse({ ...valid, contactEmail: 'info@tyiyn.kg' }).success).toBe(true)
  })

  it('limits texts to 500 characters', () => {
    expect(fieldsOf({ ...valid, footerDescription: 'x'.repeat(501) })).toEqual({ footerDescription: 'validation.tooLong' })
  })
})

describe('currency options', () => {
  it('fills in the symbol of each currency', () => {
    expect(CURRENCY_OPTIONS.map((option) => option.value)).toEqual(['сом', 'тенге', 'рубль', 'доллар', 'евро', 'лари', 'гривна'])
    expect(symbolFor('тенге')).toBe('₸')
    expect(symbolFor('лари')).toBe('₾')
    expect(symbolFor('KGS')).toBeUndefined()
  })

  it('turns missing settings into empty form values', () => {
    const form = toFormValues({ ...valid, language: 'en', contactEmail: null as unknown as string })
    expect(form.contactEmail).toBe('')
    expect(form.language).toBe('en')
  })
})

describe('the texts in other languages', () => {
  it('are limited like the others and read from the settings', () => {
    const texts = { ...valid.texts, ka: { siteName: '', headerTagline: 'ა'.repeat(501), footerDescription: '', contactAddress: '' } }
    expect(fieldsOf({ ...valid, texts })).toEqual({ 'texts.ka.headerTagline': 'validation.tooLong' })
    const values = toFormValues({ ...valid, texts: { en: { headerTagline: 'Penny auctions', footerDescription: '' } } })
    expect(values.texts.en.headerTagline).toBe('Penny auctions')
    expect(values.texts.ky).toEqual({ siteName: '', headerTagline: '', footerDescription: '', contactAddress: '' })
  })
})
