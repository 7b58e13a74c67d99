//! The admin settings form (spec section 5, docs/api.md): four required fields, an optional
//! email, every text at most 500 characters.
import { z } from '../../lib/zod'
import type { Settings } from '../../lib/api-types'
import { LANGUAGES } from '../../lib/languages'
import type { Language } from '../../lib/languages'
import { optionalEmail } from '../../lib/validation'

export const TEXT_MAX = 500

/** The currencies an admin can pick; choosing one fills in its symbol. */
export const CURRENCY_OPTIONS = [
  { id: 'som', value: 'сом', symbol: 'сом' },
  { id: 'tenge', value: 'тенге', symbol: '₸' },
  { id: 'ruble', value: 'рубль', symbol: '₽' },
  { id: 'dollar', value: 'доллар', symbol: '$' },
  { id: 'euro', value: 'евро', symbol: '€' },
  { id: 'lari', value: 'лари', symbol: '₾' },
  { id: 'hryvnia', value: 'гривна', symbol: '₴' },
] as const

export function symbolFor(currency: string): string | undefined {
  return CURRENCY_OPTIONS.find((option) => option.value === currency)?.symbol
}

const text = z.string().trim().max(TEXT_MAX, 'validation.tooLong')
const required = (key: string) => text.min(1, key)

/** The site's texts that each language may have its own of. */
export const LANGUAGE_TEXTS = ['siteName', 'headerTagline', 'footerDescription', 'contactAddress'] as const
const languageTexts = { siteName: text, headerTagline: text, footerDescription: text, contactAddress: text }

export const settingsSchema = z.object({
  currency: required('validation.currencyRequired'),
  currencySymbol: required('validation.currencySymbolRequired'),
  siteName: required('validation.siteNameRequired'),
  language: z.string().refine((value) => (LANGUAGES as readonly string[]).includes(value), 'validation.languageRequired'),
  headerTagline: text,
  footerDescription: text,
  contactAddress: text,
  contactPhone: text,
  contactEmail: optionalEmail('validation.emailInvalidShort').pipe(z.string().max(TEXT_MAX, 'validation.tooLong')),
  /** The name, tagline, footer description and address in each language but the site's (those are
   * the fields above). */
  texts: z.object(Object.fromEntries(LANGUAGES.map((lang) => [lang, z.object(languageTexts)])) as Record<Language, z.ZodObject<typeof languageTexts>>),
})

export type SettingsValues = z.infer<typeof settingsSchema>

export const SETTINGS_FIELDS = [
  'currency',
  'currencySymbol',
  'siteName',
  'language',
  'headerTagline',
  'footerDescription',
  'contactAddress',
  'contactPhone',
  'contactEmail',
] as const satisfies readonly (keyof Settings)[]

export function toFormValues(settings: Settings): SettingsValues {
  const fields = Object.fromEntries(SETTINGS_FIELDS.map((field) => [field, settings[field] ?? '']))
  const texts = Object.fromEntries(
    LANGUAGES.map((lang) => {
      const own = settings.texts?.[lang]
      return [lang, Object.fromEntries(LANGUAGE_TEXTS.map((name) => [name, own?.[name] ?? '']))]
    }),
  )
  return { ...fields, texts } as SettingsValues
}
