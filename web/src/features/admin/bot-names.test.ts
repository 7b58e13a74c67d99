import { describe, expect, it } from 'vitest'
import { botLeadSignature } from './bot-names'

describe('botLeadSignature', () => {
  it('changes when a bot takes the lead again, not when a person bids', () => {
    const before = botLeadSignature([
      { id: 1, lastBidderIsBot: true, totalBids: 10 },
      { id: 2, lastBidderIsBot: false, totalBids: 3 },
    ])
    expect(before).toBe('1:10')
    expect(
      botLeadSignature([
        { id: 1, lastBidderIsBot: true, totalBids: 12 },
        { id: 2, lastBidderIsBot: false, totalBids: 3 },
      ]),
    ).not.toBe(before)
    expect(
      botLeadSignature([
        { id: 1, lastBidderIsBot: false, totalBids: 11 },
        { id: 2, lastBidderIsBot: false, totalBids: 4 },
      ]),
    ).toBe('')
  })
})
