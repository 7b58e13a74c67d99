//! The auction slug (spec section 5): the cleaned title (at most 35 characters), a hyphen, and the
//! display id with slashes turned into hyphens. The server builds the same string.

export const INVALID_SLUG = 'invalid-auction'
const TITLE_MAX = 35

export function slugifyTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9а-я\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .trim()
    .slice(0, TITLE_MAX)
}

export function slugifyDisplayId(displayId: string): string {
  return displayId.replace(/[/\\]/g, '-').toLowerCase()
}

export function auctionSlug(title: string | null | undefined, displayId: string | null | undefined): string {
  if (!title || !displayId) {
    console.error('auctionSlug: title and displayId are both required', { title, displayId })
    return INVALID_SLUG
  }
  return `${slugifyTitle(title)}-${slugifyDisplayId(displayId)}`
}

/** The path of an auction's page, preferring the slug the server sent. */
export function auctionPath(auction: { slug?: string | null; title?: string | null; displayId?: string | null }): string {
  return `/auction/${auction.slug || auctionSlug(auction.title, auction.displayId)}`
}
