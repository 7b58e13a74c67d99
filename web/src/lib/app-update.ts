//! When a page running an old bundle goes over to the new version (its service worker changed: a
//! deploy), decided without the DOM so that it can be tested (lib/follow-new-version.ts applies it;
//! docs/rules/web-app.md, "The phone app"). Never under the reader's eyes: a bidder watching a
//! countdown does not see the page blink, and nothing typed is lost.

/** When the page reloads into the new version: now, or when the reader goes to another page. */
export type ReloadMoment = 'now' | 'next-page'

/**
 * Now when nobody is looking (the page is hidden) and nothing would be lost (no dialog open, no
 * field typed into); else when the reader goes to another page, which replaces the screen anyway.
 */
export function reloadMoment({ hidden, busy }: { hidden: boolean; busy: boolean }): ReloadMoment {
  return hidden && !busy ? 'now' : 'next-page'
}

/** What `linkedPage` reads of a click and of the link it hit. */
export interface LinkClick {
  button: number
  modified: boolean
  defaultPrevented: boolean
  /** The link's `href` (resolved), `target` and whether it has `download`; null off a link. */
  link: { href: string; target: string; download: boolean } | null
}

/**
 * The page of this site a plain click on a link leads to, which the page then loads anew (the new
 * version) rather than showing it with the old bundle; null for anything the browser or the app
 * handles otherwise: another site, a new tab, a download, a modified or handled click, a jump
 * within the same page (`#main`).
 */
export function linkedPage(click: LinkClick, current: { origin: string; pathname: string; search: string }): string | null {
  const { link } = click
  if (!link || click.button !== 0 || click.modified || click.defaultPrevented || link.download) return null
  if (link.target && link.target !== '_self') return null
  const url = new URL(link.href, current.origin)
  if (url.origin !== current.origin) return null
  if (url.pathname === current.pathname && url.search === current.search) return null
  return url.href
}

/** Loads the page again, from the network: the new version's bundle. */
export function reloadPage() {
  window.location.reload()
}

/** Loads `url` as a new page (not a move inside this one). */
export function loadPage(url: string) {
  window.location.assign(url)
}
