import { describe, expect, it } from 'vitest'
import { limitsDefaults, limitsPayload, limitsSchema } from './limits-schema'

const none = { dailyBids: null, weeklyBids: null, monthlyBids: null, monthlySpend: null }

describe('limitsSchema', () => {
  it('takes whole bid counts, two-decimal som and empty fields', () => {
    const ok = limitsSchema.safeParse({ dailyBids: '0', weeklyBids: ' 200 ', monthlyBids: '', monthlySpend: '1500,50' })
    expect(ok.success).toBe(true)
  })

  it('names the field that is wrong', () => {
    const bad = limitsSchema.safeParse({ dailyBids: '-1', weeklyBids: '2.5', monthlyBids: '1000001', monthlySpend: '1.234' })
    expect(bad.success).toBe(false)
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [i.path[0], i.message]))
    expect(messages).toEqual({
      dailyBids: 'limits.bidsInvalid',
      weeklyBids: 'limits.bidsInvalid',
      monthlyBids: 'limits.bidsInvalid',
      monthlySpend: 'limits.spendInvalid',
    })
  })
})

describe('limitsPayload', () => {
  it('sends only what changed, null for an emptied field', () => {
    const current = { ...none, dailyBids: 10, monthlySpend: 1500 }
    const values = { ...limitsDefaults(current), dailyBids: '5', monthlySpend: '' }
    expect(limitsPayload(values, current)).toEqual({ dailyBids: 5, monthlySpend: null })
  })

  it('sends nothing when nothing changed, so a waiting raise keeps waiting', () => {
    const current = { ...none, weeklyBids: 100 }
    expect(limitsPayload(limitsDefaults(current), current)).toEqual({})
  })

  it('reads som with a comma', () => {
    expect(limitsPayload({ ...limitsDefaults(none), monthlySpend: '99,90' }, none)).toEqual({ monthlySpend: 99.9 })
  })
})
