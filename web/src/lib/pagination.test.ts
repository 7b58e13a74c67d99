import { describe, expect, it } from 'vitest'
import { GAP, clampPage, pageCount, pageItems, pageRange, pageSlice, pageWindow } from './pagination'

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

describe('page numbers with gaps', () => {
  it('shows every page of a short list', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageItems(0, 0)).toEqual([])
  })

  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageItems(6, 12)).toEqual([1, GAP, 5, 6, 7, GAP, 12])
  })

  it('shows five numbers near either edge', () => {
    expect(pageItems(1, 12)).toEqual([1, 2, 3, 4, GAP, 12])
    expect(pageItems(3, 12)).toEqual([1, 2, 3, 4, GAP, 12])
    expect(pageItems(12, 12)).toEqual([1, GAP, 9, 10, 11, 12])
  })

  it('never hides a single page behind a gap', () => {
    expect(pageItems(4, 12)).toEqual([1, 2, 3, 4, 5, GAP, 12])
    expect(pageItems(5, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
