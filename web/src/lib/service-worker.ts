//! Registers the service worker (`/sw.js`, src/sw/sw.ts) and keeps the page on the newest
//! version. Loaded after the first screen (app/startup.ts, a dynamic import): the first render does
//! not wait for it, and the worker's install (its precache) does not compete with the first
//! screen's requests.
//!
//! Updates (docs/rules/web-app.md, "The phone app"): the browser looks for a new `/sw.js` on each
//! full load; a page left open looks again when it comes back to the screen and every hour. A new
//! worker takes over at once (skipWaiting, clientsClaim); when it does, this page, whose old
//! bundle's lazy chunks the deploy removed, goes over to the new version
//! (lib/follow-new-version.ts, loaded then).
/** How often an open page asks whether a new version is out, while it is shown. */
const UPDATE_CHECK_MS = 60 * 60 * 1000
/** How long after a check coming back to the screen does not check again. */
const RECHECK_AFTER_MS = 10 * 60 * 1000

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  // What a reload would lose: a field typed into (since the page loaded), an open dialog.
  let typed = false
  document.addEventListener('input', () => (typed = true), { capture: true, passive: true })
  const busy = () => typed || document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
  // A page loaded without a worker has the newest bundle: the first worker's takeover is no update.
  let hadWorker = navigator.serviceWorker.controller !== null
  let following = false
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadWorker && !following) {
      following = true
      // Offline by now: the page stays as it is until its next full load.
      void import('./follow-new-version').then((update) => update.followNewVersion(busy)).catch(() => undefined)
    }
    hadWorker = true
  })

  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
  let checkedAt = Date.now()
  const check = () => {
    if (document.visibilityState !== 'visible') return
    checkedAt = Date.now()
    // Offline, or the server restarting: the next check will do.
    registration.update().catch(() => undefined)
  }
  window.setInterval(check, UPDATE_CHECK_MS)
  document.addEventListener('visibilitychange', () => {
    if (Date.now() - checkedAt > RECHECK_AFTER_MS) check()
  })
}
