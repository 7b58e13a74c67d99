import { describe, expect, it } from 'vitest'
import { claimTotal, deliveryDefaults, deliveryPayload, deliverySchema, feeOf, isOpenClaim, needsAddress } from './delivery-schema'

const OPTIONS = [
  { method: 'pickup', fee: 0 },
  { method: 'courier', fee: 200 },
  { method: 'region', fee: 350 },
] as const

function fieldsOf(values: Record<string, string>) {
  const result = deliverySchema.safeParse(values)
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))
}

describe('deliverySchema', () => {
  it('accepts a pickup with no address', () => {
    expect(deliverySchema.safeParse({ method: 'pickup', address: '', phone: '+996700123456' }).success).toBe(true)
  })

  it('requires an address of 5 to 300 characters for the courier and the regions', () => {
    expect(fieldsOf({ method: 'courier', address: '  ', phone: '+996700123456' })).toEqual({ address: 'claims.form.addressRequired' })
    expect(fieldsOf({ method: 'region', address: 'Ош', phone: '+996700123456' })).toEqual({ address: 'claims.form.addressMin' })
    expect(fieldsOf({ method: 'courier', address: 'x'.repeat(301), phone: '+996700123456' })).toEqual({ address: 'claims.form.addressMax' })
    expect(deliverySchema.safeParse({ method: 'courier', address: 'Бишкек, ул. Киевская 1', phone: '+996700123456' }).success).toBe(true)
  })

  it('requires a phone of +996 and nine digits', () => {
    expect(fieldsOf({ method: 'pickup', address: '', phone: '+996' })).toEqual({ phone: 'claims.form.phoneRequired' })
    expect(fieldsOf({ method: 'pickup', address: '', phone: '+99670012' })).toEqual({ phone: 'validation.phoneFormat' })
  })

  it('refuses an unknown method', () => {
    expect(fieldsOf({ method: 'drone', address: '', phone: '+996700123456' })).toEqual({ method: 'claims.form.methodRequired' })
  })
})

describe('the claim form values', () => {
  it('start from the earlier choice, else a pickup with the profile phone', () => {
    expect(deliveryDefaults({ deliveryMethod: null, address: null, phone: null }, '+996555000111')).toEqual({ method: 'pickup', address: '', phone: '+996555000111' })
    expect(deliveryDefaults({ deliveryMethod: 'courier', address: 'Бишкек', phone: '+996700123456' }, '+996555000111')).toEqual({
      method: 'courier',
      address: 'Бишкек',
      phone: '+996700123456',
    })
  })

  it('send the address only where the item is brought', () => {
    expect(deliveryPayload({ method: 'pickup', address: 'ignored', phone: ' +996700123456 ' })).toEqual({ method: 'pickup', phone: '+996700123456' })
    expect(deliveryPayload({ method: 'region', address: ' Ош, Ленина 5 ', phone: '+996700123456' })).toEqual({ method: 'region', address: 'Ош, Ленина 5', phone: '+996700123456' })
    expect(needsAddress('pickup')).toBe(false)
  })
})

describe('totals', () => {
  it('take the fee of the chosen method', () => {
    expect(feeOf(OPTIONS, 'courier')).toBe(200)
    expect(feeOf(OPTIONS, 'pickup')).toBe(0)
    expect(feeOf(OPTIONS, 'unknown')).toBe(0)
  })

  it('sum the price and the fee in whole tyiyn', () => {
    expect(claimTotal(0.31, 200)).toBe(200.31)
    expect(claimTotal(0.1, 0.2)).toBe(0.3)
    expect(claimTotal(1234.56, 350)).toBe(1584.56)
  })

  it('know which claims are still open', () => {
    expect(isOpenClaim({ state: 'reserved' })).toBe(true)
    expect(isOpenClaim({ state: 'claimed' })).toBe(true)
    expect(isOpenClaim({ state: 'paid' })).toBe(false)
  })
})
