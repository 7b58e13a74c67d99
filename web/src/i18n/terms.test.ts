//! One term per idea in each language (issue 22): a pre-bid, a bid, the auto-bidder and a bid
//! package are each named one way, and no text mixes in another language's words ("Bid Package
//! аукционы").
import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import ka from './locales/ka.json'
import ky from './locales/ky.json'
import ru from './locales/ru.json'

/** Every text of a locale file with its path. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => texts(child, path ? `${path}.${key}` : key))
  return []
}

/** The texts of `messages` that use a word `rejected` matches. */
function using(messages: unknown, rejected: RegExp): string[] {
  return texts(messages)
    .filter(([, text]) => rejected.test(text))
    .map(([path, text]) => `${path}: ${text}`)
}

/** A word that starts at `stem` (Cyrillic has no `\b` in JavaScript regular expressions). */
const word = (stem: string) => new RegExp(`(^|[^а-яёөүң])${stem}`, 'iu')

describe('one term per idea', () => {
  it('en numbers an order with "#", never the Russian "№"', () => {
    expect(using(en, /№/u)).toEqual([])
  })

  it('ky and ka name the house by its bots (as "Боттор жок" and "ბოტების გარეშე" do), never "home"', () => {
    expect(using(ky, /(^|[^а-яёөүң])үй(дүн|:)/iu)).toEqual([])
    expect(using(ka, /სახლის (ბოტ|რეზერვ)|^სახლი:/u)).toEqual([])
  })

  it('ru calls a pre-bid "предварительная ставка", never "представка"', () => {
    expect(using(ru, /представ(к|ок)/iu)).toEqual([])
  })

  it('ky calls a bid "ставка" (the auto-bidder "автокоюм"), never "коюм"', () => {
    expect(using(ky, word('коюм'))).toEqual([])
  })

  it('ky calls a bid package "бид пакети", never "биддер пакети"', () => {
    expect(using(ky, /биддер пакет/iu)).toEqual([])
  })

  it('en calls them a pre-bid, the auto-bidder and a bid package', () => {
    expect(using(en, /\b(advance bids?|prebids?|auto-?bids?|autobidder|bid bundles?|Bid Package)\b/u)).toEqual([])
  })

  it('ka calls a pre-bid "წინასწარი ფსონი" and the auto-bidder "ავტოფსონი"', () => {
    expect(using(ka, /ავტობიდ|წინასწარი ბიდ/u)).toEqual([])
  })
})

/**
 * Latin words that belong in any language's texts: brands, card networks, formats (a QR code),
 * sample values, placeholders, the Telegram bot's command (/stop), SMS and the picture formats an
 * upload takes.
 */
const LATIN_ANYWHERE = new Set(['cookie', 'email', 'iphone', 'pro', 'visa', 'mastercard', 'elcart', 'ip', 'json', 'sha', 'kgs', 'english', 'aibek', 'hotkey', 'xxxxxxxxx', 'you', 'example', 'kg', 'support', 'tyiyn', 'http', 'https', 'telegram', 'whatsapp', 'stop', 'sms', 'jpeg', 'png', 'webp', 'qr', 'csv', 'safari'])

/** The words of `text` outside `{{variables}}` and `<tags>`. */
const wordsOf = (text: string) => text.replace(/{{[^}]*}}|<[^>]*>/g, ' ').match(/[\p{L}]+/gu) ?? []

describe('no other language mixed in', () => {
  it.each(Object.entries({ ru, ka, ky }))('%s has no English words but names and formats', (_, messages) => {
    const mixed = texts(messages).filter(([, text]) => wordsOf(text).some((found) => /^[a-z]{2,}$/i.test(found) && !LATIN_ANYWHERE.has(found.toLowerCase())))
    expect(mixed).toEqual([])
  })

  it.each(Object.entries({ en, ka }))('%s has no Cyrillic words', (_, messages) => {
    expect(using(messages, /[а-яё]/iu)).toEqual([])
  })
})
