import { describe, expect, it } from 'vitest'
import { isDemoLink, orderedBanks } from './qr-links'

describe('the bank apps and the demo', () => {
  it('lists each bank’s own app first and the universal router last', () => {
    const bank = (id: string) => ({ id, name: id, link: `https://${id}.kg/#0002` })
    expect(orderedBanks([bank('payqr'), bank('finik'), bank('mbank')]).map((b) => b.id)).toEqual(['finik', 'mbank', 'payqr'])
    expect(orderedBanks([])).toEqual([])
  })

  it('tells a demo link by its provider, percent-encoded or not', () => {
    expect(isDemoLink('https://pay.payqr.kg/#00020101021232550013demo.tyiyn.kg0104bids')).toBe(true)
    expect(isDemoLink('https://pay.payqr.kg/#000201%20demo%2Etyiyn%2Ekg')).toBe(true)
    expect(isDemoLink('https://app.mbank.kg/qr/#00020101021132440012c2c.mbank.kg')).toBe(false)
    expect(isDemoLink('https://pay.payqr.kg/#%ZZ')).toBe(false)
  })
})
