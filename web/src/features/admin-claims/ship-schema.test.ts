import { describe, expect, it } from 'vitest'
import { nextAction, shipPayload, shipSchema } from './ship-schema'

describe('the ship form', () => {
  it('takes an optional tracking note of at most 200 characters', () => {
    expect(shipSchema.safeParse({ tracking: '' }).success).toBe(true)
    expect(shipSchema.safeParse({ tracking: 'x'.repeat(200) }).success).toBe(true)
    expect(shipSchema.safeParse({ tracking: 'x'.repeat(201) }).error?.issues[0]?.message).toBe('adminClaims.ship.trackingMax')
  })

  it('sends no tracking for a blank note', () => {
    expect(shipPayload({ tracking: '  ' })).toEqual({})
    expect(shipPayload({ tracking: ' EMS RR123456789KG ' })).toEqual({ tracking: 'EMS RR123456789KG' })
  })
})

describe('nextAction', () => {
  it('ships a paid item that is brought, delivers a shipped one or a paid pickup', () => {
    expect(nextAction({ state: 'paid', deliveryMethod: 'courier' })).toBe('ship')
    expect(nextAction({ state: 'paid', deliveryMethod: 'pickup' })).toBe('deliver')
    expect(nextAction({ state: 'shipped', deliveryMethod: 'region' })).toBe('deliver')
    expect(nextAction({ state: 'reserved', deliveryMethod: null })).toBeNull()
    expect(nextAction({ state: 'delivered', deliveryMethod: 'courier' })).toBeNull()
  })
})
