import { describe, expect, it } from 'vitest'
import { autobidPayload, autobidSchema } from './autobid-schema'

describe('the auto-bid form', () => {
  it('takes 1 to 500 bids and an optional price of at most two decimals', () => {
    for (const ok of [{ bids: '1', maxPrice: '' }, { bids: '500', maxPrice: '12,5' }, { bids: ' 20 ', maxPrice: '0.01' }]) {
      expect(autobidSchema.safeParse(ok).success, JSON.stringify(ok)).toBe(true)
    }
    for (const bad of [{ bids: '0', maxPrice: '' }, { bids: '501', maxPrice: '' }, { bids: '2.5', maxPrice: '' }, { bids: '5', maxPrice: '0' }, { bids: '5', maxPrice: '1.234' }, { bids: '5', maxPrice: 'abc' }]) {
      expect(autobidSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('sends the price in som, or none', () => {
    expect(autobidPayload({ bids: '20', maxPrice: '12,50' })).toEqual({ bids: 20, maxPrice: 12.5 })
    expect(autobidPayload({ bids: '3', maxPrice: ' ' })).toEqual({ bids: 3 })
  })
})
