import { describe, expect, it } from 'vitest'
import { bestPricePerBid } from './topup-page'

describe('bestPricePerBid', () => {
  it('names the one package whose bid is cheaper than every other, and none when prices tie', () => {
    const pack = (id: number, pricePerBid: number) => ({ id, pricePerBid })
    expect(bestPricePerBid([pack(1, 1500), pack(2, 1500), pack(5, 1500)])).toBeNull()
    expect(bestPricePerBid([pack(1, 1500), pack(2, 1400), pack(5, 1300)])).toBe(5)
    expect(bestPricePerBid([pack(1, 1500), pack(4, 1300), pack(5, 1300)])).toBeNull()
    expect(bestPricePerBid([pack(1, 1500)])).toBeNull()
    expect(bestPricePerBid([])).toBeNull()
  })
})
