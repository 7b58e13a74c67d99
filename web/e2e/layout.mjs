// End-to-end check of a live auction page's layout (issue 11) against a running server (BASE_URL,
// default http://127.0.0.1:8080). At 360×740 the first screen shows the title, price, countdown,
// leader and bid button, above the image; at 1366 px the bid panel stays beside the image; at both
// widths the bid history scrolls inside a bounded, focusable panel. The page gets a long history
// (the server's bids, then made-up older ones) and no socket, so it polls. Screenshots: layout-*.png.
import { BASE_URL, DESKTOP, byTestId, createSuite, expectValue, launchBrowser, preflight, session as openSession, visit } from './harness.mjs'

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
      const response = await route.fetch()
      if (!response.ok()) return route.fulfill({ response })
      return route.fulfill({ response, json: longHistory(await response.json(), HISTORY_LENGTH) })
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

async function main() {
  await preflight()
  const browser = await launchBrowser()
  try {
    const list = await (await fetch(`${BASE_URL}/api/auctions`)).json()
    // The live lot with the most time left, so it does not finish meanwhile.
    const live = [...list.live].sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
    if (!live) throw new Error('no live auction (start the server with DEMO_DATA=1)')
    await phoneFirstScreen(browser, live)
    await desktopBeside(browser, live)
  } finally {
    await browser.close()
  }
}

suite.run(main)
