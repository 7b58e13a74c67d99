// What every browser suite shares (run.mjs, admin.mjs, payments.mjs, prizes.mjs): the server and
// browser it runs against, the seeded logins, the viewports, Debian's Chromium with the flags the
// CI machines need, numbered screenshots, named steps that fail with a screenshot and any uncaught
// page error or Content-Security-Policy violation, waiting helpers that poll until the page says what it should,
// and a reader of a page's socket.io frames (`socketFrames`).
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '')
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SHOTS = process.env.E2E_SHOTS_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots')
export const TIMEOUT = 15_000
/** The longest one read inside `expectValue` may take before it is tried again. */
const READ_LIMIT = 2_000

/** The admin the CI server seeds (.ci/e2e: ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin12345' }
/** The bidder the server's demo data seeds (DEMO_DATA=1). */
export const DEMO = { username: process.env.E2E_DEMO_USERNAME ?? 'demo', password: process.env.E2E_DEMO_PASSWORD ?? 'demo12345' }
export const DESKTOP = { width: 1366, height: 900 }
export const PHONE = { width: 360, height: 780 }
/** The no-break space Intl puts between thousands and before a currency. */
export const NBSP = /\u00a0/g

/** What the in-page `securitypolicyviolation` listener prefixes its console report with. */
const CSP_MARK = '[csp-violation]'

export const byTestId = (page, id) => page.locator(`[data-testid="${id}"]`)
export const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** Debian's Chromium, headless, with the flags a container without a GPU or sandbox needs; the
 * screenshot folder is made on the way. */
export async function launchBrowser() {
  await mkdir(SHOTS, { recursive: true })
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  })
}

/**
 * One suite's bookkeeping: `shot(page, name)` writes `<prefix>NN-name.png`; `step(page, name,
 * action)` runs a named step, failing it on an uncaught error or a CSP violation of any watched
 * page (with a screenshot); `watch(page)` sets the timeout and collects the page's errors and
 * violations (the browser's console report, and a `securitypolicyviolation` listener); `run(main)` prints
 * the summary line and exits 1 on the first failure; `fitsPhone(page, name, back)` checks that
 * `page` does not scroll sideways at a 360 px phone width, shoots it as `name`, and goes back to
 * the viewport `back`.
 */
export function createSuite(name, prefix = `${name}-`) {
  const pageErrors = []
  // Every console error of a watched page (a failed request is one), with where it happened. One
  // that no `expectingConsole` pattern in force matches fails the step it happened in (or the
  // suite, outside steps): a page shows no error to a visitor, a user or an admin (issue 22).
  const consoleErrors = []
  const unexpected = []
  const expected = []
  let shotNumber = 0
  let passed = 0
  const label = name ? `e2e ${name}` : 'e2e'

  async function shot(page, title) {
    shotNumber += 1
    const file = resolve(SHOTS, `${prefix}${String(shotNumber).padStart(2, '0')}-${title}.png`)
    await page.screenshot({ path: file, fullPage: true })
    return file
  }

  /**
   * Runs `action` with console errors matching `pattern` expected: a request the step makes fail
   * on purpose (a missing lot's 404, a refused bid's 409, going offline).
   */
  async function expectingConsole(pattern, action) {
    expected.push(pattern)
    try {
      return await action()
    } finally {
      // Late reports of the same requests arrive after the action: keep the pattern a moment.
      await new Promise((done) => setTimeout(done, 300))
      expected.splice(expected.indexOf(pattern), 1)
    }
  }

  /** Expects console errors matching `pattern` from now until the returned function is called. */
  function expectConsoleUntil(pattern) {
    expected.push(pattern)
    return () => {
      const at = expected.indexOf(pattern)
      if (at >= 0) expected.splice(at, 1)
    }
  }

  async function step(page, title, action) {
    process.stdout.write(`• ${title} ... `)
    try {
      await action()
      if (pageErrors.length > 0) throw new Error(`uncaught page error: ${pageErrors.join(' | ')}`)
      if (unexpected.length > 0) throw new Error(`console error: ${unexpected.splice(0).join(' | ')}`)
      passed += 1
      console.log('ok')
    } catch (error) {
      console.log('FAILED')
      const file = await shot(page, `failure-${title.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => null)
      throw new Error(`step "${title}" failed: ${error instanceof Error ? error.message : error}${file ? `\n  screenshot: ${file}` : ''}`)
    }
  }

  async function fitsPhone(page, name, back) {
    await page.setViewportSize(PHONE)
    await page.waitForTimeout(200)
    const { scroll, client } = await page.evaluate(() => ({ scroll: globalThis.document.documentElement.scrollWidth, client: globalThis.document.documentElement.clientWidth }))
    if (scroll > client) throw new Error(`${name}: ${scroll} px wide on a ${client} px screen`)
    await shot(page, name)
    await page.setViewportSize(back)
  }

  function watch(page) {
    page.setDefaultTimeout(TIMEOUT)
    page.on('pageerror', (error) => pageErrors.push(error.message))
    page.on('console', (message) => {
      const text = message.text()
      if (message.type() === 'error') {
        const report = `${text} (${message.location().url || page.url()})`
        consoleErrors.push(report)
        if (!expected.some((pattern) => pattern.test(report))) unexpected.push(report)
      }
      if (text.includes('Content Security Policy') || text.startsWith(CSP_MARK)) pageErrors.push(`CSP violation: ${text}`)
    })
    // Registered before the page's first navigation (watch runs on a new page), so it sees all.
    page.addInitScript((mark) => {
      globalThis.addEventListener('securitypolicyviolation', (event) => {
        console.error(`${mark} ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`)
      })
    }, CSP_MARK).catch((error) => {
      // A page (or its context) closed before the script was in has nothing left to watch: a
      // suite that opens a session only to send one request and close it races this call.
      if (page.isClosed() || /has been closed/.test(error.message)) return
      pageErrors.push(`CSP watch not installed: ${error.message}`)
    })
    return page
  }

  function run(main) {
    main()
      .then(() => {
        if (unexpected.length > 0) throw new Error(`console error outside a step: ${unexpected.join(' | ')}`)
        const kinds = new Map()
        for (const text of consoleErrors) kinds.set(text, (kinds.get(text) ?? 0) + 1)
        console.log(`\nconsole errors: ${consoleErrors.length}, each expected by its step${kinds.size ? ':' : ''}`)
        for (const [text, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${count} × ${text}`)
        console.log(`screenshots in ${SHOTS}`)
        console.log(`${label}: ${passed} passed, 0 failed`)
      })
      .catch((error) => {
        console.error(`\n${label} FAILED against ${BASE_URL}\n${error instanceof Error ? error.message : error}`)
        console.error(`${label}: ${passed} passed, 1 failed`)
        process.exit(1)
      })
  }

  return { shot, step, watch, run, fitsPhone, pageErrors, expectingConsole, expectConsoleUntil }
}

/** Waits until `read()` returns a value `accept` takes (or equals `accept`). */
export async function expectValue(what, read, accept, timeout = TIMEOUT) {
  const deadline = Date.now() + timeout
  let value
  while (Date.now() < deadline) {
    // A read that waits (a locator whose element went away) must not eat the whole deadline.
    const left = Math.max(1, Math.min(READ_LIMIT, deadline - Date.now()))
    value = await Promise.race([read().catch(() => undefined), sleep(left).then(() => undefined)])
    if (typeof accept === 'function' ? accept(value) : value === accept) return value
    await sleep(150)
  }
  throw new Error(`${what}: expected ${typeof accept === 'function' ? 'a match' : accept} but found ${value}`)
}

/** Waits until the first match of `locator` is visible and its text (no-break spaces read as
 * spaces) contains `expected` or matches it. */
export async function expectText(locator, expected, timeout = TIMEOUT) {
  await locator.first().waitFor({ state: 'visible', timeout })
  return expectValue(
    `text of ${locator}`,
    async () => (await locator.first().innerText()).replace(NBSP, ' ').trim(),
    (text) => (expected instanceof RegExp ? expected.test(text ?? '') : (text ?? '').includes(expected)),
    timeout,
  )
}

/** The toast on screen with `text` in it; `variant` (default | destructive) checks its class. */
export async function expectToast(page, text, variant = 'default') {
  const toast = byTestId(page, 'toast').filter({ hasText: text })
  await toast.first().waitFor({ state: 'visible', timeout: TIMEOUT })
  const className = (await toast.first().getAttribute('class')) ?? ''
  if (!className.split(/\s+/).includes(`toast-${variant}`)) throw new Error(`toast "${text}" is not ${variant}: class "${className}"`)
}

/**
 * What a page's socket.io connection (`/socket.io/`, WebSocket transport) says, frame by frame, for
 * the newest one the page opened: `connected()` once the server answered its CONNECT (`40…`) and
 * until it closes; `emitted(event)` the page's emits of `event`, `[{ackId, data}]`
 * (`42<ackId>["<event>",<data>]`; `ackId` is empty when it asked for no ack); `ack(ackId)` the
 * server's ack (`43<ackId>[<answer>]`), or `undefined` while none came. Call it on a new page, before it opens the socket.
 */
export function socketFrames(page) {
  let current = null
  page.on('websocket', (ws) => {
    if (!new URL(ws.url()).pathname.startsWith('/socket.io/')) return
    const socket = { sent: [], received: [], closed: false }
    current = socket
    ws.on('framesent', ({ payload }) => socket.sent.push(String(payload)))
    ws.on('framereceived', ({ payload }) => socket.received.push(String(payload)))
    ws.on('close', () => {
      socket.closed = true
    })
  })
  return {
    connected: () => Boolean(current && !current.closed && current.received.some((frame) => frame.startsWith('40'))),
    emitted(event) {
      const found = []
      for (const frame of current?.sent ?? []) {
        const match = /^42(\d*)(\[[\s\S]*\])$/.exec(frame)
        if (!match) continue
        const [name, data] = JSON.parse(match[2])
        if (name === event) found.push({ ackId: match[1], data })
      }
      return found
    },
    ack(ackId) {
      const frame = current?.received.find((text) => text.startsWith(`43${ackId}[`))
      return frame === undefined ? undefined : JSON.parse(frame.slice(2 + ackId.length))[0]
    },
  }
}

/** Opens `path` and waits for `readyTestId` and for the page spinner to go. */
/** The live lot of a `GET /api/auctions` answer with the most time left, so it does not finish
 * during a suite (throws when none is live: the server needs DEMO_DATA=1). */
export function liveWithMostTime(list) {
  const live = [...list.live].sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
  if (!live) throw new Error('no live auction (start the server with DEMO_DATA=1)')
  return live
}

export async function visit(page, path, readyTestId) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
  await byTestId(page, readyTestId).first().waitFor({ state: 'visible', timeout: TIMEOUT })
  await byTestId(page, 'page-spinner').waitFor({ state: 'detached', timeout: TIMEOUT }).catch(() => undefined)
}

/**
 * Brings in every part of the page that waits until it is scrolled near (`WhenNear`: the footer,
 * the home page's side column on a phone) by scrolling each waiting slot into view, then goes back
 * to the top: the suites that read whole pages (every text, axe) read those parts too.
 */
export async function revealDeferred(page) {
  const slots = byTestId(page, 'when-near')
  for (let round = 0; round < 10 && (await slots.count()) > 0; round += 1) {
    await slots
      .first()
      .evaluate((slot) => slot.scrollIntoView({ block: 'center' }))
      .catch(() => undefined)
    await sleep(100)
  }
  // The footer's code arrives a moment after its slot goes (a page under a modal dialog cannot
  // scroll to it: its slot stays, and the page is read without it).
  if ((await slots.count()) === 0) await byTestId(page, 'footer').waitFor({ state: 'attached', timeout: TIMEOUT })
  await page.evaluate(() => globalThis.scrollTo(0, 0))
}

/** Closes the open dialog with its × button (Escape would first dismiss a toast on screen). */
export async function closeDialog(dialog) {
  await dialog.locator('[data-testid="dialog-close"]').click()
  await dialog.waitFor({ state: 'detached' })
}

/** Answers the in-page confirmation with its confirm button. */
export async function confirm(page) {
  await byTestId(page, 'confirm-dialog').waitFor()
  await byTestId(page, 'confirm-ok').click()
  await byTestId(page, 'confirm-dialog').waitFor({ state: 'detached' })
}

/**
 * `GET path` with the page's cookies; throws on a non-2xx answer. Every API request of these
 * suites sets `maxRetries`: a request sent on a kept-alive connection just as the server closed it
 * for being idle fails with ECONNRESET before the server read it (seen once in CI); Playwright
 * retries exactly that error.
 */
export async function getJson(page, path) {
  const answer = await page.request.get(`${BASE_URL}${path}`, { maxRetries: 2 })
  if (!answer.ok()) throw new Error(`GET ${path} answered ${answer.status()}`)
  return answer.json()
}

/** `POST path` with the page's cookies and a JSON body; throws on a non-2xx answer. */
export async function postJson(page, path, data) {
  const answer = await page.request.post(`${BASE_URL}${path}`, { maxRetries: 2, data, headers: { Origin: BASE_URL } })
  if (!answer.ok()) throw new Error(`POST ${path} answered ${answer.status()}: ${await answer.text()}`)
  return answer.json()
}

/** Fails fast, with a hint, when no server answers `path`. */
export async function preflight(path = '/api/settings') {
  const answer = await fetch(`${BASE_URL}${path}`).catch((error) => error)
  if (answer instanceof Error || !answer.ok) {
    const why = answer instanceof Error ? (answer.cause?.code ?? answer.message) : `HTTP ${answer.status}`
    throw new Error(`no server answers GET ${BASE_URL}${path} (${why}); start it or set BASE_URL`)
  }
}

/**
 * A browser context in Russian with the cookie banner answered, logged in when `credentials` are
 * given; every page it opens (new tabs too) is watched by `suite`. Returns the context and its
 * first page.
 */
export async function session(browser, suite, credentials, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' })
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookie-consent', 'necessary-only')
    } catch {
      // about:blank (a new tab before it is sent on) has no storage.
    }
  })
  if (credentials) {
    const login = await context.request.post(`${BASE_URL}/api/auth/login`, { maxRetries: 2, data: credentials, headers: { Origin: BASE_URL } })
    if (!login.ok()) throw new Error(`login as ${credentials.username} answered ${login.status()}: ${await login.text()}`)
  }
  context.on('page', (page) => suite.watch(page))
  const page = await context.newPage()
  return { context, page }
}
