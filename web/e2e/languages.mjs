// Every text in the reader's language (issue 22), against a running server started with
// DEMO_DATA=1 (BASE_URL, default http://127.0.0.1:8080). Every route (routes.mjs: the public ones
// as a visitor, the demo bidder's signed in, the admin's as the admin) at 1366 px in English,
// Georgian and Kyrgyz. A page fails on
//   - en and ka: any Cyrillic (English is written in Latin letters, Georgian in its own script);
//   - ky: Kyrgyz is written in Cyrillic too, so a page fails on what only Russian has: a text that
//     is one of ru.json's texts (placeholders filled in any way) which ky.json does not share, or
//     a word Kyrgyz does not have (и, для, что, …: see RUSSIAN_ONLY_WORDS).
// Read: every rendered text (screen-reader-only text too), the names and hints of elements
// (aria-label, title, alt, placeholder) and the page's <title>. Left out: names and user content
// (elements marked `data-user-content`, and wherever a text quotes one, every title, username and
// name the page's API answers and socket events carry), what is in another language on purpose
// (an element with its own `lang`, such as the language switcher's РУ / КЫ), and the site texts
// the server keeps in one language for now (SERVER_TEXTS). The texts beyond the first screen load
// after it, so a page is read again until it passes or SETTLE_MS have passed. Screenshots:
// languages-*.png.
import { readFileSync } from 'node:fs'
import { ADMIN, DEMO, DESKTOP, createSuite, expectValue, launchBrowser, preflight, sleep } from './harness.mjs'
import { ADMIN_ROUTES, PUBLIC_ROUTES, USER_ROUTES, demoData, loginState, show } from './routes.mjs'

const suite = createSuite('languages')
const { shot, step } = suite

const LANGUAGES = ['en', 'ka', 'ky']
/** How long a page's texts may take to come right (the texts after the first screen, lazy parts). */
const SETTLE_MS = 8_000

/**
 * Site texts written as the operator wrote them, in no reader's language: the contact address (as
 * the post reads it). The tagline and the footer text come per language (settings `texts`).
 */
const SERVER_TEXTS = ['footer-address']

/** The API fields (and socket event fields) that hold names and user content. */
const USER_CONTENT_FIELDS = new Set(['title', 'description', 'auctionTitle', 'username', 'firstName', 'lastName', 'lastBidder', 'botName', 'adminName', 'siteName', 'tracking', 'address'])

const CYRILLIC = /[\u0400-\u04ff]/

/** Common Russian words that Kyrgyz does not have (those ky.json uses are dropped below). */
const RUSSIAN_ONLY_WORDS = ['и', 'в', 'для', 'что', 'это', 'или', 'вы', 'вам', 'ваш', 'ваша', 'ваши', 'нет', 'ещё', 'если', 'при', 'уже', 'чтобы', 'когда', 'только', 'можно', 'нельзя', 'после', 'который', 'которые', 'сейчас', 'пока']

function locale(lang) {
  return JSON.parse(readFileSync(new URL(`../src/i18n/locales/${lang}.json`, import.meta.url), 'utf8'))
}

/** `path → text` of a locale file. */
function flatten(value, prefix = '', out = new Map()) {
  if (typeof value === 'string') out.set(prefix, value)
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out)
  return out
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const wordsOf = (text) => text.toLowerCase().match(/[\p{L}]+/gu) ?? []

/**
 * What only Russian pages show: ru.json's texts that ky.json has no equal of (as exact texts, or
 * as patterns where they have placeholders or markup), and the Russian-only words ky.json never
 * uses.
 */
function russianOnly() {
  const ru = flatten(locale('ru'))
  const ky = flatten(locale('ky'))
  const kyTexts = new Set(ky.values())
  const kyWords = new Set([...ky.values()].flatMap(wordsOf))
  const exact = new Set()
  const patterns = []
  for (const [key, text] of ru) {
    if (ky.get(key) === text || kyTexts.has(text) || !CYRILLIC.test(text)) continue
    if (!/{{|<\/?\w+\/?>/.test(text)) {
      exact.add(text.replace(/\s+/g, ' ').trim())
      continue
    }
    // Placeholders match anything; markup (`<bot/>`, `<b>…</b>`) splits the text across elements.
    // A pattern with little Russian of its own (`Пакет {{bids}}`) would match Kyrgyz too.
    const parts = text.split(/{{[^}]*}}|<\/?\w+\/?>/)
    if (parts.join('').replace(/[^а-яё]/gi, '').length < 8) continue
    patterns.push(new RegExp(`^${parts.map((part) => escape(part.replace(/\s+/g, ' '))).join('.*?')}$`, 's'))
  }
  const words = new Set(RUSSIAN_ONLY_WORDS.filter((word) => !kyWords.has(word)))
  return { exact, patterns, words }
}

const RUSSIAN = russianOnly()

/** Every string under a user-content field of an API answer or a socket event. */
function collectUserContent(value, into, field = '') {
  if (typeof value === 'string') {
    if (USER_CONTENT_FIELDS.has(field) && value.trim().length > 1) into.add(value.trim())
  } else if (Array.isArray(value)) value.forEach((item) => collectUserContent(item, into, field))
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) collectUserContent(child, into, key)
}

/** Gathers the names and user content a page receives, over HTTP and the socket. */
function watchUserContent(page, into) {
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return
    collectUserContent(await response.json().catch(() => null), into)
  })
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      // socket.io frames: a packet type, then JSON (`42["auction", {…}]`).
      const json = typeof payload === 'string' ? payload.replace(/^\d+/, '') : ''
      if (json.startsWith('[') || json.startsWith('{')) {
        try {
          collectUserContent(JSON.parse(json), into)
        } catch {
          // Not JSON: nothing to collect.
        }
      }
    }),
  )
}

/**
 * The page's texts to read: each text node, the names and hints of elements and, with `whole`,
 * each short element's text read whole (without what is left out).
 */
function readPage({ serverTexts, whole }) {
  const doc = globalThis.document
  const pageLang = doc.documentElement.lang
  const skip = ['script', 'style', 'noscript', 'template', '[data-user-content]', 'svg[aria-hidden="true"]', ...serverTexts.map((id) => `[data-testid="${id}"]`)].join(', ')
  const leftOut = (element) => element.matches(skip) || (element.hasAttribute('lang') && element.getAttribute('lang') !== pageLang)
  const skipped = (element) => Boolean(element.closest(skip)) || (element.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang
  const rendered = (element) => element.getClientRects().length > 0
  const where = (element) => {
    const owner = element.closest('[data-testid]')
    return `${element.tagName.toLowerCase()}${owner ? ` in [data-testid=${owner.getAttribute('data-testid')}]` : ''}`
  }
  const normal = (text) => text.replace(/\s+/g, ' ').trim()
  const texts = []
  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    const text = normal(node.nodeValue ?? '')
    if (text && parent && !skipped(parent) && rendered(parent)) texts.push({ text, where: where(parent) })
  }
  for (const element of doc.body.querySelectorAll('*')) {
    if (skipped(element) || !rendered(element)) continue
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = normal(element.getAttribute(name) ?? '')
      if (value) texts.push({ text: value, where: `${where(element)} @${name}` })
    }
    // A text split by markup (a link or a badge inside a sentence), read whole.
    if (whole && element.children.length > 0 && (element.textContent ?? '').length <= 400) {
      let text = ''
      const inside = doc.createTreeWalker(element, 1 | 4 /* elements and texts */, { acceptNode: (node) => (node.nodeType === 1 && leftOut(node) ? 2 /* reject */ : 1) })
      for (let node = inside.nextNode(); node; node = inside.nextNode()) if (node.nodeType === 3) text += node.nodeValue
      if (normal(text)) texts.push({ text: normal(text), where: where(element), whole: true })
    }
  }
  texts.push({ text: normal(doc.title), where: '<title>' })
  const userContent = [...doc.querySelectorAll('[data-user-content]')].map((element) => normal(element.textContent ?? '')).filter((text) => text.length > 1)
  return { texts, userContent }
}

/** `text` without the names and user content in it. */
function withoutUserContent(text, known) {
  let rest = text
  for (const value of known) if (rest.includes(value)) rest = rest.split(value).join(' ')
  return rest
}

/** Why `text` is not in `lang`, or `null`. */
function problemOf(text, lang, whole) {
  if (lang !== 'ky') return CYRILLIC.test(text) ? 'Cyrillic' : null
  const trimmed = text.replace(/\s+/g, ' ').trim()
  if (RUSSIAN.exact.has(trimmed)) return 'a Russian text of the site'
  if (RUSSIAN.patterns.some((pattern) => pattern.test(trimmed))) return 'a Russian text of the site'
  // Words are read in text nodes only: a whole element repeats its text nodes' words.
  if (!whole) {
    const word = wordsOf(trimmed).find((found) => RUSSIAN.words.has(found))
    if (word) return `the Russian word "${word}"`
  }
  return null
}

/** The page's texts that are not in `lang`, one line each. */
async function problems(page, lang, known) {
  // English and Georgian are read text by text (any Cyrillic fails); Kyrgyz whole sentences too.
  const { texts, userContent } = await page.evaluate(readPage, { serverTexts: SERVER_TEXTS, whole: lang === 'ky' })
  const names = [...new Set([...known, ...userContent])].sort((a, b) => b.length - a.length)
  const found = new Map()
  for (const { text, where, whole } of texts) {
    const why = problemOf(withoutUserContent(text, names), lang, whole)
    if (why) found.set(`${where}: "${text.slice(0, 160)}" (${why})`, true)
  }
  return [...found.keys()]
}

/** Every page's problems, reported together at the end (a failing page does not hide the next). */
const failures = []

/** Shows each route and reads it until its texts are all in `lang` (or SETTLE_MS have passed). */
async function visitAll(page, routes, data, { lang, known }) {
  let previous = null
  for (const route of routes) {
    try {
      await step(page, `${lang} ${route.name}`, async () => {
        await show(page, route, data, previous, suite)
        await expectValue('no loading spinner', () => page.locator('main .spinner').count(), 0)
        const deadline = Date.now() + SETTLE_MS
        let left = await problems(page, lang, known)
        while (left.length > 0 && Date.now() < deadline) {
          await sleep(500)
          left = await problems(page, lang, known)
        }
        await shot(page, `${lang}-${route.name}`)
        if (left.length > 0) throw new Error(`${left.length} text(s) not in ${lang}:\n    ${left.join('\n    ')}`)
      })
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
    previous = route
  }
}

/** A 1366 px context in `lang` with the cookie banner answered, logged in with `login`. */
async function openContext(browser, { lang, login, known }) {
  const context = await browser.newContext({ viewport: DESKTOP, locale: lang, storageState: login })
  await context.addInitScript((lang) => {
    try {
      localStorage.setItem('lang', lang)
      localStorage.setItem('cookie-consent', 'necessary-only')
    } catch {
      // about:blank has no storage.
    }
  }, lang)
  context.on('page', (page) => {
    suite.watch(page)
    watchUserContent(page, known)
  })
  const page = await context.newPage()
  return { context, page }
}

async function main() {
  await preflight()
  const started = Date.now()
  const browser = await launchBrowser()
  try {
    const [demoLogin, adminLogin] = [await loginState(browser, DEMO), await loginState(browser, ADMIN)]
    const data = await demoData(browser, demoLogin)
    for (const lang of LANGUAGES) {
      const known = new Set()
      const visits = [
        { login: undefined, routes: PUBLIC_ROUTES },
        { login: demoLogin, routes: USER_ROUTES },
        { login: adminLogin, routes: ADMIN_ROUTES },
      ]
      for (const { login, routes } of visits) {
        const { context, page } = await openContext(browser, { lang, login, known })
        await visitAll(page, routes, data, { lang, known })
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`)
  if (failures.length > 0) throw new Error(`${failures.length} page(s) not wholly in their language:\n\n${failures.join('\n\n')}`)
}

suite.run(main)
