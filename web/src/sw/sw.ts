//! The service worker (`/sw.js`, scope `/`; built by vite-plugin-pwa's injectManifest from this
//! file, registered after the first screen by lib/service-worker.ts); docs/rules/web-app.md, "The
//! phone app".
//!
//! - Precaches the app shell only: the offline page with its script and styles, the entry's
//!   scripts and styles, the notification icons (the list: vite.config.ts, `appShellOnly`). Lazy
//!   chunks are not fetched ahead (bidders are on mobile data); the HTTP cache keeps what was seen.
//! - Navigations go to the network (with navigation preload); when it fails, the answer is the
//!   precached offline page, which comes back to the real page by itself.
//! - Never answers anything else: `/api/*`, `/socket.io/*`, `/ws*`, non-GET requests and every
//!   file not precached go to the network as if there were no worker.
//! - A new version takes over at once (skipWaiting, clientsClaim) and drops the old precache;
//!   the page reloads itself at a safe moment (lib/service-worker.ts).
//! - Shows pushes and opens their page on a click (push-message.ts).
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'
import { clickTarget, pushNotice } from './push-message'

declare const self: ServiceWorkerGlobalScope

/** The page shown for a navigation while the network is down (offline.html, precached). */
const OFFLINE_PAGE = '/offline.html'

self.addEventListener('install', () => {
  void self.skipWaiting()
})
clientsClaim()
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

// The navigation's request starts while the worker boots (a cold start costs a slow phone
// 50-200 ms); NetworkOnly uses its answer.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve())
})

const network = new NetworkOnly()
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options)
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()
      }
    },
    { denylist: [/^\/api\//, /^\/socket\.io\//, /^\/ws/, /^\/media\//] },
  ),
)

self.addEventListener('push', (event) => {
  const notice = pushNotice(event.data?.text(), self.location.origin, self.navigator.language)
  event.waitUntil(self.registration.showNotification(notice.title, notice.options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(openPage(clickTarget(event.notification.data, self.location.origin)))
})

/** Shows `path` in an open window of the site (the focused one first), else in a new one. */
async function openPage(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin)
  const open = ours.find((client) => client.focused) ?? ours[0]
  if (open) {
    try {
      const focused = await open.focus()
      await focused.navigate(path)
      return
    } catch {
      // A window this worker does not control cannot be sent elsewhere: open a new one.
    }
  }
  await self.clients.openWindow(path)
}
