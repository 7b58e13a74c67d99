// End-to-end check of the installable phone app (issue 43) against a running server (BASE_URL,
// default http://127.0.0.1:8080, DEMO_DATA=1, as `.ci/e2e` starts it). 127.0.0.1 is a secure
// context, so the service worker runs over plain HTTP.
//
// - Installable: once the worker controls the page, Chromium's own check
//   (`Page.getInstallabilityErrors`, in a persistent profile: Chromium installs nothing from an
//   incognito one) finds nothing missing; the manifest parses without errors, each of its icons
//   loads as a PNG, it is served as application/manifest+json, and the page's manifest link follows
//   the language chosen. The drawer's "Install the app" asks Chromium for its install dialog; on an
//   iPhone it opens the how-to (Share, then «На экран «Домой»», in Russian for Kyrgyz too).
// - The precache holds the app shell only: the offline page and its files, the entry's scripts and
//   styles, icons; no lazy chunk, no API answer.
// - Offline, at 360×740, in ru, en, ka and ky (the language as the app stores it): a reload shows
//   our offline page in that language (screenshots pwa-NN-offline-<lang>.png); back online, the home
//   page's live auctions come back with no reload from the test.
// - A new worker taking over an open page does not reload it under the reader's eyes; the next
//   link the reader follows loads that page anew (the new version).
// - Push: a message delivered through the DevTools protocol (`ServiceWorker.deliverPushMessage`) is
//   shown with its title, body, icon and the auction's path in `data.url`; a message that is not
//   JSON still shows the site's generic notice.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import {
  BASE_URL,
  CHROMIUM,
  TIMEOUT,
  byTestId,
  createSuite,
  expectText,
  expectValue,
  launchBrowser,
  liveWithMostTime,
  preflight,
  sleep,
  visit,
} from './harness.mjs'

const suite = createSuite('pwa')
const { shot, step } = suite

const PHONE = { width: 360, height: 740 }
const LANGUAGES = ['ru', 'en', 'ka', 'ky']
/** Every request the browser fails while offline: the page's, the socket's, the offline page's. */
const OFFLINE_ERRORS = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_NAME_NOT_RESOLVED|WebSocket|Failed to fetch|Failed to load resource/
/** How long the worker may take to control a page: it registers after the first screen. */
const WORKER_WAIT = 30_000

const locale = async (lang) => JSON.parse(await readFile(new URL(`../src/i18n/locales/${lang}.json`, import.meta.url), 'utf8'))

/** Answers the cookie banner and stores `lang` as the app's language choice (lib/i18n.ts). */
async function prepare(context, lang) {
  await context.addInitScript((lang) => {
    try {
      localStorage.setItem('cookie-consent', 'necessary-only')
      if (lang) localStorage.setItem('lang', lang)
    } catch {
      // about:blank has no storage.
    }
  }, lang)
  context.on('page', (page) => suite.watch(page))
}

/** Waits until a service worker controls `page`: registered after the first screen at the
 * reader's first key or 10 s later (app/startup.ts), then claimed. A key is pressed now and then
 * meanwhile, as a reader would touch the page. */
async function controlled(page) {
  const deadline = Date.now() + WORKER_WAIT
  while (Date.now() < deadline) {
    if (await page.evaluate(() => navigator.serviceWorker?.controller?.state === 'activated')) return
    await page.keyboard.press('Shift')
    await sleep(300)
  }
  throw new Error(`no service worker controls ${page.url()} after ${WORKER_WAIT} ms`)
}

/** Waits until `locator`'s element has stopped moving in (the drawer slides, a dialog fades). */
const settled = (locator) => locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)))

/** A persistent Chromium profile (installability is never granted to an incognito one). */
async function persistentContext() {
  const dir = await mkdtemp(join(tmpdir(), 'tyiyn-pwa-'))
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    viewport: PHONE,
    locale: 'ru-RU',
  })
  return { context, close: async () => (await context.close(), await rm(dir, { recursive: true, force: true })) }
}

async function installable() {
  const { context, close } = await persistentContext()
  try {
    await prepare(context, null)
    // Counts the install dialogs the page asks for (and still lets Chromium show them).
    await context.addInitScript(() => {
      const prompt = globalThis.BeforeInstallPromptEvent?.prototype.prompt
      if (!prompt) return
      globalThis.BeforeInstallPromptEvent.prototype.prompt = function () {
        globalThis.__installPrompts = (globalThis.__installPrompts ?? 0) + 1
        return prompt.call(this)
      }
    })
    const page = context.pages()[0] ?? (await context.newPage())
    suite.watch(page)
    const cdp = await context.newCDPSession(page)
    await step(page, 'Chromium finds the site installable once the worker controls it', async () => {
      await visit(page, '/', 'home-page')
      await controlled(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      if (installabilityErrors.length) throw new Error(`installability errors: ${JSON.stringify(installabilityErrors)}`)
      const { url, errors, data } = await cdp.send('Page.getAppManifest')
      if (!url.endsWith('/manifest.ru.webmanifest')) throw new Error(`the page links ${url}`)
      if (errors.length) throw new Error(`manifest errors: ${JSON.stringify(errors)}`)
      const manifest = JSON.parse(data)
      if (manifest.display !== 'standalone' || manifest.start_url !== '/?source=app') throw new Error(`manifest ${data}`)
    })
    await step(page, 'the manifest is served as application/manifest+json and each icon loads as a PNG', async () => {
      const answer = await page.request.get(`${BASE_URL}/manifest.ru.webmanifest`)
      const type = answer.headers()['content-type'] ?? ''
      if (!type.startsWith('application/manifest+json')) throw new Error(`the manifest came as ${type}`)
      const manifest = await answer.json()
      const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons), { src: '/icons/apple-touch-icon.png' }, { src: '/icons/badge-96.png' }]
      for (const { src } of icons) {
        const icon = await page.request.get(`${BASE_URL}${src}`)
        if (!icon.ok() || icon.headers()['content-type'] !== 'image/png') throw new Error(`${src}: ${icon.status()} ${icon.headers()['content-type']}`)
      }
    })
    await step(page, "the drawer offers to install the app, and its click opens Chromium's install dialog", async () => {
      await byTestId(page, 'mobile-menu-button').click()
      await expectText(byTestId(page, 'drawer-install-app'), 'Установить приложение')
      await settled(byTestId(page, 'mobile-drawer'))
      await shot(page, 'drawer-install')
      await byTestId(page, 'drawer-install-app').click()
      await expectValue('prompt() calls', () => page.evaluate(() => globalThis.__installPrompts), 1)
    })
    await step(page, "the page's manifest follows the language chosen", async () => {
      await byTestId(page, 'mobile-menu-button').click()
      await byTestId(page, 'mobile-drawer').locator('[data-testid="lang-ka"]').click()
      await expectValue('the manifest link', () => page.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.ka.webmanifest')
      const { url } = await cdp.send('Page.getAppManifest')
      if (!url.endsWith('/manifest.ka.webmanifest')) throw new Error(`Chromium reads ${url}`)
    })
    await step(page, 'the precache holds the app shell only: no lazy chunk, no API answer', async () => {
      const cached = await page.evaluate(async () => {
        const out = []
        for (const name of await globalThis.caches.keys()) {
          const cache = await globalThis.caches.open(name)
          for (const request of await cache.keys()) out.push({ url: new URL(request.url).pathname, size: (await (await cache.match(request)).arrayBuffer()).byteLength })
        }
        return out
      })
      const paths = cached.map((entry) => entry.url)
      const kib = cached.reduce((sum, entry) => sum + entry.size, 0) / 1024
      process.stdout.write(`(${cached.length} files, ${kib.toFixed(1)} KiB uncompressed) `)
      for (const wanted of ['/offline.html', '/icons/icon-192.png']) if (!paths.includes(wanted)) throw new Error(`${wanted} is not precached: ${paths.join(', ')}`)
      const stray = paths.filter((path) => /^\/(api|socket\.io|ws)/.test(path) || /\/assets\/(home-page|auction-detail-page|admin|profile-page|ru-|en-|ka-|ky-)/.test(path))
      if (stray.length) throw new Error(`precached beyond the app shell: ${stray.join(', ')}`)
    })
  } finally {
    await close()
  }
}

/** Offline in `lang`: our page, in that language; back online, the real page by itself. */
async function offlineIn(browser, lang) {
  const texts = (await locale(lang)).offline
  const context = await browser.newContext({ viewport: PHONE, locale: lang === 'ru' ? 'ru-RU' : 'en-US', hasTouch: true, isMobile: true })
  await prepare(context, lang)
  const page = await context.newPage()
  try {
    await step(page, `${lang}: the worker controls the home page`, async () => {
      await visit(page, '/', 'live-auction-card')
      await controlled(page)
    })
    await step(page, `${lang}: offline, a reload shows our offline page in ${lang}`, async () => {
      await suite.expectingConsole(OFFLINE_ERRORS, async () => {
        await context.setOffline(true)
        await page.reload({ waitUntil: 'domcontentloaded' })
        await byTestId(page, 'offline-page').waitFor()
        await expectText(page.locator('h1'), texts.title)
        await expectText(byTestId(page, 'offline-retry'), texts.retry)
        const { lang: shown, title, scroll } = await page.evaluate(() => {
          const { documentElement, title } = globalThis.document
          return { lang: documentElement.lang, title, scroll: documentElement.scrollWidth }
        })
        if (shown !== lang || title !== texts.documentTitle) throw new Error(`the page says lang=${shown}, title "${title}"`)
        if (scroll > PHONE.width) throw new Error(`${scroll} px wide on a ${PHONE.width} px screen`)
        await shot(page, `offline-${lang}`)
        // "Try again" while still offline: the page stays, and says it is checking.
        await byTestId(page, 'offline-retry').click()
        await sleep(500)
        await byTestId(page, 'offline-page').waitFor()
      })
    })
    await step(page, `${lang}: back online, the live auctions come back without a reload from here`, async () => {
      await suite.expectingConsole(OFFLINE_ERRORS, async () => {
        await context.setOffline(false)
        await byTestId(page, 'live-auction-card').first().waitFor({ timeout: TIMEOUT })
      })
    })
  } finally {
    await context.close()
  }
}

/**
 * A deploy while a page is open: a new worker takes over (here the same script under another
 * address, `/sw.js?deploy=next`: Chromium fetches a worker's script past Playwright's routes, so
 * the test cannot change its bytes), and the page on screen stays as it is (no reload under the
 * reader's eyes) until the reader follows a link, which loads the next page anew.
 */
async function update(browser) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' })
  await prepare(context, null)
  const page = await context.newPage()
  try {
    await step(page, 'a new version takes over: the page on screen stays, the next link loads anew', async () => {
      await visit(page, '/', 'live-auction-card')
      await controlled(page)
      const tookOver = page.evaluate(async () => {
        globalThis.__oldBundle = true
        const change = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
        await navigator.serviceWorker.register('/sw.js?deploy=next', { scope: '/' })
        await change
        return navigator.serviceWorker.controller.scriptURL
      })
      const script = await Promise.race([tookOver, sleep(TIMEOUT).then(() => 'no new worker took over')])
      if (!script.endsWith('/sw.js?deploy=next')) throw new Error(script)
      await sleep(1500)
      if (!(await page.evaluate(() => globalThis.__oldBundle === true))) throw new Error('the page reloaded under the reader')
      await page.locator('a[href="/auctions"]').filter({ visible: true }).first().click()
      await page.waitForURL(`${BASE_URL}/auctions`)
      await byTestId(page, 'live-auction-card').first().waitFor()
      if (await page.evaluate(() => globalThis.__oldBundle === true)) throw new Error('the next page was shown by the old bundle')
    })
  } finally {
    await context.close()
  }
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

/** On an iPhone (Safari has no install dialog) the entry opens the how-to, in iOS's own words. */
async function iosHowTo(browser) {
  for (const lang of ['ru', 'ky']) {
    const texts = (await locale(lang)).installApp
    const context = await browser.newContext({ viewport: PHONE, userAgent: IPHONE, hasTouch: true, isMobile: true, locale: 'ru-RU' })
    await prepare(context, lang)
    const page = await context.newPage()
    try {
      await step(page, `${lang}: on an iPhone the drawer's entry explains Share, then «На экран «Домой»»`, async () => {
        await visit(page, '/', 'home-page')
        await byTestId(page, 'mobile-menu-button').click()
        await byTestId(page, 'drawer-install-app').click()
        const dialog = byTestId(page, 'install-help')
        await expectText(dialog, texts.iosAdd)
        if (!texts.iosAdd.includes('«На экран «Домой»»')) throw new Error(`${lang} names the iOS item as ${texts.iosAdd}`)
        await settled(dialog)
        await shot(page, `install-help-${lang}`)
        await byTestId(page, 'install-help-done').click()
        await dialog.waitFor({ state: 'detached' })
      })
    } finally {
      await context.close()
    }
  }
}

/** The push the server sends for a win (the contract: src/sw/push-message.ts). */
const pushFor = (auction) => ({
  title: `Вы выиграли: ${auction.title}`,
  body: 'Заберите приз в профиле',
  url: `/auction/${auction.slug}`,
  tag: `won-${auction.id}`,
  kind: 'auctionWon',
  lang: 'ru',
})

/** The notifications the worker shows, as the page reads them. */
const shownNotifications = (page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, badge: n.badge, data: n.data })),
  )

async function push(browser, auction) {
  const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' })
  await context.grantPermissions(['notifications'], { origin: BASE_URL })
  await prepare(context, null)
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    const registrations = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated))
    const deliver = async (data) => {
      const registration = await expectValue('the worker registration', async () => registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted), Boolean)
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId: registration.registrationId, data })
    }
    await step(page, 'a push is shown with its title, icon and the auction it leads to', async () => {
      await visit(page, '/', 'home-page')
      await controlled(page)
      await cdp.send('ServiceWorker.enable')
      const message = pushFor(auction)
      await deliver(JSON.stringify(message))
      const [shown] = await expectValue('the notification', () => shownNotifications(page), (list) => list?.some((n) => n.title === message.title))
      if (shown.body !== message.body || shown.tag !== message.tag) throw new Error(`shown as ${JSON.stringify(shown)}`)
      // A slug may hold Cyrillic letters: the path is kept as a URL writes it (percent-encoded).
      const path = new URL(message.url, BASE_URL).pathname
      if (shown.data?.url !== path) throw new Error(`it leads to ${shown.data?.url}, not ${path}`)
      if (!shown.icon.endsWith('/icons/icon-192.png') || !shown.badge.endsWith('/icons/badge-96.png')) throw new Error(`icon ${shown.icon}, badge ${shown.badge}`)
    })
    await step(page, 'a push that is not JSON still shows the site’s notice, leading home', async () => {
      await deliver('not json')
      const list = await expectValue('the generic notification', () => shownNotifications(page), (found) => found?.some((n) => n.title === 'Тыйын'))
      const generic = list.find((n) => n.title === 'Тыйын')
      if (generic.data?.url !== '/' || !generic.body) throw new Error(`shown as ${JSON.stringify(generic)}`)
    })
  } finally {
    await context.close()
  }
}

async function main() {
  await preflight()
  const auction = liveWithMostTime(await (await fetch(`${BASE_URL}/api/auctions`)).json())
  await installable()
  const browser = await launchBrowser()
  try {
    for (const lang of LANGUAGES) await offlineIn(browser, lang)
    await iosHowTo(browser)
    await update(browser)
    await push(browser, auction)
  } finally {
    await browser.close()
  }
}

suite.run(main)
