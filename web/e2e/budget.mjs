// The first visit's budget (issue 40): everything a first visit to the home page and to a live
// auction's page downloads until the page is idle (the network quiet, then 1.5 s more): the
// first render's chunks, the lazy parts the first screen loads, the socket client, the styles.
// Each script and stylesheet the browser fetched from the app counts once, at its gzip size
// (level 9) read from web/dist, as `npm run budget` counts the first render's; the JavaScript
// must stay within JS_BUDGET (150 KiB) and the CSS within CSS_BUDGET. A fresh 360 px phone
// page, a visitor, with nothing cached.
import { BASE_URL, createSuite, launchBrowser, liveWithMostTime, preflight, sleep } from './harness.mjs'
import { CSS_BUDGET, JS_BUDGET, kib, table } from '../scripts/budget.mjs'

const suite = createSuite('budget')
const { step } = suite

/** The files (`assets/x.js`) of the app that a fresh visit to `path` fetched until idle. */
async function firstVisit(browser, path) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  suite.watch(page)
  const files = new Set()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === new URL(BASE_URL).origin && url.pathname.startsWith('/assets/')) files.add(url.pathname.slice(1))
  })
  try {
    await page.goto(BASE_URL + path, { waitUntil: 'networkidle' })
    await sleep(1500)
    await page.waitForLoadState('networkidle')
    return { page, files: [...files] }
  } finally {
    await context.close()
  }
}

async function within(browser, name, path) {
  const { page, files } = await firstVisit(browser, path)
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
    await within(browser, 'the home page', '/')
    await within(browser, 'a live auction', `/auction/${live.slug}`)
  } finally {
    await browser.close()
  }
}

suite.run(main)
