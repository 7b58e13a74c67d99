// End-to-end check of the web app against a running server (BASE_URL, default
// http://127.0.0.1:8080): cookie banner, registration, onboarding modals, logout, login, language
// switch, then every route with a full-page screenshot in ../artifacts/screenshots/.
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../artifacts/screenshots')
const TIMEOUT = 15_000

// The admin the CI server seeds (.ci/e2e); admin pages are skipped when this login fails.
const ADMIN = { username: process.env.E2E_ADMIN_USERNAME ?? 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin12345' }

const suffix = Math.random().toString(36).slice(2, 8)
const user = { username: `e2e_${suffix}`, email: `e2e_${suffix}@example.kg`, password: `pw_${suffix}_123` }

const pageErrors = []
let shotNumber = 0
let passed = 0

async function shot(page, name) {
  shotNumber += 1
  const file = resolve(SHOTS, `${String(shotNumber).padStart(2, '0')}-${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}

async function step(page, name, action) {
  process.stdout.write(`• ${name} ... `)
  try {
    await action()
    if (pageErrors.length > 0) throw new Error(`uncaught page error: ${pageErrors.join(' | ')}`)
    passed += 1
    console.log('ok')
  } catch (error) {
    console.log('FAILED')
    const file = await shot(page, `failure-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => null)
    throw new Error(`step "${name}" failed: ${error instanceof Error ? error.message : error}${file ? `\n  screenshot: ${file}` : ''}`)
  }
}

const byTestId = (page, id) => page.locator(`[data-testid="${id}"]`)

async function expectText(locator, expected) {
  await locator.waitFor({ state: 'visible', timeout: TIMEOUT })
  const deadline = Date.now() + TIMEOUT
  let text = ''
  while (Date.now() < deadline) {
    text = (await locator.first().innerText()).trim()
    if (expected instanceof RegExp ? expected.test(text) : text.includes(expected)) return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`expected text ${expected} but found "${text}"`)
}

async function visit(page, path, readyTestId, name) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
  await byTestId(page, readyTestId).first().waitFor({ state: 'visible', timeout: TIMEOUT })
  await byTestId(page, 'page-spinner').waitFor({ state: 'detached', timeout: TIMEOUT }).catch(() => undefined)
  await page.waitForTimeout(400)
  await shot(page, name)
}

async function preflight() {
  const answer = await fetch(`${BASE_URL}/api/settings`).catch((error) => error)
  if (answer instanceof Error || !answer.ok) {
    const why = answer instanceof Error ? answer.cause?.code ?? answer.message : `HTTP ${answer.status}`
    throw new Error(`no server answers GET ${BASE_URL}/api/settings (${why}); start it or set BASE_URL`)
  }
}

async function main() {
  await preflight()
  await mkdir(SHOTS, { recursive: true })
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'],
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' })
  const page = await context.newPage()
  page.setDefaultTimeout(TIMEOUT)
  page.on('pageerror', (error) => pageErrors.push(error.message))

  try {
    await step(page, 'open the home page', async () => {
      await page.goto(BASE_URL, { waitUntil: 'domcontentloaded' })
      await byTestId(page, 'brand').waitFor()
      await byTestId(page, 'home-page').waitFor()
    })

    await step(page, 'cookie banner: only necessary', async () => {
      await byTestId(page, 'cookie-banner').waitFor({ timeout: 10_000 })
      await shot(page, 'cookie-banner')
      await byTestId(page, 'cookie-necessary').click()
      await byTestId(page, 'cookie-banner').waitFor({ state: 'detached' })
      const consent = await page.evaluate(() => localStorage.getItem('cookie-consent'))
      if (consent !== 'necessary-only') throw new Error(`cookie-consent is ${consent}`)
    })

    await step(page, 'login page for a visitor', async () => {
      await visit(page, '/login', 'login-page', 'login')
    })

    await step(page, 'open the login dialog', async () => {
      await page.goto(BASE_URL, { waitUntil: 'domcontentloaded' })
      await byTestId(page, 'login-button').click()
      await byTestId(page, 'login-dialog').waitFor()
    })

    await step(page, `register ${user.username}`, async () => {
      await byTestId(page, 'tab-register').click()
      await page.fill('#register-username', user.username)
      await page.fill('#register-email', user.email)
      await page.fill('#register-password', user.password)
      await page.fill('#register-confirm', user.password)
      await byTestId(page, 'username-availability').waitFor({ timeout: 5_000 })
      await shot(page, 'register-dialog')
      await byTestId(page, 'register-submit').click()
    })

    await step(page, 'welcome modal greets the new user', async () => {
      await expectText(byTestId(page, 'welcome-title'), user.username)
      await shot(page, 'welcome-modal')
      await byTestId(page, 'welcome-close').click()
      await byTestId(page, 'welcome-modal').waitFor({ state: 'detached' })
    })

    await step(page, 'complete-profile modal: skip', async () => {
      await byTestId(page, 'complete-profile-modal').waitFor()
      await shot(page, 'complete-profile-modal')
      await byTestId(page, 'complete-profile-skip').click()
      await byTestId(page, 'complete-profile-modal').waitFor({ state: 'detached' })
    })

    await step(page, 'logout through the user menu', async () => {
      await expectText(byTestId(page, 'header-username'), user.username)
      await byTestId(page, 'user-menu-trigger').click()
      await byTestId(page, 'logout-button').click()
      await byTestId(page, 'login-button').waitFor()
    })

    await step(page, 'login in the dialog', async () => {
      await byTestId(page, 'login-button').click()
      await byTestId(page, 'login-dialog').waitFor()
      await page.fill('#login-username', user.username)
      await page.fill('#login-password', user.password)
      await byTestId(page, 'login-submit').click()
      await byTestId(page, 'login-dialog').waitFor({ state: 'detached' })
    })

    await step(page, 'header shows the username and a balance of 5', async () => {
      await expectText(byTestId(page, 'header-username'), user.username)
      await expectText(byTestId(page, 'bid-balance'), /^5$/)
    })

    const languages = [
      ['en', 'Auctions'],
      ['ka', 'აუქციონები'],
      ['ky', 'Аукциондор'],
      ['ru', 'Аукционы'],
    ]
    for (const [lang, label] of languages) {
      await step(page, `switch language to ${lang}`, async () => {
        await byTestId(page, `lang-${lang}`).click()
        await expectText(byTestId(page, 'nav-auctions'), label)
        const cookie = (await context.cookies(BASE_URL)).find((item) => item.name === 'lang')
        if (cookie?.value !== lang) throw new Error(`lang cookie is ${cookie?.value}`)
        if (lang !== 'ru') await shot(page, `home-${lang}`)
      })
    }

    const list = await page.request.get(`${BASE_URL}/api/auctions`).then((res) => (res.ok() ? res.json() : null))
    const sample = list && [...list.live, ...list.upcoming, ...list.finished][0]
    const routes = [
      ['/', 'home-page', 'home'],
      ['/auctions', 'auctions-page', 'auctions'],
      ...(sample ? [[`/auction/${sample.slug}`, 'auction-detail', 'auction-detail']] : []),
      ['/auction/no-such-auction-ty-0000-00000', 'auction-not-found', 'auction-not-found'],
      ['/how-it-works', 'how-it-works-page', 'how-it-works'],
      ['/profile', 'profile-page', 'profile'],
      ['/bid-history', 'bid-history-page', 'bid-history'],
      ['/topup', 'topup-page', 'topup'],
      ['/support', 'support-page', 'support'],
      ['/auction-rules', 'rules-page', 'auction-rules'],
      ['/privacy-policy', 'privacy-page', 'privacy-policy'],
      ['/terms-of-service', 'terms-page', 'terms-of-service'],
      ['/welcome-preview', 'welcome-preview-page', 'welcome-preview'],
      ['/this-page-does-not-exist', 'not-found-page', 'not-found'],
    ]
    if (!sample) console.log('  (no auctions from /api/auctions: the detail page is skipped)')
    for (const [path, testId, name] of routes) {
      await step(page, `visit ${path}`, () => visit(page, path, testId, name))
    }

    await step(page, 'a user is sent away from /admin', async () => {
      await page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' })
      await byTestId(page, 'home-page').waitFor()
      if (new URL(page.url()).pathname !== '/') throw new Error(`ended on ${page.url()}`)
    })

    const adminLogin = await page.request.post(`${BASE_URL}/api/auth/login`, { data: ADMIN, headers: { Origin: BASE_URL } })
    if (adminLogin.ok()) {
      const adminRoutes = [
        ['/admin', 'admin-page', 'admin'],
        ['/admin/users', 'admin-users-page', 'admin-users'],
        ['/admin/finished-auctions', 'admin-finished-page', 'admin-finished-auctions'],
        ['/admin/settings', 'admin-settings-page', 'admin-settings'],
      ]
      for (const [path, testId, name] of adminRoutes) {
        await step(page, `admin visits ${path}`, () => visit(page, path, testId, name))
      }
      await step(page, 'admin sees the auction table', async () => {
        await page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' })
        await expectText(page.locator('h1'), 'Панель администратора')
        await byTestId(page, 'admin-auction-table').waitFor()
      })
    } else {
      console.log(`  (admin login as ${ADMIN.username} refused: admin pages are skipped)`)
    }

    await step(page, 'mobile layout', async () => {
      await page.setViewportSize({ width: 390, height: 844 })
      await visit(page, '/', 'home-page', 'home-mobile')
      await byTestId(page, 'mobile-menu-button').click()
      await page.waitForTimeout(300)
      await shot(page, 'mobile-drawer')
    })
  } finally {
    await browser.close()
  }
  console.log(`\nscreenshots in ${SHOTS}`)
  console.log(`e2e: ${passed} passed, 0 failed`)
}

main().catch((error) => {
  console.error(`\ne2e FAILED against ${BASE_URL}\n${error instanceof Error ? error.message : error}`)
  console.error(`e2e: ${passed} passed, 1 failed`)
  process.exit(1)
})
