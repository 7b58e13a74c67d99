import { describe, expect, it } from 'vitest'
import { newPackageValues, packagePayload, packageSchema } from './package-schema'

const valid = { bids: '250', price: '3750', originalPrice: '5000,00', popular: true, active: true, position: '2' }

function fieldsOf(values: typeof valid) {
  const result = packageSchema.safeParse(values)
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('packageSchema', () => {
  it('accepts a package of the seeded catalogue', () => {
    expect(packageSchema.safeParse(valid).success).toBe(true)
  })

  it('keeps bids within 1 to 100 000 and the position a whole number', () => {
    expect(fieldsOf({ ...valid, bids: '0', position: '-1' })).toEqual({ bids: 'adminPackages.form.bidsInvalid', position: 'adminPackages.form.positionInvalid' })
    expect(fieldsOf({ ...valid, bids: '100001' })).toEqual({ bids: 'adminPackages.form.bidsInvalid' })
    expect(fieldsOf({ ...valid, bids: '2.5' })).toEqual({ bids: 'adminPackages.form.bidsInvalid' })
  })

  it('wants a price above zero and an original price not below it', () => {
    expect(fieldsOf({ ...valid, price: '0' })).toEqual({ price: 'validation.priceInvalid' })
    expect(fieldsOf({ ...valid, originalPrice: '3749.99' })).toEqual({ originalPrice: 'adminPackages.form.originalBelowPrice' })
    expect(packageSchema.safeParse({ ...valid, originalPrice: '3750' }).success).toBe(true)
  })
})

describe('the package form', () => {
  it('sends numbers, with a comma read as the decimal point', () => {
    expect(packagePayload(valid)).toEqual({ bids: 250, price: 3750, originalPrice: 5000, popular: true, active: true, position: 2 })
  })

  it('places a new package after the last one', () => {
    expect(newPackageValues([{ position: 0 }, { position: 4 }]).position).toBe('5')
    expect(newPackageValues([]).position).toBe('0')
  })
})
