//! Every kind of notice says in full, in each of the four languages, what it is about: the lot's
//! title and each value its kind carries (issue 22: "«лот» уже идёт" named no lot).
import { beforeAll, describe, expect, it } from 'vitest'
import i18n, { loadAllTexts, loadLanguage } from './i18n'
import { LANGUAGES } from './languages'
import { NOTICE_ICONS, noticeText } from './notice-text'
import type { Notification, NotificationKind } from './api-types'

const KINDS = Object.keys(NOTICE_ICONS) as NotificationKind[]

/** One notice of `kind` carrying every field a notice may carry. */
function notice(kind: NotificationKind): Notification {
  return {
    id: 1,
    type: kind,
    auctionId: 3,
    title: 'iPhone 16 Pro',
    claimId: 4,
    orderId: 5,
    until: '2026-11-24T12:00:00Z',
    startsAt: '2026-11-24T12:05:00Z',
    amount: 1500,
    bids: 100,
    tracking: 'EMS 12345',
    read: false,
    createdAt: '2026-11-22T12:00:00Z',
  } as Notification
}

describe('every notice kind', () => {
  beforeAll(async () => {
    await Promise.all(LANGUAGES.map((lang) => loadLanguage(lang)))
    await loadAllTexts()
  })

  it.each(LANGUAGES.flatMap((lang) => KINDS.map((kind) => [lang, kind] as const)))('%s: %s renders its full text', (lang, kind) => {
    const t = i18n.getFixedT(lang)
    const { title, text } = noticeText(t, notice(kind), lang)
    for (const words of [title, text]) {
      expect(words, `${lang} ${kind}`).not.toMatch(/notifications\.|{{|}}|undefined|NaN/)
      expect(words.trim().length).toBeGreaterThan(3)
    }
    // A notice about a lot names it (the bids credited and the payment name the order instead).
    if (!['bidsCredited', 'paymentReceived'].includes(kind)) expect(`${title} ${text}`).toContain('iPhone 16 Pro')
    // English and Georgian notices hold no Cyrillic beyond the lot's own title.
    if (lang === 'en' || lang === 'ka') expect(`${title} ${text}`).not.toMatch(/[а-яё]/i)
  })
})
