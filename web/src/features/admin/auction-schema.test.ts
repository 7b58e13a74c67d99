import { describe, expect, it } from 'vitest'
import { liveAuction } from '../../lib/test-fixtures'
import { EMPTY_AUCTION, auctionPayload, auctionSchema, missesRequired, parseSom, toAuctionValues, toLocalInput } from './auction-schema'

const valid = { ...EMPTY_AUCTION, title: 'iPhone 15', retailPrice: '179900', startTime: '2026-11-22T10:00' }

function errorsOf(values: typeof EMPTY_AUCTION) {
  const result = auctionSchema.safeParse(values)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), { message: issue.message }]))
}

describe('auction form', () => {
  it('accepts the three required fields alone', () => {
    expect(auctionSchema.safeParse(valid).success).toBe(true)
  })

  it('asks for title, retail price and start time', () => {
    const errors = errorsOf(EMPTY_AUCTION)
    expect(errors).toEqual({
      title: { message: 'validation.fillRequired' },
      retailPrice: { message: 'validation.fillRequired' },
      startTime: { message: 'validation.fillRequired' },
    })
    expect(missesRequired(errors)).toBe(true)
    expect(missesRequired(errorsOf({ ...valid, retailPrice: 'abc' }))).toBe(false)
  })

  it('reads prices in som with up to two decimals', () => {
    expect(parseSom('1999.99')).toBe(1999.99)
    expect(parseSom(' 1999,5 ')).toBe(1999.5)
    expect(parseSom('0')).toBeNull()
    expect(parseSom('1.234')).toBeNull()
    expect(parseSom('-5')).toBeNull()
    expect(errorsOf({ ...valid, estimatedValue: '12,345' })).toEqual({ estimatedValue: { message: 'validation.priceInvalid' } })
  })

  it('checks the image link and the package size', () => {
    expect(errorsOf({ ...valid, imageUrl: 'ftp://x' })).toEqual({ imageUrl: { message: 'validation.imageUrlInvalid' } })
    expect(errorsOf({ ...valid, imageUrl: '/demo/phone.svg' })).toEqual({})
    expect(errorsOf({ ...valid, isBidPackage: true, bidPackageBids: '0' })).toEqual({ bidPackageBids: { message: 'validation.packageBidsInvalid' } })
    expect(errorsOf({ ...valid, isBidPackage: false, bidPackageBids: '0' })).toEqual({})
  })

  it('sends the retail price as a number and the start as an instant', () => {
    const body = auctionPayload({ ...valid, retailPrice: '179900,50', isBidPackage: true, bidPackageBids: '250' })
    expect(body).toMatchObject({ title: 'iPhone 15', retailPrice: 179900.5, imageUrl: null, bidPackageBids: 250, isBidPackage: true })
    expect(body.startTime).toBe(new Date('2026-11-22T10:00').toISOString())
  })

  it('refuses a house reserve at creation without a house bot, and sends the bots only when creating', () => {
    expect(errorsOf({ ...valid, houseReserve: '5' })).toEqual({ houseReserve: { message: 'validation.reserveNeedsBot' } })
    expect(errorsOf({ ...valid, houseReserve: '0' })).toEqual({})
    expect(errorsOf({ ...valid, houseReserve: '5', botIds: ['12'] })).toEqual({})
    // Editing leaves the bots to the dialog's bots part (and the server checks them there).
    expect(errorsOf({ ...valid, houseReserve: '5', botIds: null })).toEqual({})
    expect(auctionPayload({ ...valid, houseReserve: '5', botIds: ['12', '14'] })).toMatchObject({ houseReserve: 5, botIds: [12, 14] })
    expect(auctionPayload({ ...valid, botIds: null })).not.toHaveProperty('botIds')
  })

  it('fills the edit form from an auction', () => {
    const auction = liveAuction(Date.parse('2026-01-01T12:00:00Z'), { retailPrice: 1999.9, category: 'Phones' })
    const values = toAuctionValues(auction)
    expect(values).toMatchObject({ title: 'Lot', retailPrice: '1999.90', category: 'Phones', imageUrl: '', bidPackageBids: '' })
    expect(values.startTime).toBe(toLocalInput(auction.startTime))
    expect(new Date(values.startTime).getTime()).toBe(Date.parse(auction.startTime))
  })

  it('keeps the seconds of a start time', () => {
    expect(toLocalInput(new Date(2026, 10, 22, 9, 5, 7))).toBe('2026-11-22T09:05:07')
    expect(toLocalInput('not a date')).toBe('')
  })

  it('sends the fair kinds: beginner, win limit, no new bidders by price and time', () => {
    expect(auctionPayload(valid)).toMatchObject({ kind: 'standard', winLimited: false, noNewBiddersAfter: null })
    const body = auctionPayload({ ...valid, beginner: true, winLimited: true, noNewPrice: '5,5', noNewAt: '2026-11-22T11:00' })
    expect(body).toMatchObject({ kind: 'beginner', winLimited: true, noNewBiddersAfter: { price: 5.5, at: new Date('2026-11-22T11:00').toISOString() } })
    expect(auctionSchema.safeParse({ ...valid, noNewPrice: '0' }).success).toBe(false)
  })

  it('fills the fair kinds of the edit form from an auction', () => {
    const auction = liveAuction(0, { kind: 'beginner', winLimited: true, noNewBiddersAfter: { price: 5, at: null } })
    expect(toAuctionValues(auction)).toMatchObject({ beginner: true, winLimited: true, noNewPrice: '5.00', noNewAt: '' })
  })
})
