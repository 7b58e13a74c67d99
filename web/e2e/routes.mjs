// Every route of the app (src/app/router.tsx), by who sees it, for the suites that visit them all
// (a11y.mjs, languages.mjs): the demo data the routes need, the logins, and moving between routes
// as a click would.
import { BASE_URL, byTestId, getJson, postJson, revealDeferred, visit } from './harness.mjs'

/**
 * Every route, by who sees it; `path` may depend on the demo data (`lots`, `order`). Within a
 * list, neighbours differ in `ready` (the test id that says the page is shown): a suite moves
 * between them in the app, as a click would, and waits for the next page's own element.
 * `expectConsole` matches the console errors a route makes on purpose (a missing lot's 404).
 */
export const PUBLIC_ROUTES = [
  { name: 'home', path: () => '/', ready: 'home-page' },
  { name: 'auctions', path: () => '/auctions', ready: 'auctions-page' },
  { name: 'live', path: ({ lots }) => `/auction/${lots.live.slug}`, ready: 'auction-detail' },
  { name: 'how-it-works', path: () => '/how-it-works', ready: 'how-it-works-page' },
  { name: 'fairness', path: () => '/fairness', ready: 'fairness-page' },
  { name: 'upcoming', path: ({ lots }) => `/auction/${lots.upcoming.slug}`, ready: 'auction-detail' },
  { name: 'support', path: () => '/support', ready: 'support-page' },
  { name: 'finished', path: ({ lots }) => `/auction/${lots.finished.slug}`, ready: 'auction-detail' },
  { name: 'rules', path: () => '/auction-rules', ready: 'rules-page' },
  { name: 'privacy', path: () => '/privacy-policy', ready: 'privacy-page' },
  { name: 'terms', path: () => '/terms-of-service', ready: 'terms-page' },
  { name: 'login', path: () => '/login', ready: 'login-page' },
  { name: 'not-found', path: () => '/no-such-page', ready: 'not-found-page' },
  { name: 'auction-not-found', path: () => '/auction/no-such-lot', ready: 'auction-not-found', expectConsole: /status of 404.*\/api\/auctions\/slug\/no-such-lot/ },
  // The welcome modal a new user sees, open over its preview page.
  { name: 'welcome-preview', path: () => '/welcome-preview', ready: 'welcome-preview-page' },
]

export const USER_ROUTES = [
  { name: 'profile', path: () => '/profile', ready: 'profile-page' },
  { name: 'bid-history', path: () => '/bid-history', ready: 'bid-history-page' },
  { name: 'notifications', path: () => '/notifications', ready: 'notifications-page' },
  { name: 'topup', path: () => '/topup', ready: 'topup-page' },
  // The suites' server asks for no phone: the page shows its done state ("Номер подтверждён").
  { name: 'verify-phone', path: () => '/verify-phone', ready: 'verify-phone-page' },
  // The live auction again, signed in: the auto-bidder card (loaded after the first screen) is
  // checked too; the page is the public one, so its title is the public one's.
  { name: 'live-signed-in', path: ({ lots }) => `/auction/${lots.live.slug}`, ready: 'autobid-card', titleOf: 'live' },
  { name: 'demo-pay', path: ({ order }) => `/pay/demo/${order.id}`, ready: 'demo-pay' },
  // A QR order's payment page: the QR code at 1366 px, the bank apps' buttons at 360.
  { name: 'qr-pay', path: ({ qrOrder }) => `/pay/${qrOrder.id}`, ready: 'qr-pay' },
]

export const ADMIN_ROUTES = [
  { name: 'admin', path: () => '/admin', ready: 'admin-page' },
  { name: 'admin-users', path: () => '/admin/users', ready: 'admin-users-page' },
  { name: 'admin-finished', path: () => '/admin/finished-auctions', ready: 'admin-finished-page' },
  { name: 'admin-orders', path: () => '/admin/orders', ready: 'admin-orders-page' },
  { name: 'admin-claims', path: () => '/admin/claims', ready: 'admin-claims-page' },
  { name: 'admin-outbox', path: () => '/admin/outbox', ready: 'admin-outbox-page' },
  { name: 'admin-cluster', path: () => '/admin/cluster', ready: 'admin-cluster-page' },
  { name: 'admin-settings', path: () => '/admin/settings', ready: 'admin-settings-page' },
]

/** The cookies of a logged-in `credentials`, for new contexts. */
export async function loginState(browser, credentials) {
  const context = await browser.newContext()
  try {
    const answer = await context.request.post(`${BASE_URL}/api/auth/login`, { maxRetries: 2, data: credentials, headers: { Origin: BASE_URL } })
    if (!answer.ok()) throw new Error(`login as ${credentials.username} answered ${answer.status()}: ${await answer.text()}`)
    return await context.storageState()
  } finally {
    await context.close()
  }
}

/** The demo data the routes need: a live, an upcoming and a finished lot, a pending card order and
 * a pending QR order. */
export async function demoData(browser, demoLogin) {
  const lists = await (await fetch(`${BASE_URL}/api/auctions`)).json()
  const live = [...lists.live].sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
  const lots = { live, upcoming: lists.upcoming[0], finished: lists.finished[0] }
  for (const [kind, lot] of Object.entries(lots)) if (!lot) throw new Error(`no ${kind} auction (start the server with DEMO_DATA=1)`)
  const context = await browser.newContext({ storageState: demoLogin })
  try {
    const page = await context.newPage()
    const { packages } = await getJson(page, '/api/payments/packages')
    const { order } = await postJson(page, '/api/payments/orders', { packageId: packages[0].id, method: 'card' })
    const { order: qrOrder } = await postJson(page, '/api/payments/orders', { packageId: packages[0].id, method: 'qr' })
    return { lots, order, qrOrder }
  } finally {
    await context.close()
  }
}

/**
 * Shows `route` in `page`: the first of a context loads the app; the next ones move within it
 * (history.pushState and the popstate event the router listens to), as following a link does.
 * The console errors the route makes on purpose are expected (`suite.expectingConsole`).
 */
export async function show(page, route, data, previous, suite) {
  const open = async () => {
    const path = route.path(data)
    if (!previous || previous.ready === route.ready) return visit(page, path, route.ready)
    await page.evaluate((path) => {
      globalThis.history.pushState(null, '', path)
      globalThis.dispatchEvent(new globalThis.PopStateEvent('popstate'))
    }, path)
    await byTestId(page, route.ready).first().waitFor({ state: 'visible' })
  }
  const openWhole = async () => {
    await open()
    await revealDeferred(page)
  }
  return route.expectConsole && suite?.expectingConsole ? suite.expectingConsole(route.expectConsole, openWhole) : openWhole()
}
