//! A page running an old bundle goes over to the new version (lib/app-update.ts decides when):
//! loaded only when a new version has taken over the page (lib/service-worker.ts), so a visit
//! without an update never downloads it.
import { linkedPage, loadPage, reloadMoment, reloadPage } from './app-update'

/** From now on a move to another page of the site is a full load of it. */
function loadNextPageAnew() {
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null
      const click = {
        button: event.button,
        modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
        defaultPrevented: event.defaultPrevented,
        link: link && { href: link.href, target: link.target, download: link.hasAttribute('download') },
      }
      const page = linkedPage(click, window.location)
      if (!page) return
      // Before the router's own handler (this listener captures at the document): it sees the
      // click handled and leaves it.
      event.preventDefault()
      loadPage(page)
    },
    { capture: true },
  )
  let shown = window.location.pathname
  window.addEventListener('popstate', () => {
    if (window.location.pathname !== shown) reloadPage()
    shown = window.location.pathname
  })
}

/** Reloads now if the page is hidden and `busy()` says nothing would be lost, and whenever it is
 * hidden later; meanwhile the reader's next page is loaded anew. */
export function followNewVersion(busy: () => boolean) {
  const reloadIfIdle = () => {
    if (reloadMoment({ hidden: document.visibilityState === 'hidden', busy: busy() }) === 'now') reloadPage()
  }
  reloadIfIdle()
  document.addEventListener('visibilitychange', reloadIfIdle)
  loadNextPageAnew()
}
