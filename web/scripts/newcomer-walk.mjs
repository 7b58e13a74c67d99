#!/usr/bin/env node
//! A scripted newcomer's walk on a 360×740 phone, once per language (ru, ky, en, ka), with a
//! full-page screenshot per step for a person to look at: the home page with the cookie banner,
//! its footer, a live lot, the registration dialog from the header, the welcome after registering,
//! one bid and the page after it, the profile, the top-up page, how it works and fairness. A step
//! whose element does not come within 15 s is noted and shot anyway; the walk goes on. Also notes,
//! per step, sideways overflow, console errors and text that looks like a raw translation key or is
//! in the wrong script, in `<out>/notes.json`. Run by hand against a running server
//! (DEMO_DATA=1, phone verification off):
//!   BASE_URL=http://127.0.0.1:18095 WALK_DIR=/tmp/walk node web/scripts/newcomer-walk.mjs [ru ky en ka]
import { mkdir, writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const BASE = (process.env.BASE_URL ?? 'http://127.0.0.1:18095').replace(/\/$/, '')
const OUT = process.env.WALK_DIR ?? '/tmp/walk'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const LANGS = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['ru', 'ky', 'en', 'ka']
const TIMEOUT = 15_000
const VIEWPORT = { width: 360, height: 740 }

const byTestId = (page, id) => page.locator(`[data-testid="${id}"]`)
const notes = {}

/** What the page shows that a reader would trip on, read from its visible text and layout. */
async function inspect(page, lang) {
  return page.evaluate((lang) => {
    const doc = globalThis.document
    const width = doc.documentElement.clientWidth
    const found = { scrollWidth: doc.documentElement.scrollWidth, clientWidth: width, wide: [], keys: [], wrongScript: [], bad: [] }
    const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */)
    const seen = new Set()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.replace(/\s+/g, ' ').trim()
      if (!text || seen.has(text)) continue
      const parent = node.parentElement
      if (!parent || parent.closest('script,style,noscript,[hidden],.sr-only,.sr-only-tight')) continue
      const style = globalThis.getComputedStyle(parent)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      seen.add(text)
      if (/\b[a-z][a-zA-Z]+\.[a-z][a-zA-Z]+(\.[a-zA-Z]+)*\b/.test(text) && !/@|https?:|\.kg\b|\.com\b|\.ru\b/.test(text)) found.keys.push(text.slice(0, 120))
      if (/NaN|undefined|null|Infinity|\{\{|\}\}/.test(text)) found.bad.push(text.slice(0, 120))
      const cyrillic = /[А-Яа-яЁё]{3,}/.test(text)
      const latinWords = text.match(/\b[A-Za-z]{4,}\b/g) ?? []
      if ((lang === 'en' || lang === 'ka') && cyrillic) found.wrongScript.push(text.slice(0, 120))
      if (lang !== 'en' && latinWords.length > 0) found.wrongScript.push(text.slice(0, 120))
      if (lang === 'ka' && !/[\u10A0-\u10FF]/.test(text) && /[A-Za-z]{4,}/.test(text)) found.wrongScript.push(text.slice(0, 120))
    }
    for (const element of doc.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      const style = globalThis.getComputedStyle(element)
      if (style.position === 'fixed' && box.right > width + 1) found.wide.push(`${element.tagName.toLowerCase()}.${element.className} right=${Math.round(box.right)}`)
      else if (box.right > width + 1 && !element.closest('[style*="overflow"], .scroll-x')) {
        let clipped = false
        for (let up = element.parentElement; up; up = up.parentElement) {
          const overflow = globalThis.getComputedStyle(up).overflowX
          if (overflow === 'hidden' || overflow === 'auto' || overflow === 'scroll' || overflow === 'clip') {
            clipped = true
            break
          }
        }
        if (!clipped) found.wide.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} right=${Math.round(box.right)}`)
      }
      // Text cut inside its own box (ellipsis or hidden overflow).
      if (element.children.length === 0 && element.clientWidth > 2 && element.scrollWidth > element.clientWidth + 1 && ['hidden', 'clip'].includes(style.overflowX) && element.textContent.trim()) {
        found.bad.push(`cut: "${element.textContent.trim().slice(0, 80)}" (${element.scrollWidth}>${element.clientWidth})`)
      }
    }
    for (const image of doc.images) {
      if (image.complete && image.naturalWidth === 0 && image.getBoundingClientRect().width > 0) found.bad.push(`broken image ${image.currentSrc || image.src}`)
    }
    found.wide = found.wide.slice(0, 10)
    return found
  }, lang)
}

async function walk(browser, lang) {
  const log = (notes[lang] = { steps: [], user: null })
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, isMobile: false, hasTouch: true })
  await context.addInitScript((lang) => {
    try {
      if (!sessionStorage.getItem('walk-lang-set')) {
        localStorage.setItem('lang', lang)
        sessionStorage.setItem('walk-lang-set', '1')
      }
    } catch {
      // about:blank has no storage.
    }
  }, lang)
  const page = await context.newPage()
  page.setDefaultTimeout(TIMEOUT)
  let stepErrors = []
  page.on('console', (message) => {
    if (message.type() === 'error') stepErrors.push(message.text().slice(0, 200))
  })
  page.on('pageerror', (error) => stepErrors.push(`pageerror: ${error.message.slice(0, 200)}`))

  let number = 0
  async function step(name, action) {
    number += 1
    const file = `${OUT}/${lang}-${String(number).padStart(2, '0')}-${name}.png`
    const entry = { step: name, file, ok: true }
    process.stdout.write(`${lang} ${String(number).padStart(2, '0')} ${name} ... `)
    try {
      await action()
    } catch (error) {
      entry.ok = false
      entry.failure = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300)
    }
    await page.waitForTimeout(600)
    try {
      Object.assign(entry, await inspect(page, lang))
    } catch (error) {
      entry.inspectFailed = String(error).slice(0, 200)
    }
    await page.screenshot({ path: file, fullPage: true }).catch((error) => {
      entry.shotFailed = String(error).slice(0, 200)
    })
    entry.url = page.url().replace(BASE, '')
    entry.consoleErrors = stepErrors
    stepErrors = []
    log.steps.push(entry)
    console.log(entry.ok ? 'ok' : `FAILED: ${entry.failure}`)
  }

  const settle = async () => {
    await byTestId(page, 'page-spinner').waitFor({ state: 'detached', timeout: TIMEOUT }).catch(() => undefined)
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
  }
  const open = async (path, testId) => {
    await page.goto(`${BASE}${path}`, { waitUntil: 'domcontentloaded' })
    await byTestId(page, testId).first().waitFor({ state: 'visible' })
    await settle()
  }

  let live = null
  try {
    await step('home', async () => {
      await open('/', 'home-page')
      await byTestId(page, 'cookie-banner').waitFor({ state: 'visible' })
    })

    await step('footer', async () => {
      // Scroll down the way a thumb does, so every part that waits to be near comes in.
      for (let round = 0; round < 40; round += 1) {
        const atBottom = await page.evaluate(() => {
          globalThis.scrollBy(0, 600)
          return globalThis.innerHeight + globalThis.scrollY >= globalThis.document.documentElement.scrollHeight - 2
        })
        await page.waitForTimeout(150)
        if (atBottom && (await byTestId(page, 'footer').count()) > 0) break
      }
      await byTestId(page, 'footer').waitFor({ state: 'visible' })
      await page.evaluate(() => globalThis.scrollTo(0, globalThis.document.documentElement.scrollHeight))
    })

    // A newcomer answers the cookie banner before going on.
    await byTestId(page, 'cookie-necessary').click({ timeout: 5_000 }).catch(() => undefined)

    await step('live-auction', async () => {
      const answer = await page.request.get(`${BASE}/api/auctions`)
      const list = await answer.json()
      live = [...(list.live ?? [])].filter((item) => item.status === 'live').sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
      if (!live) throw new Error('no live auction in /api/auctions')
      log.auction = { slug: live.slug, title: live.title }
      await open(`/auction/${live.slug}`, 'auction-detail')
    })

    await step('register-dialog', async () => {
      await page.evaluate(() => globalThis.scrollTo(0, 0))
      await byTestId(page, 'login-button').click()
      await byTestId(page, 'login-dialog').waitFor({ state: 'visible' })
      await byTestId(page, 'tab-register').click()
      await byTestId(page, 'register-form').waitFor({ state: 'visible' })
    })

    await step('welcome', async () => {
      const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0')
      const user = { username: `walk_${lang}_${digits}`, email: `walk_${lang}_${digits}@example.kg`, password: `pw_${digits}_walk` }
      log.user = user.username
      await page.fill('#register-username', user.username)
      await page.fill('#register-email', user.email)
      await page.fill('#register-password', user.password)
      await page.fill('#register-confirm', user.password)
      await byTestId(page, 'username-availability').waitFor({ timeout: 5_000 }).catch(() => undefined)
      await byTestId(page, 'register-submit').click()
      await byTestId(page, 'welcome-modal').waitFor({ state: 'visible' })
      await page.waitForTimeout(800)
    })

    // Past the welcome and the complete-profile offer, as a newcomer eager to bid would go.
    await byTestId(page, 'welcome-start').or(byTestId(page, 'welcome-close')).first().click({ timeout: 5_000 }).catch(() => undefined)
    await byTestId(page, 'complete-profile-skip').click({ timeout: 5_000 }).catch(() => undefined)
    await page.waitForTimeout(300)

    await step('bid', async () => {
      if (!live) throw new Error('no live auction to bid on')
      if (!page.url().includes(`/auction/${live.slug}`)) await open(`/auction/${live.slug}`, 'auction-detail')
      const button = byTestId(page, `bid-button-${live.id}`)
      await button.waitFor({ state: 'visible' })
      const deadline = Date.now() + TIMEOUT
      while (!(await button.isEnabled()) && Date.now() < deadline) await page.waitForTimeout(200)
      log.bidButtonBefore = (await button.innerText()).replace(/\s+/g, ' ').trim()
      await button.click()
      await byTestId(page, 'toast').first().waitFor({ state: 'visible' })
      log.bidToast = (await byTestId(page, 'toast').first().innerText()).replace(/\s+/g, ' ').trim()
      await page.waitForTimeout(800)
      log.bidButtonAfter = (await button.innerText()).replace(/\s+/g, ' ').trim()
    })

    await step('profile', () => open('/profile', 'profile-page'))
    await step('topup', () => open('/topup', 'topup-page'))
    await step('how-it-works', () => open('/how-it-works', 'how-it-works-page'))
    await step('fairness', () => open('/fairness', 'fairness-page'))
  } finally {
    await context.close()
  }
}

await mkdir(OUT, { recursive: true })
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  for (const lang of LANGS) await walk(browser, lang)
} finally {
  await browser.close()
  await writeFile(`${OUT}/notes.json`, JSON.stringify(notes, null, 2))
}
const failed = Object.values(notes).flatMap((entry) => entry.steps.filter((step) => !step.ok))
console.log(`\nscreenshots and notes.json in ${OUT}; ${failed.length} step(s) failed`)
