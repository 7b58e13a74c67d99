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
