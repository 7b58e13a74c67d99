import { describe, expect, it } from 'vitest'
import { assignPayload, assignSchema, botSettingsSchema, newBotPayload, newBotSchema, toBotSettingsValues } from './bot-schemas'

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? []

describe('new bot form', () => {
  it('needs a first and a last name', () => {
    expect(messages(newBotSchema.safeParse({ firstName: ' ', lastName: '', username: '' }))).toEqual([
      ['firstName', 'validation.botNameRequired'],
      ['lastName', 'validation.botNameRequired'],
    ])
  })

  it('leaves the username to the server when empty', () => {
    expect(newBotPayload({ firstName: ' Эрлан ', lastName: 'Бейшеев', username: '' })).toEqual({
      firstName: 'Эрлан',
      lastName: 'Бейшеев',
      username: undefined,
      isActive: true,
    })
    expect(messages(newBotSchema.safeParse({ firstName: 'a', lastName: 'b', username: 'x y' }))).toEqual([['username', 'validation.usernameChars']])
  })
})

describe('bot assignment form', () => {
  it('needs a bot and an auction', () => {
    expect(messages(assignSchema.safeParse({ auctionId: '', botId: '', bidLimit: '' }))).toEqual([
      ['auctionId', 'validation.botAndAuction'],
      ['botId', 'validation.botAndAuction'],
    ])
  })

  it('reads the bid limit as a whole number, empty as no limit', () => {
    expect(assignPayload({ auctionId: '3', botId: '9', bidLimit: '' })).toEqual({ botId: 9, bidLimit: 0 })
    expect(assignPayload({ auctionId: '3', botId: '9', bidLimit: ' 25 ' })).toEqual({ botId: 9, bidLimit: 25 })
    expect(messages(assignSchema.safeParse({ auctionId: '3', botId: '9', bidLimit: '-1' }))).toEqual([['bidLimit', 'validation.bidLimitInvalid']])
    expect(messages(assignSchema.safeParse({ auctionId: '3', botId: '9', bidLimit: '2.5' }))).toEqual([['bidLimit', 'validation.bidLimitInvalid']])
  })
})

describe('bot settings form', () => {
  const valid = { enabled: true, minDelay: 1, maxDelay: 10, activeBots: 5 }

  it('keeps delays within 1–10 s and active bots within 0–5', () => {
    expect(botSettingsSchema.safeParse(valid).success).toBe(true)
    expect(messages(botSettingsSchema.safeParse({ ...valid, minDelay: 0 }))).toEqual([['minDelay', 'validation.delayRange']])
    expect(messages(botSettingsSchema.safeParse({ ...valid, maxDelay: 11 }))).toEqual([['maxDelay', 'validation.delayRange']])
    expect(messages(botSettingsSchema.safeParse({ ...valid, activeBots: 6 }))).toEqual([['activeBots', 'validation.activeBotsRange']])
    expect(messages(botSettingsSchema.safeParse({ ...valid, minDelay: Number.NaN }))).toEqual([['minDelay', 'validation.delayRange']])
  })

  it('keeps the minimum delay at most the maximum', () => {
    expect(messages(botSettingsSchema.safeParse({ ...valid, minDelay: 7, maxDelay: 6 }))).toEqual([['maxDelay', 'validation.delayOrder']])
    expect(botSettingsSchema.safeParse({ ...valid, minDelay: 6, maxDelay: 6 }).success).toBe(true)
  })

  it('starts from 5 and 6 s when the delays are unset', () => {
    expect(toBotSettingsValues(undefined)).toEqual({ enabled: true, minDelay: 5, maxDelay: 6, activeBots: 0 })
    expect(toBotSettingsValues({ enabled: false, minDelay: 2, maxDelay: 3, activeBots: 4 })).toEqual({ enabled: false, minDelay: 2, maxDelay: 3, activeBots: 4 })
  })
})
