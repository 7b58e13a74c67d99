import { describe, expect, it } from 'vitest'
import { clampPage, pageCount, pageRange, pageSlice, pageWindow } from './pagination'

describe('pagination', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 12)).toBe(1)
    expect(pageCount(12, 12)).toBe(1)
    expect(pageCount(13, 12)).toBe(2)
  })

  it('shows a window of up to five numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3])
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8])
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10])
  })

  it('clamps a requested page into range', () => {
    expect(clampPage(0, 4)).toBe(1)
    expect(clampPage(9, 4)).toBe(4)
    expect(clampPage(Number.NaN, 4)).toBe(1)
  })

  it('slices a page and reports its range', () => {
    const items = Array.from({ length: 25 }, (_, index) => index + 1)
    expect(pageSlice(items, 3, 12)).toEqual([25])
    expect(pageRange(3, 12, 25)).toEqual({ from: 25, to: 25 })
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 })
  })
})
