import { describe, expect, it } from 'vitest'
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
