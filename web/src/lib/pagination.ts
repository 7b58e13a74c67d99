//! Client-side paging: a window of up to 5 page numbers around the current page.

export const PAGE_WINDOW = 5

export function pageCount(totalItems: number, perPage: number): number {
  return Math.max(1, Math.ceil(totalItems / perPage))
}

export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page)) return 1
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, total))
}

/** Up to `size` consecutive page numbers, keeping `current` as central as the edges allow. */
export function pageWindow(current: number, total: number, size: number = PAGE_WINDOW): number[] {
  if (total < 1) return []
  const end = Math.min(total, Math.max(current + Math.floor(size / 2), size))
  const start = Math.max(1, end - size + 1)
  return Array.from({ length: end - start + 1 }, (_, index) => start + index)
}

export function pageSlice<T>(items: readonly T[], page: number, perPage: number): T[] {
  return items.slice((page - 1) * perPage, page * perPage)
}

/** 1-based positions of the first and last item on `page` (0-0 when empty). */
export function pageRange(page: number, perPage: number, totalItems: number): { from: number; to: number } {
  if (totalItems === 0) return { from: 0, to: 0 }
  return { from: (page - 1) * perPage + 1, to: Math.min(page * perPage, totalItems) }
}

/** A gap between page numbers ("…"). */
export const GAP = 'gap' as const
export type PageItem = number | typeof GAP

/**
 * Page numbers with gaps, for long server-paged lists: always the first and the last page and
 * the neighbours of the current one, `…` where numbers are left out; a gap never hides a single
 * page (that page is shown instead); up to 7 pages are all shown. `pageItems(6, 12)` → `1 … 5 6 7 … 12`.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return []
  // Seven numbers take no more room than the longest form with gaps.
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1)
  const page = clampPage(current, total)
  const shown = new Set([1, total, page - 1, page, page + 1].filter((n) => n >= 1 && n <= total))
  // Near an edge, show as many numbers as in the middle.
  if (page <= 3) [2, 3, 4].forEach((n) => n <= total && shown.add(n))
  if (page >= total - 2) [total - 3, total - 2, total - 1].forEach((n) => n >= 1 && shown.add(n))
  const numbers = [...shown].sort((a, b) => a - b)
  const items: PageItem[] = []
  numbers.forEach((n, index) => {
    const previous = numbers[index - 1]
    if (previous !== undefined && n - previous === 2) items.push(n - 1)
    else if (previous !== undefined && n - previous > 2) items.push(GAP)
    items.push(n)
  })
  return items
}
