// The first visit's budget (issue 40): everything a first visit to the home page and to a live
// auction's page downloads until the page is idle (the network quiet, then 1.5 s more): the
// first render's chunks, the lazy parts the first screen loads, the socket client, the styles.
// Each script and stylesheet the browser fetched from the app counts once, at its gzip size
// (level 9) read from web/dist, as `npm run budget` counts the first render's; the JavaScript
// must stay within JS_BUDGET (150 KiB) and the CSS within CSS_BUDGET. A fresh 360 px phone
// page, a visitor, with nothing cached. The page's data comes with its HTML, and its socket brings
// it up to date (`lobbySince`, answered complete) rather than a second read; the reads of
// `/api/auctions…` after the HTML are printed (an auction that starts or ends meanwhile makes the
// lists be read again, rightly, so their number is shown, not asserted).
import { BASE_URL, TIMEOUT, createSuite, expectValue, launchBrowser, liveWithMostTime, preflight, sleep } from './harness.mjs'
import { CSS_BUDGET, JS_BUDGET, kib, table } from '../scripts/budget.mjs'

const suite = createSuite('budget')
const { step } = suite

/** The lists' catch-up answer (`43<id>[{"complete":…}]`), and an auction's snapshot on its join. */
const CAUGHT_UP = /^43\d+\[\{"complete"/
const SNAPSHOT = /^42\["auctionUpdate",\{"type":"snapshot"/

/** The files (`assets/x.js`) of the app that a fresh visit to `path` fetched until idle, the
 * auction data it read after its HTML, and the socket frames matching `upToDate` it got. */
async function firstVisit(browser, path, upToDate) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  suite.watch(page)
  const files = new Set()
  const reads = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== new URL(BASE_URL).origin) return
    if (url.pathname.startsWith('/assets/')) files.add(url.pathname.slice(1))
    if (url.pathname.startsWith('/api/auctions')) reads.push(url.pathname)
  })
  const caughtUp = []
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && upToDate.test(payload)) caughtUp.push(payload.slice(0, 80))
    }),
  )
  try {
    await page.goto(BASE_URL + path, { waitUntil: 'networkidle' })
    await sleep(1500)
    await page.waitForLoadState('networkidle')
    await expectValue('the socket brought the lists up to date', async () => caughtUp.length > 0, true, TIMEOUT)
    return { page, files: [...files], reads, caughtUp }
  } finally {
    await context.close()
  }
}

async function within(browser, name, path, upToDate) {
  const { page, files, reads, caughtUp } = await firstVisit(browser, path, upToDate)
  await step(page, `a first visit to ${name} is brought up to date by its socket`, async () => {
    process.stdout.write(`(auction data read after the HTML: ${reads.length ? reads.join(', ') : 'none'}) `)
    if (upToDate === CAUGHT_UP && !caughtUp.every((ack) => ack.includes('"complete":true'))) throw new Error(`the socket could not bring the lists up to date: ${caughtUp.join(', ')}`)
  })
  await step(page, `a first visit to ${name} downloads at most ${kib(JS_BUDGET)} of JavaScript`, async () => {
    const js = table(`JS: first visit to ${name} (${files.filter((f) => f.endsWith('.js')).length} files)`, files.filter((f) => f.endsWith('.js')))
    const css = table(`CSS: first visit to ${name}`, files.filter((f) => f.endsWith('.css')))
    console.log('')
    if (js > JS_BUDGET) throw new Error(`${kib(js)} of JavaScript, over ${kib(JS_BUDGET)}`)
    if (css > CSS_BUDGET) throw new Error(`${kib(css)} of CSS, over ${kib(CSS_BUDGET)}`)
  })
}

async function main() {
  await preflight()
  const browser = await launchBrowser()
  try {
    const live = liveWithMostTime(await (await fetch(`${BASE_URL}/api/auctions`)).json())
    await within(browser, 'the home page', '/', CAUGHT_UP)
    await within(browser, 'a live auction', `/auction/${live.slug}`, SNAPSHOT)
  } finally {
    await browser.close()
  }
}

suite.run(main)
