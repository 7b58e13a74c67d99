// End-to-end check of a paused auction (docs/rules/outages.md, "Database outages") against a running
// server (BASE_URL, default http://127.0.0.1:8080). The suite cannot stop the server's database, so
// the browser sees a pause the way the server would show it: its requests for one live auction are
// answered with the server's real JSON plus a `paused` object, and its socket frames about that
// auction carry the same pause (then a `resumed` event). Checked at 1366 and 360 px, as a visitor:
// the reason notice, the frozen timer, the disabled bid button and the Paused badges, then the
// return to normal without a reload; and the rules page's section on technical failures.
// Screenshots: paused-*.png.
import {
  BASE_URL,
  DESKTOP,
  PHONE,
  byTestId,
  createSuite,
  expectText,
  expectValue,
  getJson,
  launchBrowser,
  liveWithMostTime,
  preflight,
  session as openSession,
  sleep,
  visit,
} from './harness.mjs'

const suite = createSuite('paused')
const { shot, step } = suite

/** What the paused page must show: the frozen timer reads 00:37 whatever the clock does. */
const REMAINING_MS = 36_400
const FROZEN = '00:37'
const NOTICE = 'Аукцион на паузе: нет связи с базой данных'
const socketUrl = /\/socket\.io\//

/** The pause the server would report for an auction whose store went away at `serverTime`. */
const pauseAt = (serverTime) => ({ reason: 'storeUnavailable', since: serverTime, remainingMs: REMAINING_MS })

/** Adds the pause to one live auction object (others, and a finished one, are left alone). */
function withPause(auction, id) {
  return auction && auction.id === id && auction.status === 'live' ? { ...auction, paused: pauseAt(auction.serverTime) } : auction
}

/** The lists with the pause on `id`, which is also the promoted auction (the home hero shows it). */
function pausedLists(json, id) {
  const promote = (a) => ({ ...a, isPromoted: a.id === id })
  return { ...json, live: json.live.map((a) => promote(withPause(a, id))), upcoming: json.upcoming.map(promote) }
}

/** The server's answer to `GET path` with the pause on `id` (the lists, or the auction itself). */
const pausedAnswer = (path, json, id) => (path === '/api/auctions' ? pausedLists(json, id) : path.endsWith('/bids') ? json : withPause(json, id))

/** The answers a page's HTML carries (routes::spa), with the pause on `id`. */
function pausedPage(html, id) {
  return html.replace(/(<script type="application\/json" id="initial-answers">)(.*?)(<\/script>)/s, (_, open, json, close) => {
    const answers = JSON.parse(json)
    const paused = Object.fromEntries(Object.entries(answers).map(([path, answer]) => [path, pausedAnswer(path, answer, id)]))
    return `${open}${JSON.stringify(paused).replace(/</g, '\\u003c')}${close}`
  })
}

/**
 * While `state.paused`, answers the page's requests for the auction (by slug or id) and for the
 * lists, and the answers its HTML carries, with the server's JSON plus the pause (in the lists it
 * is also the promoted auction); afterwards passes them through unchanged.
 */
async function pauseRequests(page, live, state) {
  const bySlug = `/api/auctions/slug/${live.slug}`
  const detail = new Set([`/api/auctions/${live.slug}`, bySlug, encodeURI(bySlug), `/api/auctions/${live.id}`])
  await page.route(
    (url) => detail.has(url.pathname) || url.pathname === '/api/auctions' || url.pathname === '/' || url.pathname.startsWith('/auction/'),
    async (route) => {
      const response = await route.fetch()
      if (!state.paused || !response.ok()) return route.fulfill({ response })
      const path = new URL(route.request().url()).pathname
      if (path === '/' || path.startsWith('/auction/')) return route.fulfill({ response, body: pausedPage(await response.text(), live.id) })
      return route.fulfill({ response, json: pausedAnswer(path, await response.json(), live.id) })
    },
  )
}

/** A socket.io event frame (`42["name",data]`) → `[name, data]`, or null for any other frame. */
function parseEvent(frame) {
  if (typeof frame !== 'string' || !frame.startsWith('42[')) return null
  return JSON.parse(frame.slice(2))
}

/** The server's frame with the pause added to what it says about `id`. */
function pauseFrame(frame, id) {
  const event = parseEvent(frame)
  const pausedLobby = (data) => (data.auctionId === id && data.status === 'live' ? { ...data, paused: pauseAt(data.serverTime) } : data)
  // The lists' updates in one frame per flush (`batchLobby`), each as in an `auctionUpdate` of type `lobby`.
  if (event?.[0] === 'lobbyUpdates') return `42${JSON.stringify(['lobbyUpdates', { ...event[1], updates: event[1].updates.map(pausedLobby) }])}`
  if (!event || event[0] !== 'auctionUpdate') return frame
  const [name, data] = event
  if (data.type === 'lobby') return data.auctionId === id && data.status === 'live' ? `42${JSON.stringify([name, pausedLobby(data)])}` : frame
  return data.auction?.id === id ? `42${JSON.stringify([name, { ...data, auction: withPause(data.auction, id) }])}` : frame
}

/**
 * Sits between the page and the server's socket: while `state.paused`, every frame about the
 * auction carries the pause; `state.joined` tells that the page joined an auction.
 * `state.send(frame)` sends the page a frame of the suite's own.
 */
async function pauseSocket(page, live, state) {
  await page.routeWebSocket(socketUrl, (ws) => {
    const server = ws.connectToServer()
    server.onMessage((frame) => ws.send(state.paused ? pauseFrame(frame, live.id) : frame))
    ws.onMessage((frame) => {
      if (parseEvent(frame)?.[0] === 'joinAuction') state.joined = true
      server.send(frame)
    })
    state.send = (frame) => ws.send(frame)
  })
}

/** The page is no wider than its viewport. */
async function fitsWidth(page, viewport) {
  const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth)
  if (width > viewport.width) throw new Error(`the page is ${width} px wide at ${viewport.width} px`)
}

/** The detail page shows the pause: notice, frozen timer, disabled button, Paused badge. */
async function expectPaused(page, live) {
  await expectText(byTestId(page, 'pause-notice'), NOTICE)
  const timer = byTestId(page, 'status-panel').locator('[data-testid="live-timer"]')
  await expectValue('the timer has the paused look', async () => (await timer.getAttribute('class')) ?? '', (name) => name.split(/\s+/).includes('timer-paused'))
  await expectText(timer, FROZEN)
  const button = byTestId(page, `bid-button-${live.id}`)
  await expectValue('the bid button is disabled', () => button.isDisabled(), true)
  await expectText(button, 'Ставки на паузе')
  await byTestId(page, 'paused-badge').first().waitFor()
  // Frozen: the clock runs, the timer does not.
  await sleep(2_500)
  await expectText(timer, FROZEN, 1_000)
}

/** Everything is back to normal: no notice, a running timer, the bid button enabled. */
async function expectRunning(page, live) {
  await byTestId(page, 'pause-notice').waitFor({ state: 'detached' })
  const timer = byTestId(page, 'status-panel').locator('[data-testid="live-timer"]')
  await expectValue('the timer runs again', async () => (await timer.getAttribute('class')) ?? '', (name) => !name.split(/\s+/).includes('timer-paused'))
  const button = byTestId(page, `bid-button-${live.id}`)
  await expectValue('the bid button is enabled', () => button.isEnabled(), true)
  await expectText(button, 'Сделать ставку')
  await byTestId(page, 'paused-badge').waitFor({ state: 'detached' })
}

/** Over HTTP (the socket kept away, so the page polls): paused, then back without a reload. */
async function pausedByRequests(browser, live, viewport, name) {
  const { context, page } = await openSession(browser, suite, null, viewport)
  const state = { paused: true }
  try {
    await page.routeWebSocket(socketUrl, () => undefined)
    await pauseRequests(page, live, state)

    await step(page, `${name}: the home hero and card say Paused and offer no bid`, async () => {
      await visit(page, '/', 'home-page')
      const hero = byTestId(page, 'promo-hero')
      await expectText(hero.locator('.hero-title'), live.title)
      await expectText(byTestId(page, 'hero-countdown'), /пауза — таймер остановлен/i)
      await hero.locator('[data-testid="paused-badge"]').waitFor()
      const card = byTestId(page, 'live-auction-card').filter({ has: byTestId(page, `bid-button-${live.id}`) })
      await card.scrollIntoViewIfNeeded()
      await card.locator('[data-testid="paused-badge"]').waitFor()
      await expectText(card.locator('[data-testid="live-timer"]'), FROZEN)
      await expectValue('the card bid button is disabled', () => card.locator(`[data-testid="bid-button-${live.id}"]`).isDisabled(), true)
      await fitsWidth(page, viewport)
      await shot(page, `home-${name}`)
    })

    await step(page, `${name}: the auction page shows the pause, the frozen timer and no bid`, async () => {
      await visit(page, `/auction/${live.slug}`, 'auction-detail')
      await expectPaused(page, live)
      await fitsWidth(page, viewport)
      await byTestId(page, 'status-panel').scrollIntoViewIfNeeded()
      await shot(page, `detail-${name}`)
    })

    await step(page, `${name}: the pause ends and the page runs again without a reload`, async () => {
      state.paused = false
      await expectRunning(page, live)
      await shot(page, `resumed-${name}`)
    })
  } finally {
    await context.close()
  }
}

/** The rules say what a pause means for a bidder, and fit a phone. */
async function rulesSection(browser) {
  const { context, page } = await openSession(browser, suite, null, PHONE)
  try {
    await step(page, 'the rules explain technical failures', async () => {
      await visit(page, '/auction-rules', 'rules-page')
      const section = page.locator('.doc-section').filter({ hasText: 'Если у сайта технический сбой' })
      await expectText(section, 'не меньше чем с 10 секундами')
      await expectText(section, 'ничего не стоят')
      await section.scrollIntoViewIfNeeded()
      await fitsWidth(page, PHONE)
      await shot(page, 'rules-phone')
    })
  } finally {
    await context.close()
  }
}

/** Over the socket: the page gets `paused`, then `resumed`, as the server sends them. */
async function pausedBySocket(browser, live) {
  const { context, page } = await openSession(browser, suite, null, DESKTOP)
  const state = { paused: false, joined: false, send: null }
  try {
    await pauseSocket(page, live, state)

    await step(page, 'socket: a `paused` event pauses the open auction page', async () => {
      await visit(page, `/auction/${live.slug}`, 'auction-detail')
      await expectValue('the page joined the auction on the socket', () => Promise.resolve(state.joined), true)
      const auction = await getJson(page, `/api/auctions/${live.id}`)
      state.paused = true
      state.send(`42${JSON.stringify(['auctionUpdate', { type: 'paused', auction: withPause(auction, live.id), bids: [] }])}`)
      await expectPaused(page, live)
      await shot(page, 'socket-paused')
    })

    await step(page, 'socket: a `resumed` event gives the page its countdown back', async () => {
      state.paused = false
      const auction = await getJson(page, `/api/auctions/${live.id}`)
      state.send(`42${JSON.stringify(['auctionUpdate', { type: 'resumed', auction, bids: [] }])}`)
      await expectRunning(page, live)
      await shot(page, 'socket-resumed')
    })
  } finally {
    await context.close()
  }
}

async function main() {
  await preflight()
  const browser = await launchBrowser()
  try {
    const list = await (await fetch(`${BASE_URL}/api/auctions`)).json()
    const live = liveWithMostTime(list)
    await pausedByRequests(browser, live, DESKTOP, 'desktop')
    await pausedByRequests(browser, live, PHONE, 'phone')
    await pausedBySocket(browser, live)
    await rulesSection(browser)
  } finally {
    await browser.close()
  }
}

suite.run(main)
