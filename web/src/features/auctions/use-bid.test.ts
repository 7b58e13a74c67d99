//! The toast after an accepted bid states the balance with the noun in the right plural form.
import { describe, expect, it } from 'vitest'
import i18n, { loadLanguage } from '../../lib/i18n'
import { bidPlacedText } from './use-bid'

describe('the bid toast', () => {
  it('agrees the bid count with its number in Russian', () => {
    const t = i18n.getFixedT('ru')
    expect(bidPlacedText(t, 1)).toBe('Ваша ставка принята. Баланс: 1 бид.')
    expect(bidPlacedText(t, 4)).toBe('Ваша ставка принята. Баланс: 4 бида.')
    expect(bidPlacedText(t, 5)).toBe('Ваша ставка принята. Баланс: 5 бидов.')
    expect(bidPlacedText(t, 21)).toBe('Ваша ставка принята. Баланс: 21 бид.')
    expect(bidPlacedText(t, 0)).toBe('Ваша ставка принята. Баланс: 0 бидов.')
  })

  it('agrees the bid count with its number in English', async () => {
    await loadLanguage('en')
    const t = i18n.getFixedT('en')
    expect(bidPlacedText(t, 1)).toBe('Your bid was accepted. Balance: 1 bid.')
    expect(bidPlacedText(t, 4)).toBe('Your bid was accepted. Balance: 4 bids.')
  })
})
