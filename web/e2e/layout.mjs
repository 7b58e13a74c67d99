// End-to-end check of the layout (issues 11 and 22) against a running server (BASE_URL, default
// http://127.0.0.1:8080, started with DEMO_DATA=1). A live auction page: at 360×740 the first
// screen shows the title, price, countdown, leader and bid button, above the image; at 1366 px the
// bid panel stays beside the image, and at 360 px the bid button stays put when the watch star
// loads (its stand-in keeps its row); at both widths the bid history scrolls inside a bounded,
// focusable panel (the page gets a long history, the server's bids then made-up older ones, and no
// socket, so it polls). Every route at 360 px: nothing sticks out sideways and no price breaks
// between its number and its currency. The signed-in header at 360, 1024 and 1366 px and a
// visitor's at 1366 px, in Russian and Kyrgyz (the longest labels): the logo keeps its size, the
// site name (and the visitor's tagline) shows whole, and nothing (the balance chip, the
// navigation) covers them. The bid history page at 360 px: one
// entry per auction, each opening and closing its bids, all inside the screen. The cookie bar at
// 360 and 1366 px: slim, and off the hero's button and the bid button. The toast after a login on
// an auction page, at 360×740 and 1366×768: off the countdown and the bid button. The admin
// navigation: one row under 56 px, the current page marked. Screenshots: layout-*.png.
import { ADMIN, BASE_URL, DEMO, DESKTOP, byTestId, createSuite, expectToast, expectValue, launchBrowser, liveWithMostTime, preflight, revealDeferred, session as openSession, sleep, visit } from './harness.mjs'

const suite = createSuite('layout')
const { shot, step } = suite

/** The phone of issue 11: its first screen is 740 px tall. */
const PHONE_SCREEN = { width: 360, height: 740 }
/** A common laptop's first screen. */
const LAPTOP_SCREEN = { width: 1366, height: 768 }
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

/**
 * The boxes of the auction page's title, price, countdown, leader, bid button and image, all read
 * in one frame, once two reads 250 ms apart agree on every top and height (the page has stopped
 * moving).
 */
async function settledBoxes(page, live) {
  const read = () =>
    page.evaluate(({ id, title }) => {
      const rect = (element) => {
        if (!element) return null
        const { x, y, width, height } = element.getBoundingClientRect()
        return width > 0 && height > 0 ? { x, y, width, height } : null
      }
      const one = (selector) => rect(globalThis.document.querySelector(selector))
      return {
        button: one(`[data-testid="bid-button-${id}"]`),
        title: rect([...globalThis.document.querySelectorAll('h1')].find((h) => h.textContent.includes(title))),
        price: one('[data-testid="current-price"]'),
        timer: one('[data-testid="status-panel"] [data-testid="live-timer"]'),
        leader: one('[data-testid="leader-name"]'),
        image: one('.detail-media'),
      }
    }, { id: live.id, title: live.title })
  let last = null
  const settled = await expectValue('the auction page settles', async () => {
    const now = await read()
    // Heights and tops only: the countdown's width may change with its digits.
    const key = JSON.stringify(Object.values(now).map((found) => found && [Math.round(found.y), Math.round(found.height)]))
    const same = key === last
    last = key
    await sleep(250)
    return same && Object.values(now).every(Boolean) ? now : null
  }, Boolean)
  return settled
}

/** At 360×740 the title, price, countdown, leader and bid button are on the first screen, above the image. */
async function phoneFirstScreen(browser, live) {
  const { context, page } = await openSession(browser, suite, null, PHONE_SCREEN)
  try {
    await page.routeWebSocket(socketUrl, () => undefined)
    await lengthenHistory(page, live)
    await step(page, 'phone: the bid panel is on the first screen, above the image', async () => {
      await visit(page, `/auction/${live.slug}`, 'auction-detail')
      // Every box from one layout: measured one by one, a late change above the panel (the
      // history or the house rule arriving) moved the price after the button was measured.
      const boxes = await settledBoxes(page, live)
      const button = boxes.button
      process.stdout.write(`(bid button bottom ${Math.round(button.y + button.height)} px) `)
      if (button.y + button.height > PHONE_SCREEN.height) throw new Error(`the bid button ends ${Math.round(button.y + button.height)} px down, below the ${PHONE_SCREEN.height} px screen`)
      for (const what of ['title', 'price', 'timer', 'leader']) {
        const found = boxes[what]
        if (found.y < 0 || found.y + found.height > button.y) throw new Error(`the ${what} (${Math.round(found.y)}–${Math.round(found.y + found.height)} px) is not above the bid button (${Math.round(button.y)} px)`)
      }
      const image = boxes.image
      if (image.y < button.y + button.height) throw new Error(`the image (${Math.round(image.y)} px) comes before the bid button`)
      await shot(page, 'phone-page')
    })
    await step(page, 'phone: the page does not move when the watch star comes', async () => {
      // The star's code held back: its invisible stand-in keeps the place it takes (a row of its
      // own at 360 px), so the bid button stays where the thumb found it.
      let release
      const held = new Promise((resolve) => (release = resolve))
      await page.route(/\/assets\/watch-star-[^/]*\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await visit(page, `/auction/${live.slug}`, 'auction-detail')
      await byTestId(page, 'watch-star-placeholder').waitFor({ state: 'attached' })
      const before = await box(byTestId(page, `bid-button-${live.id}`), 'the bid button')
      release()
      await byTestId(page, `watch-star-${live.id}`).waitFor()
      const after = await box(byTestId(page, `bid-button-${live.id}`), 'the bid button')
      if (Math.abs(after.y - before.y) > 0.5) throw new Error(`the bid button moved from ${Math.round(before.y)} to ${Math.round(after.y)} px when the star came`)
      await page.unroute(/\/assets\/watch-star-[^/]*\.js$/)
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
      // The watch star loads after the first screen; both boxes are read once it is there.
      await byTestId(page, `watch-star-${live.id}`).waitFor()
      const [image, panel] = await Promise.all([box(page.locator('.detail-media'), 'the image'), box(byTestId(page, 'status-panel'), 'the status panel')])
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
    // the screen holds it (the nearest such box or one further out: an icon's paths are clipped
    // by the icon, itself in a row that scrolls sideways).
    const held = (element) => {
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        if (globalThis.getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= edge + 0.01) return true
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

/**
 * Every price on the page that shows (a number with two decimals and its currency, `0,35 сом`,
 * `1 234,56 сом`) and whether it sits on one line: the text of each is measured where it is drawn,
 * so a break between the number and the currency shows as two line boxes.
 */
function pricesOnPage(page) {
  return page.evaluate(() => {
    const money = /\d{1,3}(?:[\s,]\d{3})*[,.]\d\d\s(?:сом|som|სომი|\$)/gu
    const walker = globalThis.document.createTreeWalker(globalThis.document.body, globalThis.NodeFilter.SHOW_TEXT)
    const wrapped = []
    let count = 0
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(money)) {
        const range = globalThis.document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0)
        if (rects.length === 0) continue
        count += 1
        // Two pieces are on different lines when one starts below where the other ends (pieces
        // of one line in different fonts overlap, whatever their own tops).
        const lines = rects.some((a) => rects.some((b) => b.top >= a.bottom - 1))
        if (lines) wrapped.push(`"${match[0].replace(/\s/g, ' ')}" on ${rects.length} lines`)
      }
    }
    return { count, wrapped: wrapped.slice(0, 5) }
  })
}

/** No route overflows sideways at 360 px, for a visitor, the demo bidder or the admin; no price wraps. */
async function noSidewaysOverflow(browser, list) {
  const live = list.live[0]
  const finished = list.finished[0]
  const upcoming = list.upcoming[0]
  const auctions = [live, finished, upcoming].filter(Boolean).map((auction) => `/auction/${auction.slug}`)
  const visitor = ['/', '/auctions', ...auctions, '/how-it-works', '/fairness', '/support', '/auction-rules', '/privacy-policy', '/terms-of-service', '/login', '/topup']
  const users = [
    ['visitor', null, visitor],
    ['demo', DEMO, ['/', ...auctions, '/topup', '/profile', '/bid-history', '/notifications']],
    ['admin', ADMIN, ['/admin', '/admin/users', '/admin/finished-auctions', '/admin/orders', '/admin/claims', '/admin/outbox', '/admin/cluster', '/admin/settings']],
    // Prices read longer in other languages (`179,900.00 som`, `0,01 სომი`).
    ['visitor in English', null, ['/', ...auctions, '/topup'], 'en'],
    ['demo in Georgian', DEMO, ['/', ...auctions, '/topup', '/bid-history', '/profile', '/fairness'], 'ka'],
    ['visitor in Kyrgyz', null, ['/fairness', '/how-it-works'], 'ky'],
  ]
  for (const [who, credentials, paths, lang] of users) {
    const { context, page } = await openSession(browser, suite, credentials, PHONE_WIDTH)
    try {
      if (lang) await context.addInitScript((language) => localStorage.setItem('lang', language), lang)
      await step(page, `360 px, ${who}: ${paths.length} routes do not overflow sideways, and no price wraps`, async () => {
        const found = []
        const wrapped = []
        let prices = 0
        for (const path of paths) {
          await settle(page, path)
          const { scrollWidth, clientWidth, past } = await sideways(page)
          if (scrollWidth > clientWidth || past.length > 0) found.push(`${decodeURIComponent(path)}: ${scrollWidth} > ${clientWidth} px; ${past.join(', ')}`)
          const shown = await pricesOnPage(page)
          prices += shown.count
          if (shown.wrapped.length > 0) wrapped.push(`${decodeURIComponent(path)}: ${shown.wrapped.join(', ')}`)
        }
        process.stdout.write(`(${prices} prices) `)
        if (found.length > 0) throw new Error(`overflow sideways:\n  ${found.join('\n  ')}`)
        if (prices === 0) throw new Error('no price found on any route (the pattern no longer matches how prices read?)')
        if (wrapped.length > 0) throw new Error(`prices broken across lines:\n  ${wrapped.join('\n  ')}`)
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
      const clipped = element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom, width: box.width, height: box.height, clipped }
    }
    const inner = globalThis.document.querySelector('.header-inner')
    return {
      logo: find('.brand .logo-mark'),
      name: find('.brand-name'),
      tagline: find('.brand-tagline'),
      others: ['.main-nav', '.header-actions', '.balance-chip'].map((selector) => [selector, find(selector)]).filter(([, box]) => box),
      overflow: inner ? inner.scrollWidth - inner.clientWidth : 0,
      viewport: globalThis.document.documentElement.clientWidth,
    }
  })
}

const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5
/** `overlap` for Playwright's boxes (`x`, `y`, `width`, `height`). */
const overlapBox = (a, b) => overlap({ left: a.x, right: a.x + a.width, top: a.y, bottom: a.y + a.height }, { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height })

/** Signed in, the header shows the whole logo and site name, and nothing covers them. */
async function headerFits(browser) {
  for (const lang of ['ru', 'ky']) {
    // Signed in at three widths; a visitor (whose header shows the tagline) at 1366 px.
    for (const [viewport, who] of [[PHONE_WIDTH, DEMO], [{ width: 1024, height: 780 }, DEMO], [DESKTOP, DEMO], [DESKTOP, null]]) {
      const { context, page } = await openSession(browser, suite, who, viewport)
      try {
        await context.addInitScript((language) => localStorage.setItem('lang', language), lang)
        await step(page, `header at ${viewport.width} px (${lang}, ${who ? 'signed in' : 'visitor'}): logo and name whole and uncovered`, async () => {
          await settle(page, '/how-it-works')
          await byTestId(page, who ? 'bid-balance' : 'login-button').waitFor()
          const { logo, name, tagline, others, overflow, viewport: width } = await headerBoxes(page)
          // Where the tagline shows (wide screens), it shows whole: it wraps, never ends in "…".
          if (tagline?.clipped) throw new Error('the tagline is cut off')
          if (!who && !tagline) throw new Error(`no tagline for a visitor at ${viewport.width} px`)
          if (!logo || logo.width < 32 || logo.height < 32) throw new Error(`the logo is ${logo ? `${logo.width.toFixed(1)}×${logo.height.toFixed(1)} px` : 'not shown'}`)
          if (!name || name.width < 20) throw new Error(`the site name is ${name ? `${name.width.toFixed(1)} px wide` : 'not shown'}`)
          if (name.clipped) throw new Error('the site name is cut off')
          if (name.left < logo.right - 0.5) throw new Error('the site name runs into the logo')
          for (const [selector, box] of others) {
            for (const [part, own] of [['logo', logo], ['site name', name], ...(tagline ? [['tagline', tagline]] : [])]) {
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

/** Whether the `index`th auction of the bid history shows its bids. */
const groupOpen = (page, index) => byTestId(page, 'bid-group').nth(index).locator('details').evaluate((details) => details.open)

/**
 * The bid history at 360 px: one entry per auction (issue 22), the first open and the others
 * closed, each opening and closing on a tap of its summary; a closed entry is a few lines tall;
 * everything, the pre-bid table's cells too, is inside the screen.
 */
async function historyGroups(browser) {
  const { context, page } = await openSession(browser, suite, DEMO, PHONE_WIDTH)
  try {
    await step(page, 'bid history at 360 px: one entry per auction, each opens and closes, all inside the screen', async () => {
      await settle(page, '/bid-history')
      const groups = byTestId(page, 'bid-group')
      await groups.first().waitFor()
      const count = await groups.count()
      if (count < 2) throw new Error(`the demo bidder's history shows ${count} auction(s); the demo data has bids on several`)
      const opened = await Promise.all([groupOpen(page, 0), groupOpen(page, 1)])
      if (opened[0] !== true || opened[1] !== false) throw new Error(`the first entry should be open and the second closed: ${opened}`)
      const secondHeight = (await box(groups.nth(1), 'the second entry')).height
      if (secondHeight > 160) throw new Error(`a closed entry is ${Math.round(secondHeight)} px tall`)
      await shot(page, 'history-groups-phone')

      const firstLines = groups.first().locator('[data-testid="bid-line"]').first()
      await groups.first().locator('summary').click()
      await expectValue('a tap closes the first entry', () => groupOpen(page, 0), false)
      if (await firstLines.isVisible()) throw new Error('the closed entry still shows its bids')
      await groups.first().locator('summary').click()
      await expectValue('a second tap opens it again', () => groupOpen(page, 0), true)
      await firstLines.waitFor({ state: 'visible' })

      await groups.nth(1).locator('summary').click()
      await expectValue('a tap opens the second entry', () => groupOpen(page, 1), true)
      await groups.nth(1).locator('[data-testid="bid-line"]').first().waitFor({ state: 'visible' })
      // Keyboard: the summary is a button (Enter toggles it).
      await groups.nth(1).locator('summary').focus()
      await page.keyboard.press('Enter')
      await expectValue('Enter closes it', () => groupOpen(page, 1), false)

      const outside = await page.evaluate(() => {
        const edge = globalThis.document.documentElement.clientWidth
        const parts = [...globalThis.document.querySelectorAll('[data-testid="bid-history-page"] [data-testid="bid-group"] *, [data-testid="bid-history-page"] table td')]
        return parts
          .map((part) => ({ part, box: part.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.right > edge + 0.5 || box.left < -0.5))
          .map(({ part, box }) => `"${part.textContent.trim().slice(0, 20)}" [${box.left.toFixed(0)}, ${box.right.toFixed(0)}]`)
          .slice(0, 5)
      })
      if (outside.length > 0) throw new Error(`outside the screen: ${outside.join(', ')}`)
      await groups.first().scrollIntoViewIfNeeded()
      await shot(page, 'history-phone')
    })
  } finally {
    await context.close()
  }
}

/** A context that has not answered the cookie banner, in Russian. */
async function freshVisitor(browser, viewport) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' })
  context.on('page', (page) => suite.watch(page))
  return { context, page: await context.newPage() }
}

/**
 * The cookie bar (issue 22) at 360×740 and 1366×768: a slim strip along the bottom (at most about
 * two short lines on the phone, one line on the laptop), clear of the home hero's button and of
 * the live auction's bid button; the page's end scrolls out from under it.
 */
async function cookieBarSlim(browser, live) {
  for (const [viewport, limit] of [
    [PHONE_SCREEN, 112],
    [LAPTOP_SCREEN, 64],
  ]) {
    const { context, page } = await freshVisitor(browser, viewport)
    try {
      await step(page, `cookie bar at ${viewport.width} px: at most ${limit} px tall, off the hero's button and the bid button`, async () => {
        await visit(page, '/', 'promo-hero')
        const banner = byTestId(page, 'cookie-banner')
        await banner.waitFor({ timeout: 10_000 })
        await sleep(400)
        const bar = await box(banner, 'the cookie bar')
        process.stdout.write(`(${Math.round(bar.height)} px) `)
        if (bar.height > limit) throw new Error(`the cookie bar is ${Math.round(bar.height)} px tall`)
        if (Math.abs(bar.y + bar.height - viewport.height) > 1 || bar.width < viewport.width - 1) throw new Error(`the bar is not along the bottom edge: ${JSON.stringify(bar)}`)
        const cta = await box(page.locator('[data-testid="promo-hero"] a.btn-large'), "the hero's button")
        if (overlapBox(cta, bar)) throw new Error(`the bar (from ${Math.round(bar.y)} px) covers the hero's button (${Math.round(cta.y)}–${Math.round(cta.y + cta.height)} px)`)
        await shot(page, `cookie-bar-${viewport.width}`)

        await revealDeferred(page)
        // Scrolled to the very end, again until the page stops growing (sections that load late
        // make it longer after a scroll): then the footer's end is above the bar.
        const top = (await box(banner, 'the cookie bar')).y
        let end = 0
        const footerClear = async () => {
          await page.evaluate(() => globalThis.scrollTo(0, globalThis.document.documentElement.scrollHeight))
          end = await page.locator('.site-footer').evaluate((footer) => footer.getBoundingClientRect().bottom)
          return end <= top + 1
        }
        try {
          await expectValue('the footer above the bar at the end of the page', footerClear, true)
        } catch {
          throw new Error(`the footer ends at ${Math.round(end)} px, under the bar (from ${Math.round(top)} px)`)
        }

        await visit(page, `/auction/${live.slug}`, 'auction-detail')
        const bid = await box(byTestId(page, `bid-button-${live.id}`), 'the bid button')
        const shown = await box(banner, 'the cookie bar')
        if (overlapBox(bid, shown)) throw new Error(`the bar (from ${Math.round(shown.y)} px) covers the bid button (${Math.round(bid.y)}–${Math.round(bid.y + bid.height)} px)`)
        await shot(page, `cookie-bar-auction-${viewport.width}`)
      })
    } finally {
      await context.close()
    }
  }
}

/**
 * The toast after logging in on a live auction's page (issue 22), at 360×740 and 1366×768: it
 * covers neither the countdown nor the bid button.
 */
async function toastsClear(browser, live) {
  for (const viewport of [PHONE_SCREEN, LAPTOP_SCREEN]) {
    const { context, page } = await openSession(browser, suite, null, viewport)
    try {
      await step(page, `toast at ${viewport.width} px: the login toast is off the countdown and the bid button`, async () => {
        await visit(page, `/auction/${live.slug}`, 'auction-detail')
        await byTestId(page, 'login-button').click()
        await byTestId(page, 'login-dialog').waitFor()
        await page.fill('#login-username', DEMO.username)
        await page.fill('#login-password', DEMO.password)
        await byTestId(page, 'login-submit').click()
        await byTestId(page, 'login-dialog').waitFor({ state: 'detached' })
        await expectToast(page, 'Вы успешно вошли')
        await sleep(300)
        const toast = await box(byTestId(page, 'toast'), 'the toast')
        const parts = {
          countdown: byTestId(page, 'status-panel').locator('[data-testid="live-timer"]'),
          'bid button': byTestId(page, `bid-button-${live.id}`),
        }
        for (const [what, locator] of Object.entries(parts)) {
          const found = await box(locator, `the ${what}`)
          if (overlapBox(toast, found)) throw new Error(`the toast (${Math.round(toast.y)}–${Math.round(toast.y + toast.height)} px) covers the ${what} (${Math.round(found.y)}–${Math.round(found.y + found.height)} px)`)
        }
        await shot(page, `toast-${viewport.width}`)
      })
    } finally {
      await context.close()
    }
  }
}

/**
 * The admin navigation (issue 22) at 360 and 1366 px: one row under 56 px tall, the current page's
 * tab marked `aria-current="page"` and in view (the row scrolls sideways on a phone).
 */
async function adminNavCompact(browser) {
  for (const viewport of [PHONE_WIDTH, DESKTOP]) {
    const { context, page } = await openSession(browser, suite, ADMIN, viewport)
    try {
      await step(page, `admin navigation at ${viewport.width} px: one row under 56 px, the current page marked`, async () => {
        for (const [path, key] of [
          ['/admin', 'dashboard'],
          ['/admin/orders', 'orders'],
          ['/admin/settings', 'settings'],
        ]) {
          await settle(page, path)
          const nav = byTestId(page, 'admin-nav')
          const height = (await box(nav, 'the admin navigation')).height
          if (height > 56) throw new Error(`${path}: the admin navigation is ${Math.round(height)} px tall`)
          const current = nav.locator('[aria-current="page"]')
          if ((await current.count()) !== 1) throw new Error(`${path}: ${await current.count()} tabs are marked current`)
          if ((await current.getAttribute('data-testid')) !== `admin-nav-${key}`) throw new Error(`${path}: the tab marked current is ${await current.getAttribute('data-testid')}`)
          const tab = await box(current, 'the current tab')
          if (tab.x < -0.5 || tab.x + tab.width > viewport.width + 0.5) throw new Error(`${path}: the current tab [${Math.round(tab.x)}, ${Math.round(tab.x + tab.width)}] is not in view`)
        }
        await shot(page, `admin-nav-${viewport.width}`)
      })
    } finally {
      await context.close()
    }
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
    await historyGroups(browser)
    await cookieBarSlim(browser, live)
    await toastsClear(browser, live)
    await adminNavCompact(browser)
  } finally {
    await browser.close()
  }
}

suite.run(main)
