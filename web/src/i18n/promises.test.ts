//! What the texts promise is what the server does (issue 40): a bid sets the countdown back to
//! 10 s only when less is left (the server keeps max(remaining, 10 s), so a bid at 07:03 leaves
//! 07:02), and nothing says the free bids come "at registration" unless that form is the one the
//! site runs without phone numbers.
import { describe, expect, it } from 'vitest'
import en from './locales/en.json'
import ka from './locales/ka.json'
import ky from './locales/ky.json'
import ru from './locales/ru.json'

const LOCALES = { ru, en, ka, ky }

/** Every text of a locale file with its path. */
function texts(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => texts(child, path ? `${path}.${key}` : key))
  return []
}

/** How each language says "when less is left". */
const WHEN_LESS: Record<keyof typeof LOCALES, RegExp> = {
  ru: /если осталось меньше/u,
  en: /when less is left/u,
  ka: /თუ ნაკლებია დარჩენილი/u,
  ky: /калганы азыраак болсо/iu,
}

/** Texts about a bid resetting the timer to 10 seconds, in each language. */
const RESETS: Record<keyof typeof LOCALES, RegExp> = {
  ru: /таймер.{0,40}10 секунд|10 секунд.{0,40}таймер/iu,
  en: /timer.{0,40}10 seconds/iu,
  ka: /ტაიმერ.{0,40}10 წამ/u,
  ky: /таймер.{0,40}10 секунд/iu,
}

describe('promises the page keeps', () => {
  for (const [lang, messages] of Object.entries(LOCALES) as [keyof typeof LOCALES, unknown][]) {
    it(`${lang}: every text about a bid and the 10-second timer says "when less is left"`, () => {
      const resetting = texts(messages).filter(
        ([path, text]) => RESETS[lang].test(text) && /(faq|rules|howItWorks)/.test(path) && !/paus|outage|zero|нул|ნულ|нөл/iu.test(text),
      )
      expect(resetting.length).toBeGreaterThan(0)
      expect(resetting.filter(([, text]) => !WHEN_LESS[lang].test(text))).toEqual([])
    })
  }

  it('ru promises bids "at registration" only in the form for sites without phone numbers', () => {
    const atRegistration = texts(ru).filter(([, text]) => /при регистрации/iu.test(text)).map(([path]) => path)
    expect(atRegistration).toEqual(['auth.registerGift'])
  })
})
