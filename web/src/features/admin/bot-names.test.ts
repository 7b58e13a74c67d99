import { describe, expect, it } from 'vitest'
import { botLeadSignature, botNames, isBotLeader } from './bot-names'

const bots = [{ username: 'bot_erlan', firstName: 'Эрлан', lastName: 'Бейшеев' }]

describe('bot names', () => {
  it('knows a bot by its username and by its display name', () => {
    const names = botNames(bots)
    expect(names.has('bot_erlan')).toBe(true)
    expect(names.has('Эрлан Бейшеев')).toBe(true)
    expect(names.has('aibek')).toBe(false)
  })

  it('marks a known bot, or a name only a bot can have, as a bot leader', () => {
    const names = botNames(bots)
    expect(isBotLeader('bot_erlan', names)).toBe(true)
    expect(isBotLeader('Гульнара Асанова', names)).toBe(true)
    expect(isBotLeader('aibek', names)).toBe(false)
    expect(isBotLeader(null, names)).toBe(false)
  })

  it('changes the signature when a bot takes the lead again, not when a person bids', () => {
    const names = botNames(bots)
    const before = botLeadSignature([{ id: 1, lastBidder: 'Эрлан Бейшеев', totalBids: 10 }, { id: 2, lastBidder: 'aibek', totalBids: 3 }], names)
    expect(before).toBe('1:10')
    expect(botLeadSignature([{ id: 1, lastBidder: 'Эрлан Бейшеев', totalBids: 12 }, { id: 2, lastBidder: 'aibek', totalBids: 3 }], names)).not.toBe(before)
    expect(botLeadSignature([{ id: 1, lastBidder: 'aibek', totalBids: 11 }, { id: 2, lastBidder: 'aibek', totalBids: 4 }], names)).toBe('')
  })
})
