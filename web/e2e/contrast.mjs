// Colour contrast on every route (issue 11) against a running server (BASE_URL, default
// http://127.0.0.1:8080, started with DEMO_DATA=1): axe-core's `color-contrast` rule (WCAG AA:
// 4.5:1 for normal text, 3:1 for large) in Chromium, in Russian and English, at 360 and 1366 px,
// as a visitor, as the demo bidder and as the admin. Fails on any violation and lists each one
// (the page, the element, its colours and ratio). axe leaves disabled buttons out, so the bid
// button's "you lead" state (disabled while the user holds the last bid) is measured separately.
// Screenshots of a failing page: contrast-*.png.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { ADMIN, BASE_URL, DEMO, DESKTOP, PHONE, byTestId, createSuite, expectValue, launchBrowser, preflight, sleep } from './harness.mjs'

const suite = createSuite('contrast')
const { shot, step } = suite
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const LANGUAGES = ['ru', 'en']
const VIEWPORTS = [
  ['360', PHONE],
  ['1366', DESKTOP],
]

/** The routes each kind of user visits; `live` and `finished` are auction pages found at start. */
function routes({ live, finished }) {
  const visitor = ['/', '/auctions', `/auction/${live.slug}`, `/auction/${finished.slug}`, '/how-it-works', '/support', '/auction-rules', '/privacy-policy', '/terms-of-service', '/login', '/topup']
  const bidder = ['/', `/auction/${live.slug}`, `/auction/${finished.slug}`, '/topup', '/profile', '/bid-history', '/notifications']
  const admin = ['/admin', '/admin/users', '/admin/finished-auctions', '/admin/orders', '/admin/claims', '/admin/outbox', '/admin/cluster', '/admin/settings']
  return [
    ['visitor', null, visitor],
    ['demo', DEMO, bidder],
    ['admin', ADMIN, admin],
  ]
}

/** A context in `lang` with the cookie banner answered, reduced motion (no half-faded element is
 * measured), logged in when `credentials` are given. */
async function openContext(browser, lang, viewport, credentials) {
  const context = await browser.newContext({ viewport, locale: lang === 'ru' ? 'ru-RU' : 'en-US', reducedMotion: 'reduce' })
  await context.addInitScript((language) => {
    try {
      localStorage.setItem('cookie-consent', 'necessary-only')
      localStorage.setItem('lang', language)
    } catch {
      // about:blank has no storage.
    }
  }, lang)
  if (credentials) {
    const login = await context.request.post(`${BASE_URL}/api/auth/login`, { maxRetries: 2, data: credentials, headers: { Origin: BASE_URL } })
    if (!login.ok()) throw new Error(`login as ${credentials.username} answered ${login.status()}`)
  }
  const page = suite.watch(await context.newPage())
  return { context, page }
}

/** The page's colour-contrast violations, one line each. */
async function contrastViolations(page) {
  await page.evaluate(axeSource)
  const results = await page.evaluate(() =>
    globalThis.axe.run(globalThis.document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] }),
  )
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const data = node.any.find((check) => check.data)?.data ?? {}
      return `${node.target.join(' ')}: ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1 (needs ${data.expectedContrastRatio})`
    }),
  )
}

/** Opens `path` and waits for the page to settle: its spinner gone and its data shown. */
async function open(page, path) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' }).catch(() => undefined)
  await byTestId(page, 'page-spinner').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined)
  await sleep(300)
}

/** The contrast ratio of an element's text against its background (the first opaque one up the
 * tree), both in sRGB as WCAG defines it. */
async function ownContrast(locator) {
  return locator.evaluate((element) => {
    const parse = (value) => (value.match(/[\d.]+/g) ?? []).map(Number)
    const luminance = ([r, g, b]) => {
      const linear = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }
    let node = element
    let background = [255, 255, 255]
    while (node) {
      const colour = parse(globalThis.getComputedStyle(node).backgroundColor)
      if (colour.length === 3 || (colour.length === 4 && colour[3] === 1)) {
        background = colour.slice(0, 3)
        break
      }
      node = node.parentElement
    }
    const style = globalThis.getComputedStyle(element)
    const opacity = Number(style.opacity)
    const text = parse(style.color).slice(0, 3).map((c, i) => c * opacity + background[i] * (1 - opacity))
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a)
    return { ratio: (light + 0.05) / (dark + 0.05), color: style.color, background: `rgb(${background.join(', ')})` }
  })
}

/** The demo bidder bids on `live`; while they lead, the disabled "you lead" button is readable. */
async function leadingButton(browser, live) {
  const { context, page } = await openContext(browser, 'ru', PHONE, DEMO)
  try {
    await step(page, 'the disabled "you lead" bid button reads at 4.5:1 or more', async () => {
      const button = byTestId(page, `bid-button-${live.id}`)
      let measured
      // A bot may outbid the demo user before the button is read: bid again, a few times at most.
      for (let attempt = 0; attempt < 5 && !measured; attempt += 1) {
        await open(page, `/auction/${live.slug}`)
        await expectValue('the bid button is enabled', () => button.isEnabled(), true)
        await button.click()
        measured = await expectValue('the button shows the lead', () => button.isDisabled(), true, 5_000)
          .then(() => ownContrast(button))
          .catch(() => undefined)
      }
      if (!measured) throw new Error('the demo user never held the lead long enough to be measured')
      process.stdout.write(`(${measured.color} on ${measured.background} = ${measured.ratio.toFixed(2)}:1) `)
      if (measured.ratio < 4.5) throw new Error(`the "you lead" button is ${measured.ratio.toFixed(2)}:1`)
      await shot(page, 'you-lead')
    })
  } finally {
    await context.close()
  }
}

async function main() {
  await preflight()
  const list = await (await fetch(`${BASE_URL}/api/auctions`)).json()
  const live = [...(list.live ?? [])].sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
  const finished = (list.finished ?? [])[0]
  if (!live || !finished) throw new Error('no live or finished auction (start the server with DEMO_DATA=1)')
  const browser = await launchBrowser()
  const failures = []
  let checked = 0
  try {
    for (const [who, credentials, paths] of routes({ live, finished })) {
      for (const lang of LANGUAGES) {
        for (const [width, viewport] of VIEWPORTS) {
          const { context, page } = await openContext(browser, lang, viewport, credentials)
          try {
            await step(page, `${who} ${lang} ${width} px: colour contrast of ${paths.length} routes measured`, async () => {
              for (const path of paths) {
                await open(page, path)
                const found = await contrastViolations(page)
                checked += 1
                if (found.length > 0) {
                  failures.push(...found.map((line) => `${who} ${lang} ${width} ${path} — ${line}`))
                  await shot(page, `${who}-${lang}-${width}-${path.replace(/[^a-z0-9]+/gi, '-')}`)
                }
              }
            })
          } finally {
            await context.close()
          }
        }
      }
    }
    await leadingButton(browser, live)
  } finally {
    await browser.close()
  }
  console.log(`${checked} pages checked, ${failures.length} colour-contrast violations`)
  if (failures.length > 0) throw new Error(`colour-contrast violations:\n  ${failures.join('\n  ')}`)
}

suite.run(main)
