import { describe, expect, it } from 'vitest'
import { basisPoints, medianShare, shareOf } from './fairness-page'

describe('the fairness page figures', () => {
  it('give a share as a whole percent, and none of nothing', () => {
    expect(shareOf(2, 3)).toBe(67)
    expect(shareOf(0, 0)).toBeNull()
  })

  it('show basis points as a percent with two decimals in the reader’s language', () => {
    expect(basisPoints(35, 'en')).toBe('0.35%')
    expect(basisPoints(35, 'ru').replace(/\s/g, ' ')).toBe('0,35 %')
  })

  it('say a median share below one basis point is under 0.01 %, never 0.00 %', () => {
    const under = (value: string) => `менее ${value}`
    expect(medianShare(0, 'ru', under).replace(/\s/g, ' ')).toBe('менее 0,01 %')
    expect(medianShare(35, 'ru', under).replace(/\s/g, ' ')).toBe('0,35 %')
    expect(medianShare(null, 'ru', under)).toBe('—')
  })
})
