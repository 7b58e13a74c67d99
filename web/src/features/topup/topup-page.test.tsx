// @vitest-environment jsdom
//! A visitor on /topup is told who may buy bids, not who may place them (issue 11).
import { afterEach, describe, expect, it, vi } from 'vitest'
import en from '../../i18n/locales/en.json'
import ka from '../../i18n/locales/ka.json'
import ky from '../../i18n/locales/ky.json'
import ru from '../../i18n/locales/ru.json'
import { render, unmountAll } from '../../test/render'
import { TopupPage } from './topup-page'

/** The words for buying bids, by language. */
const BUYING = { ru: /Покупать биды/, en: /Bids can be bought/, ka: /ბიდების ყიდვა/, ky: /Биддерди .* сатып ала/ }

describe('the visitor notice on /topup', () => {
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
  })

  it('is shown to a visitor and speaks of buying bids', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)))
    const page = render(<TopupPage />)
    expect(page.querySelector('[data-testid="visitor-notice"]')?.textContent).toMatch(BUYING.ru)
  })

  it.each(Object.entries({ ru, en, ka, ky }))('speaks of buying bids in %s', (lang, messages) => {
    expect(messages.topup.visitorNotice).toMatch(BUYING[lang as keyof typeof BUYING])
  })
})
