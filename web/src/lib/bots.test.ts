import { describe, expect, it } from 'vitest'
import type { Bid } from './api-types'
import { bidderName, isBotName, leaderIsBot, winnerIsBot } from './bots'
import { iso, liveAuction } from './test-fixtures'

const now = Date.parse('2026-01-01T12:00:00Z')
const personBid = (id: number, username: string): Bid => ({
  id,
  amount: 0.5,
  isBot: false,
  botName: null,
  isPrebid: false,
  user: { id: 7, username },
  createdAt: iso(now),
})
const botBid = (id: number, botName: string): Bid => ({ ...personBid(id, ''), isBot: true, botName, user: null })

describe('automatic bidders', () => {
  it('names a bid by its user or its bot', () => {
    expect(bidderName(personBid(1, 'aibek'))).toBe('aibek')
    expect(bidderName(botBid(2, 'Азамат'))).toBe('Азамат')
  })

  it('marks a leader whose newest bid is a bot’s', () => {
    expect(leaderIsBot(liveAuction(now, { lastBidder: 'Азамат' }), [botBid(2, 'Азамат'), personBid(1, 'aibek')])).toBe(true)
    expect(leaderIsBot(liveAuction(now, { lastBidder: 'aibek' }), [personBid(3, 'aibek'), botBid(2, 'Азамат')])).toBe(false)
    // The bids shown lag behind the leader: the leader's name decides.
    expect(leaderIsBot(liveAuction(now, { lastBidder: 'demo' }), [botBid(2, 'Азамат')])).toBe(false)
    expect(leaderIsBot(liveAuction(now, { lastBidder: 'Динара Алиева' }), [personBid(1, 'aibek')])).toBe(true)
    expect(leaderIsBot(liveAuction(now, { lastBidder: null }), [])).toBe(false)
  })

  it('knows a bot by its display name when no bid is at hand (the lobby)', () => {
    expect(isBotName('Динара Алиева')).toBe(true)
    expect(isBotName('aibek')).toBe(false)
    expect(isBotName('ai.bek-2_x')).toBe(false)
    expect(isBotName(' demo ')).toBe(false)
    expect(isBotName(null)).toBe(false)
  })

  it('takes the winner’s flag from the server, else from the last bid', () => {
    const winner = { id: 5, username: 'Азамат', firstName: null, lastName: null, role: 'user' as const, isBot: true }
    expect(winnerIsBot(liveAuction(now, { winner }), [])).toBe(true)
    expect(winnerIsBot(liveAuction(now, { winner: { ...winner, isBot: false } }), [botBid(2, 'x')])).toBe(false)
    expect(winnerIsBot(liveAuction(now), [botBid(2, 'Азамат')])).toBe(true)
    expect(winnerIsBot(liveAuction(now), [])).toBe(false)
  })
})
