// End-to-end check of the layout (issue 11) against a running server (BASE_URL, default
// http://127.0.0.1:8080, started with DEMO_DATA=1). A live auction page: at 360×740 the first
// screen shows the title, price, countdown, leader and bid button, above the image; at 1366 px the
// bid panel stays beside the image; at both widths the bid history scrolls inside a bounded,
// focusable panel (the page gets a long history, the server's bids then made-up older ones, and no
// socket, so it polls). Every route at 360 px: nothing sticks out sideways. The signed-in header,
// at 360, 1024 and 1366 px in Russian and Kyrgyz (the longest labels): the logo keeps its size and
// the site name shows whole, and nothing (the balance chip, the navigation) covers them. The bid
// history page at 360 px: every cell of its tables is inside the screen. Screenshots: layout-*.png.
import { ADMIN, BASE_URL, DEMO, DESKTOP, byTestId, createSuite, expectValue, launchBrowser, liveWithMostTime, preflight, session as openSession, sleep, visit } from './harness.mjs'

const suite = createSuite('layout')
const { shot, step } = suite

/** The phone of issue 11: its first screen is 740 px tall. */
const PHONE_SCREEN = { width: 360, height: 740 }
/** Enough bids that the history overflows its panel at every width. */
const HISTORY_LENGTH = 40
const socketUrl = /\/socket\.io\//

/** `count` bids for the history: the server's, then older made-up ones below them. */
function longHistory(bids, count) {
  const oldest = bids.at(-1)
  const start = oldest ? oldest.createdAt : Date.now()
  const filler = Array.from({ length: Math.max(0, count - bids.length) }, (_, index) => ({
    id: -1 - index,
    amount: 0.01,
    isBot: true,
    botName: `Бот ${index + 1}`,
    isPrebid: false,
    isAuto: false,
    user: null,
    createdAt: start - (index + 1) * 10_000,
  }))
  return [...bids, ...filler]
}

/** Answers the page's bid history requests for `live` with a long history. */
async function lengthenHistory(page, live) {
  await page.route(
    (url) => url.pathname === `/api/auctions/${live.id}/bids`,
    async (route) => {
      try {
        const response = await route.fetch()
        if (!response.ok()) return await route.fulfill({ response })
        return await route.fulfill({ response, json: longHistory(await response.json(), HISTORY_LENGTH) })
      } catch (err) {
        // A poll still on its way when the step closed its page: nothing is waiting for it.
        if (!/disposed|closed/i.test(String(err))) throw err
      }
    },
  )
}

/** The element's box in the page's coordinates (the page is at its top). */
async function box(locator, what) {
  const found = await locator.first().boundingBox()
  if (!found) throw new Error(`${what} is not shown`)
  return found
}

/** The history panel is bounded, scrolls, and is a labelled region reachable by keyboard. */
async function expectBoundedHistory(page) {
  const panel = byTestId(page, 'bid-history-scroll')
  await page.locator('[data-testid="bid-row"]').nth(HISTORY_LENGTH - 1).waitFor({ state: 'attached' })
  const style = await panel.evaluate((element) => {
    const computed = globalThis.getComputedStyle(element)
    return {
      maxHeight: computed.maxHeight,
      overflowY: computed.overflowY,
      clientHeight: element.clientHeight,
      scrollHeight: element.scrollHeight,
      role: element.getAttribute('role'),
      label: element.getAttribute('aria-label'),
      tabIndex: element.tabIndex,
    }
  })
  const bound = Number.parseFloat(style.maxHeight)
  if (!(bound > 0 && bound <= 480)) throw new Error(`the history's max-height is ${style.maxHeight}`)
  if (style.overflowY !== 'auto') throw new Error(`the history's overflow-y is ${style.overflowY}`)
  if (style.clientHeight > bound) throw new Error(`the history is ${style.clientHeight} px tall, over its ${bound} px`)
  if (style.scrollHeight <= style.clientHeight) throw new Error(`the history does not overflow (${style.scrollHeight} ≤ ${style.clientHeight} px)`)
  if (style.role !== 'region' || !style.label || style.tabIndex !== 0) throw new Error(`the history is not a focusable labelled region: ${JSON.stringify(style)}`)
  // The keyboard scrolls it.
  await panel.focus()
  await page.keyboard.press('End')
  await expectValue('End scrolls the focused history', () => panel.evaluate((element) => element.scrollTop), (top) => top > 0)
  await panel.evaluate((element) => element.scrollTo(0, 0))
  return { bound, ...style }
}

/** At 360×740 the title, price, countdown, leader and bid button are on the first screen, above the image. */
async function phoneFirstScreen(browser, live) {
  const { context, page } = await openSession(browser, suite, null, PHONE_SCREEN)
  try {
    await page.routeWebSocket(socketUrl, () => undefined)
    await lengthenHistory(page, live)
    await step(page, 'phone: the bid panel is on the first screen, above the image', async () => {
      await visit(page, `/auction/${live.slug}`, 'auction-detail')
      const button = await box(byTestId(page, `bid-button-${live.id}`), 'the bid button')
      process.stdout.write(`(bid button bottom ${Math.round(button.y + button.height)} px) `)
      if (button.y + button.height > PHONE_SCREEN.height) throw new Error(`the bid button ends ${Math.round(button.y + button.height)} px down, below the ${PHONE_SCREEN.height} px screen`)
      const above = {
        title: page.locator('h1').filter({ hasText: live.title }),
        price: byTestId(page, 'current-price'),
        timer: byTestId(page, 'status-panel').locator('[data-testid="live-timer"]'),
        leader: byTestId(page, 'leader-name'),
      }
      for (const [what, locator] of Object.entries(above)) {
        const found = await box(locator, `the ${what}`)
        if (found.y < 0 || found.y + found.height > button.y) throw new Error(`the ${what} (${Math.round(found.y)} px) is not above the bid button (${Math.round(button.y)} px)`)
      }
      const image = await box(page.locator('.detail-media'), 'the image')
      if (image.y < button.y + button.height) throw new Error(`the image (${Math.round(image.y)} px) comes before the bid button`)
      await shot(page, 'phone-page')
    })
    await step(page, 'phone: the bid history scrolls inside its bounded panel', async () => {
      await expectBoundedHistory(page)
      await byTestId(page, 'auction-bid-history').scrollIntoViewIfNeeded()
      await shot(page, 'phone-history')
    })
  } finally {
    await context.close()
  }
}

/** At 1366 px the bid panel is beside the image, level with it, and the history is bounded too. */
async function desktopBeside(browser, live) {
  const { context, page } = await openSession(browser, suite, null, DESKTOP)
  try {
    await page.routeWebSocket(socketUrl, () => undefined)
    await lengthenHistory(page, live)
    await step(page, 'desktop: the bid panel sits beside the image', async () => {
      await visit(page, `/auction/${live.slug}`, 'auction-detail')
      const image = await box(page.locator('.detail-media'), 'the image')
      const panel = await box(byTestId(page, 'status-panel'), 'the status panel')
      if (panel.x < image.x + image.width) throw new Error(`the panel (x ${Math.round(panel.x)}) is not right of the image (ends at ${Math.round(image.x + image.width)})`)
      if (Math.abs(panel.y - image.y) > 2) throw new Error(`the panel's top (${Math.round(panel.y)}) is not level with the image's (${Math.round(image.y)})`)
      await shot(page, 'desktop-page')
      await expectBoundedHistory(page)
    })
  } finally {
    await context.close()
  }
}

/** The phone of the public routes and the header check. */
const PHONE_WIDTH = { width: 360, height: 780 }

/** Opens `path` and waits for the page to settle (its spinner gone, its data drawn). */
async function settle(page, path) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' }).catch(() => undefined)
  await byTestId(page, 'page-spinner').waitFor({ state: 'detached' }).catch(() => undefined)
  await sleep(200)
}

/** What sticks out of the page sideways: the document's overflow and the elements past its edge. */
function sideways(page) {
  return page.evaluate(() => {
    const root = globalThis.document.documentElement
    const edge = root.clientWidth
    // Past the right edge (by any fraction of a pixel), unless a scrolling or clipping box inside
    // the screen holds it.
    const held = (element) => {
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        if (globalThis.getComputedStyle(parent).overflowX !== 'visible') return parent.getBoundingClientRect().right <= edge + 0.01
      }
      return false
    }
    const past = [...globalThis.document.body.querySelectorAll('*')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ element, box }) => box.width > 0 && box.right > edge + 0.01 && !held(element))
      .slice(0, 5)
      .map(({ element, box }) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} [${box.left.toFixed(2)}, ${box.right.toFixed(2)}]`)
    return { scrollWidth: root.scrollWidth, clientWidth: edge, past }
  })
}

/** No route overflows sideways at 360 px, for a visitor, the demo bidder or the admin. */
async function noSidewaysOverflow(browser, list) {
  const live = list.live[0]
  const finished = list.finished[0]
  const upcoming = list.upcoming[0]
  const auctions = [live, finished, upcoming].filter(Boolean).map((auction) => `/auction/${auction.slug}`)
  const visitor = ['/', '/auctions', ...auctions, '/how-it-works', '/support', '/auction-rules', '/privacy-policy', '/terms-of-service', '/login', '/topup']
  const users = [
    ['visitor', null, visitor],
    ['demo', DEMO, ['/', ...auctions, '/topup', '/profile', '/bid-history', '/notifications']],
    ['admin', ADMIN, ['/admin', '/admin/users', '/admin/finished-auctions', '/admin/orders', '/admin/claims', '/admin/settings']],
  ]
  for (const [who, credentials, paths] of users) {
    const { context, page } = await openSession(browser, suite, credentials, PHONE_WIDTH)
    try {
      await step(page, `360 px, ${who}: ${paths.length} routes do not overflow sideways`, async () => {
        const found = []
        for (const path of paths) {
          await settle(page, path)
          const { scrollWidth, clientWidth, past } = await sideways(page)
          if (scrollWidth > clientWidth || past.length > 0) found.push(`${decodeURIComponent(path)}: ${scrollWidth} > ${clientWidth} px; ${past.join(', ')}`)
        }
        if (found.length > 0) throw new Error(`overflow sideways:\n  ${found.join('\n  ')}`)
      })
    } finally {
      await context.close()
    }
  }
}

/** The boxes of the header's parts, and the header's own overflow. */
function headerBoxes(page) {
  return page.evaluate(() => {
    const find = (selector) => {
      const element = globalThis.document.querySelector(selector)
      if (!element) return null
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) return null
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height, clipped: element.scrollWidth > element.clientWidth + 1 }
    }
    const inner = globalThis.document.querySelector('.header-inner')
    return {
      logo: find('.brand .logo-mark'),
      name: find('.brand-name'),
      others: ['.main-nav', '.header-actions', '.balance-chip'].map((selector) => [selector, find(selector)]).filter(([, box]) => box),
      overflow: inner ? inner.scrollWidth - inner.clientWidth : 0,
      viewport: globalThis.document.documentElement.clientWidth,
    }
  })
}

const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5

/** Signed in, the header shows the whole logo and site name, and nothing covers them. */
async function headerFits(browser) {
  for (const lang of ['ru', 'ky']) {
    for (const viewport of [PHONE_WIDTH, { width: 1024, height: 780 }, DESKTOP]) {
      const { context, page } = await openSession(browser, suite, DEMO, viewport)
      try {
        await context.addInitScript((language) => localStorage.setItem('lang', language), lang)
        await step(page, `header at ${viewport.width} px (${lang}, signed in): logo and name whole and uncovered`, async () => {
          await settle(page, '/how-it-works')
          await byTestId(page, 'bid-balance').waitFor()
          const { logo, name, others, overflow, viewport: width } = await headerBoxes(page)
          if (!logo || logo.width < 32 || logo.height < 32) throw new Error(`the logo is ${logo ? `${logo.width.toFixed(1)}×${logo.height.toFixed(1)} px` : 'not shown'}`)
          if (!name || name.width < 20) throw new Error(`the site name is ${name ? `${name.width.toFixed(1)} px wide` : 'not shown'}`)
          if (name.clipped) throw new Error('the site name is cut off')
          if (name.left < logo.right - 0.5) throw new Error('the site name runs into the logo')
          for (const [selector, box] of others) {
            for (const [part, own] of [['logo', logo], ['site name', name]]) {
              if (overlap(own, box)) throw new Error(`${selector} covers the ${part} (${selector} from ${box.left.toFixed(1)} px, the ${part} to ${own.right.toFixed(1)} px)`)
            }
            if (box.right > width + 0.5) throw new Error(`${selector} ends at ${box.right.toFixed(1)} px, past the ${width} px screen`)
          }
          if (overflow > 0) throw new Error(`the header's content is ${overflow} px wider than the header`)
          if (viewport.width === PHONE_WIDTH.width) await shot(page, `header-${lang}-phone`)
        })
      } finally {
        await context.close()
      }
    }
  }
}

/** At 360 px every cell of the bid history's tables (bids, pre-bids) is inside the screen. */
async function historyTablesFit(browser) {
  const { context, page } = await openSession(browser, suite, DEMO, PHONE_WIDTH)
  try {
    await step(page, 'bid history at 360 px: every table cell is inside the screen', async () => {
      await settle(page, '/bid-history')
      const tables = page.locator('[data-testid="bid-history-page"] table')
      await tables.first().waitFor()
      const cells = await page.evaluate(() => {
        const edge = globalThis.document.documentElement.clientWidth
        const all = [...globalThis.document.querySelectorAll('[data-testid="bid-history-page"] table td')]
        const outside = all
          .map((cell) => ({ cell, box: cell.getBoundingClientRect() }))
          .filter(({ box }) => box.right > edge + 0.5 || box.left < -0.5)
          .map(({ cell, box }) => `"${cell.textContent.trim().slice(0, 20)}" [${box.left.toFixed(0)}, ${box.right.toFixed(0)}]`)
        return { count: all.length, outside: outside.slice(0, 5), edge }
      })
      if (cells.count === 0) throw new Error('the bid history has no table cells (the demo user has bids)')
      if (cells.outside.length > 0) throw new Error(`cells outside the ${cells.edge} px screen: ${cells.outside.join(', ')}`)
      await byTestId(page, 'bids-table').scrollIntoViewIfNeeded()
      await shot(page, 'history-phone')
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
    await phoneFirstScreen(browser, live)
    await desktopBeside(browser, live)
    await noSidewaysOverflow(browser, list)
    await headerFits(browser)
    await historyTablesFit(browser)
  } finally {
    await browser.close()
  }
}

suite.run(main)
