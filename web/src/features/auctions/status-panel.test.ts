import { describe, expect, it } from 'vitest'
import { bidPriceQuote } from './auction-notes'
import { outbidNow } from './status-panel'

describe('outbidNow', () => {
  it('is true only when the lead passes from me to someone else', () => {
    expect(outbidNow('aibek', 'nurlan', 'aibek')).toBe(true)
    expect(outbidNow('nurlan', 'aibek', 'aibek')).toBe(false)
    expect(outbidNow('nurlan', 'aidar', 'aibek')).toBe(false)
    expect(outbidNow('aibek', 'aibek', 'aibek')).toBe(false)
    expect(outbidNow('aibek', 'nurlan', null)).toBe(false)
    expect(outbidNow(null, 'nurlan', 'aibek')).toBe(false)
  })
})

describe('bidPriceQuote', () => {
  it('quotes the one price every package sells a bid at, else the cheapest as "from"', () => {
    expect(bidPriceQuote([{ pricePerBid: 1500 }, { pricePerBid: 1500 }])).toEqual({ price: 1500, from: false })
    expect(bidPriceQuote([{ pricePerBid: 1500 }, { pricePerBid: 1300 }])).toEqual({ price: 1300, from: true })
    expect(bidPriceQuote([])).toBeNull()
  })
})
