// Accessibility of every screen (issue 11) against a running server started with DEMO_DATA=1
// (BASE_URL, default http://127.0.0.1:8080). Every route — public, the demo bidder's and the
// admin's — at 360×740 and 1366×900 in all four languages: each page gets a screenshot, a
// distinct <title>, headings in order (one h1, no level skipped) and, in ru and en, axe-core with
// every rule, failing on any serious or critical violation; in ru every focusable element shows an
// opaque :focus-visible ring. The open dialogs (login, welcome, complete-profile, claim, an admin
// confirmation and the auction form, the cookie settings, the phone menu) get axe too; the login
// dialog traps Tab and gives focus back to its opener on Escape, and the complete-profile modal
// ignores Escape. Screenshots: a11y-*.png.
//
// A11Y_SKIP=rule,rule turns axe rules off while developing (e.g. color-contrast); CI runs them all.
import { createRequire } from 'node:module'
import { ADMIN, DEMO, DESKTOP, byTestId, closeDialog, createSuite, expectValue, launchBrowser, preflight, visit } from './harness.mjs'
import { ADMIN_ROUTES, PUBLIC_ROUTES, USER_ROUTES, demoData, loginState, show } from './routes.mjs'

const suite = createSuite('a11y')
const { shot, step } = suite

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const SKIP = (process.env.A11Y_SKIP ?? '').split(',').map((rule) => rule.trim()).filter(Boolean)
const LANGUAGES = ['ru', 'en', 'ka', 'ky']
/** The languages axe checks (ka and ky share the components; they are only photographed). */
const AXE_LANGUAGES = new Set(['ru', 'en'])
const WIDTHS = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: DESKTOP },
]
/** How many times the focus-trap check presses Tab inside the login dialog. */
const TABS = 15

/** Every page's problems, reported together at the end (a failing page does not hide the next). */
const failures = []

/** Runs a named step; its failure is recorded and the suite goes on. */
async function check(page, title, action) {
  try {
    await step(page, title, action)
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error))
  }
}

/**
 * A context in `lang` at `viewport` with the cookie banner answered (unless `consent` is false)
 * and the cookies of `login` (a storage state). axe is injected as an inline script, which the
 * site's Content-Security-Policy rightly refuses: this suite bypasses it (the others watch it).
 * It asks for reduced motion, so axe reads each colour as it stays, not a frame of a fade or pulse.
 */
async function openContext(browser, { lang, viewport, login, consent = true }) {
  const context = await browser.newContext({ viewport, locale: lang, bypassCSP: true, storageState: login, reducedMotion: 'reduce' })
  await context.addInitScript(
    ({ lang, consent }) => {
      try {
        localStorage.setItem('lang', lang)
        if (consent) localStorage.setItem('cookie-consent', 'necessary-only')
      } catch {
        // about:blank has no storage.
      }
    },
    { lang, consent },
  )
  context.on('page', (page) => suite.watch(page))
  const page = await context.newPage()
  return { context, page }
}

/** Waits until no animation that ends is still running (a dialog's fade, a toast's slide). */
function animationsDone(page) {
  return expectValue(
    'animations finished',
    () =>
      page.evaluate(() =>
        globalThis.document.getAnimations().filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime)).length,
      ),
    0,
  )
}

/** Waits until the page has no loading spinner and its web fonts and images are in. */
async function settle(page) {
  await expectValue('no loading spinner', () => page.locator('main .spinner').count(), 0)
  await animationsDone(page)
  await page.evaluate(async () => {
    await globalThis.document.fonts.ready
    // Lazy images off screen never load until scrolled to; the others get 5 s.
    const pending = [...globalThis.document.images].filter((image) => !image.complete && image.loading !== 'lazy')
    const loaded = pending.map(
      (image) =>
        new Promise((done) => {
          image.addEventListener('load', done, { once: true })
          image.addEventListener('error', done, { once: true })
        }),
    )
    await Promise.race([Promise.all(loaded), new Promise((done) => setTimeout(done, 5_000))])
  })
}

/** axe-core's serious and critical violations in the page (or inside `scope`), one line each. */
async function axeViolations(page, scope) {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_SOURCE })
  const violations = await page.evaluate(
    async ({ scope, skip }) => {
      const rules = Object.fromEntries(skip.map((rule) => [rule, { enabled: false }]))
      const result = await globalThis.axe.run(scope ? { include: [[scope]] } : globalThis.document, { resultTypes: ['violations'], rules })
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) =>
          violation.nodes.map((node) => ({
            rule: violation.id,
            impact: violation.impact,
            target: node.target.flat().join(' '),
            summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 300),
          })),
        )
    },
    { scope, skip: SKIP },
  )
  return violations.map((found) => `${found.rule} (${found.impact}) at ${found.target}: ${found.summary}`)
}

/** The visible headings' levels in document order, outside dialogs. */
async function headingProblems(page) {
  const headings = await page.evaluate(() =>
    [...globalThis.document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('[role="dialog"], [role="alertdialog"]'))
      .map((element) => ({
        level: Number(element.getAttribute('aria-level') ?? element.tagName.slice(1)),
        text: element.textContent.trim().slice(0, 40),
      })),
  )
  const problems = []
  const ones = headings.filter((heading) => heading.level === 1)
  if (ones.length !== 1) problems.push(`${ones.length} h1 headings (${ones.map((heading) => `"${heading.text}"`).join(', ')})`)
  let previous = 0
  for (const heading of headings) {
    if (heading.level > previous + 1) problems.push(`h${heading.level} "${heading.text}" follows h${previous || '-'}`)
    previous = heading.level
  }
  return problems
}

/** Focusable elements on screen whose keyboard focus shows no opaque outline. */
async function focusProblems(page) {
  // A key press first, so programmatic focus counts as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift')
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])'
    // Computed colours read `rgb(r, g, b)` or, when not opaque, `rgba(r, g, b, a)`.
    const opaque = (color) => {
      const parts = color.match(/[\d.]+/g) ?? []
      return color.startsWith('rgb(') || (color.startsWith('rgba(') && Number(parts[3]) >= 1)
    }
    const describe = (element) => {
      const id = element.id ? `#${element.id}` : ''
      const testId = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ''
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)
      return `${element.tagName.toLowerCase()}${id}${testId}${element.className ? `.${String(element.className).split(/\s+/).join('.')}` : ''} "${text}"`
    }
    const problems = []
    const candidates = [...globalThis.document.querySelectorAll(selector)].filter(
      (element) => !element.disabled && element.getClientRects().length > 0 && !element.closest('[inert], [aria-hidden="true"]'),
    )
    for (const element of candidates) {
      element.focus({ preventScroll: true })
      if (globalThis.document.activeElement !== element) continue
      const style = globalThis.getComputedStyle(element)
      const width = Number.parseFloat(style.outlineWidth)
      const ring = style.outlineStyle !== 'none' && width >= 2 && opaque(style.outlineColor)
      if (!element.matches(':focus-visible') || !ring) {
        problems.push(`${describe(element)}: outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`)
      }
    }
    if (globalThis.document.activeElement instanceof globalThis.HTMLElement) globalThis.document.activeElement.blur()
    return problems
  })
}

/**
 * Opens each route in `page`, photographs it and checks its title and headings; axe and the
 * focus rings where `lang` asks for them. Titles are added to `titles` (title → route).
 */
async function visitAll(page, routes, data, { lang, width, titles }) {
  let previous = null
  for (const route of routes) {
    await check(page, `${width} ${lang} ${route.name}`, async () => {
      await show(page, route, data, previous, suite)
      await settle(page)
      const problems = []
      const title = await page.title()
      if (!title) problems.push('no <title>')
      else if (route.titleOf) {
        if (titles.get(title) !== route.titleOf) problems.push(`<title> "${title}" is not ${route.titleOf}'s`)
      } else if (titles.has(title)) problems.push(`<title> "${title}" is also ${titles.get(title)}'s`)
      else titles.set(title, route.name)
      problems.push(...(await headingProblems(page)))
      if (AXE_LANGUAGES.has(lang)) problems.push(...(await axeViolations(page)))
      if (lang === 'ru') problems.push(...(await focusProblems(page)).map((problem) => `no focus ring: ${problem}`))
      await shot(page, `${width}-${lang}-${route.name}`)
      if (problems.length > 0) throw new Error(`${problems.length} problem(s):\n    ${problems.join('\n    ')}`)
    })
    previous = route
  }
}

/**
 * The axe violations inside the open dialog `scope` (a test id; the page behind had its own
 * check), after a screenshot. Steps close the dialog before they fail on them, so the next step
 * starts clean.
 */
async function dialogViolations(page, scope, name) {
  await byTestId(page, scope).waitFor()
  // Radix moves focus in after its open animation frame.
  await expectValue(`focus inside ${scope}`, () => page.evaluate((id) => Boolean(globalThis.document.activeElement?.closest(`[data-testid="${id}"]`)), scope), true)
  await animationsDone(page)
  await shot(page, name)
  return (await axeViolations(page, `[data-testid="${scope}"]`)).map((violation) => `${scope}: ${violation}`)
}

/** Fails with every violation found. */
function expectNone(violations) {
  if (violations.length > 0) throw new Error(`${violations.length} violation(s):\n    ${violations.join('\n    ')}`)
}

/** The element that has focus, described, and whether it is inside `testId`. */
function focusInside(page, testId) {
  return page.evaluate((id) => {
    const active = globalThis.document.activeElement
    return { inside: Boolean(active?.closest(`[data-testid="${id}"]`)), what: active ? `${active.tagName} ${active.id || active.textContent.trim().slice(0, 20)}` : 'nothing' }
  }, testId)
}

/**
 * A first visit's dialogs: login (axe, Tab stays inside, Escape gives focus back), the phone menu,
 * then the cookie banner (it comes 2 s after load) and its settings dialog.
 */
async function visitorDialogs(browser, viewport, { lang, width }) {
  const tag = `${width} ${lang}`
  const { context, page } = await openContext(browser, { lang, viewport, consent: false })
  try {
    await check(page, `${tag} login dialog: accessible, traps Tab, Escape gives focus back`, async () => {
      await visit(page, '/', 'home-page')
      await settle(page)
      await byTestId(page, 'login-button').focus()
      await page.keyboard.press('Enter')
      const violations = await dialogViolations(page, 'login-dialog', `${width}-${lang}-dialog-login`)
      for (let press = 1; press <= TABS; press += 1) {
        await page.keyboard.press('Tab')
        const focus = await focusInside(page, 'login-dialog')
        if (!focus.inside) throw new Error(`Tab ${press} left the dialog for ${focus.what}`)
      }
      await page.keyboard.press('Shift+Tab')
      if (!(await focusInside(page, 'login-dialog')).inside) throw new Error('Shift+Tab left the dialog')
      await page.keyboard.press('Escape')
      await byTestId(page, 'login-dialog').waitFor({ state: 'detached' })
      await expectValue('focus back on the login button', () => page.evaluate(() => globalThis.document.activeElement?.getAttribute('data-testid')), 'login-button')
      expectNone(violations)
    })
    if (width === 'phone') {
      await check(page, `${tag} phone menu`, async () => {
        await byTestId(page, 'mobile-menu-button').click()
        const violations = await dialogViolations(page, 'mobile-drawer', `${width}-${lang}-dialog-menu`)
        await page.keyboard.press('Escape')
        await byTestId(page, 'mobile-drawer').waitFor({ state: 'detached' })
        expectNone(violations)
      })
    }
    await check(page, `${tag} cookie banner and settings dialog`, async () => {
      await byTestId(page, 'cookie-banner').waitFor()
      await animationsDone(page)
      const violations = (await axeViolations(page, '[data-testid="cookie-banner"]')).map((violation) => `cookie-banner: ${violation}`)
      await byTestId(page, 'cookie-settings').click()
      violations.push(...(await dialogViolations(page, 'cookie-settings-dialog', `${width}-${lang}-dialog-cookies`)))
      expectNone(violations)
    })
  } finally {
    await context.close()
  }
}

/** The complete-profile modal: accessible, and Escape leaves it open. */
async function completeProfileDialog(page, { lang, width }) {
  await check(page, `${width} ${lang} complete-profile modal: accessible, Escape keeps it`, async () => {
    await page.evaluate(() => localStorage.setItem('tyiyn.completeProfile', '1'))
    await visit(page, '/profile', 'complete-profile-modal')
    const violations = await dialogViolations(page, 'complete-profile-modal', `${width}-${lang}-dialog-complete-profile`)
    await page.keyboard.press('Escape')
    await page.waitForTimeout(300)
    if (!(await byTestId(page, 'complete-profile-modal').isVisible())) throw new Error('Escape closed the complete-profile modal')
    if (!(await focusInside(page, 'complete-profile-modal')).inside) throw new Error('focus left the modal after Escape')
    await byTestId(page, 'complete-profile-skip').click()
    await byTestId(page, 'complete-profile-modal').waitFor({ state: 'detached' })
    expectNone(violations)
  })
}

/** The demo bidder's won item: the claim dialog (delivery and payment), closed unsent. */
async function claimDialog(page, { lang, width }) {
  await check(page, `${width} ${lang} claim dialog`, async () => {
    await visit(page, '/profile', 'won-items-card')
    await page.locator('[data-testid="claim-pay"]').first().click()
    const violations = await dialogViolations(page, 'claim-dialog', `${width}-${lang}-dialog-claim`)
    await closeDialog(byTestId(page, 'claim-dialog'))
    expectNone(violations)
  })
}

/** An admin confirmation (deleting a lot asks first), cancelled; the new-auction form, closed. */
async function adminDialogs(page, { lang, width }) {
  await check(page, `${width} ${lang} admin confirm dialog and auction form`, async () => {
    await visit(page, '/admin', 'admin-auction-table')
    await page.locator('[data-testid="auction-delete"]').first().click()
    const violations = await dialogViolations(page, 'confirm-dialog', `${width}-${lang}-dialog-confirm`)
    await byTestId(page, 'confirm-cancel').click()
    await byTestId(page, 'confirm-dialog').waitFor({ state: 'detached' })
    await byTestId(page, 'auction-create').click()
    violations.push(...(await dialogViolations(page, 'auction-create-dialog', `${width}-${lang}-dialog-auction`)))
    await closeDialog(byTestId(page, 'auction-create-dialog'))
    expectNone(violations)
  })
}

async function main() {
  await preflight()
  const started = Date.now()
  if (SKIP.length > 0) console.log(`(axe rules skipped by A11Y_SKIP: ${SKIP.join(', ')})`)
  const browser = await launchBrowser()
  try {
    const [demoLogin, adminLogin] = [await loginState(browser, DEMO), await loginState(browser, ADMIN)]
    const data = await demoData(browser, demoLogin)
    for (const { name: width, viewport } of WIDTHS) {
      for (const lang of LANGUAGES) {
        const titles = new Map()
        const options = { lang, width, titles }
        const visitor = await openContext(browser, { lang, viewport })
        await visitAll(visitor.page, PUBLIC_ROUTES, data, options)
        await visitor.context.close()
        if (AXE_LANGUAGES.has(lang)) await visitorDialogs(browser, viewport, options)
        const user = await openContext(browser, { lang, viewport, login: demoLogin })
        await visitAll(user.page, USER_ROUTES, data, options)
        if (AXE_LANGUAGES.has(lang)) {
          await completeProfileDialog(user.page, options)
          await claimDialog(user.page, options)
        }
        await user.context.close()
        const admin = await openContext(browser, { lang, viewport, login: adminLogin })
        await visitAll(admin.page, ADMIN_ROUTES, data, options)
        if (AXE_LANGUAGES.has(lang)) await adminDialogs(admin.page, options)
        await admin.context.close()
      }
    }
  } finally {
    await browser.close()
  }
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`)
  if (failures.length > 0) throw new Error(`${failures.length} check(s) failed:\n\n${failures.join('\n\n')}`)
}

suite.run(main)
