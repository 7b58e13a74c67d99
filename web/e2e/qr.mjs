// End-to-end check of paying by QR (ELQR) against a running server (BASE_URL, default
// http://127.0.0.1:8080, started as `.ci/e2e` does, whose card and QR providers are the demo ones).
// On a 360×740 touch phone a fresh user goes from /topup to bids on the balance in three taps: "buy"
// on a package with QR chosen (the default) lands on /pay/{id}; the MBank button opens "the bank
// app" — every bank's deep-link prefix is answered here by a stand-in page that reads the ELQR
// payload from the address's fragment, shows the amount of field 54 and the order of field 32/11,
// and on "Confirm" has the demo provider pay the order with the user's session, then goes back;
// the payment page turns paid and the header's balance has risen by the package's bids. On a
// 1280 px desktop the page draws the QR code, at least 240 px wide, of the order's very link (the
// text the library was given is on the element, and a screenshot of the code decodes to it), /topup
// never loads the QR library, and the demo's buttons pay the order. The bank stand-in verifies
// each link's checksum on its own before it lets anyone confirm. Screenshots qr-*.png.
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import {
  ADMIN,
  BASE_URL,
  byTestId,
  createSuite,
  expectText,
  expectValue,
  getJson,
  launchBrowser,
  preflight,
  session,
  visit,
} from './harness.mjs'

const suite = createSuite('qr')
const { shot, step } = suite

/** A phone: 360×740, a finger for a pointer. */
const PHONE_TOUCH = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 }
const DESKTOP_1280 = { viewport: { width: 1280, height: 800 } }
/** The bank apps' deep-link prefixes the server's links use (src/payments/elqr/mod.rs, BANKS). */
const BANK_HOSTS = ['pay.payqr.kg', 'qr.finik.kg', 'app.mbank.kg', 'api.dengi.o.kg', 'bakai.app']
/** The QR library's chunk (vite.config.ts, `codeSplitting`: `qrcode`). */
const QR_CHUNK = /\/assets\/qrcode-[\w-]+\.js$/

const balanceOf = async (page) => Number((await byTestId(page, 'bid-balance').first().innerText()).trim())

/** A context of a newly registered user (registration logs in), every page of it watched. */
async function freshUser(browser, options) {
  const suffix = Math.random().toString(36).slice(2, 8)
  const user = { username: `qr_${suffix}`, email: `qr_${suffix}@example.kg`, password: `pw_${suffix}_123` }
  const context = await browser.newContext({ locale: 'ru-RU', ...options })
  await context.addInitScript(() => {
    try {
      localStorage.setItem('cookie-consent', 'necessary-only')
    } catch {
      // about:blank has no storage.
    }
  })
  const registered = await context.request.post(`${BASE_URL}/api/auth/register`, { maxRetries: 2, data: user, headers: { Origin: BASE_URL } })
  if (!registered.ok()) throw new Error(`registration answered ${registered.status()}: ${await registered.text()}`)
  context.on('page', (page) => suite.watch(page))
  return { context, page: await context.newPage(), user }
}

/**
 * The bank app, as a page: reads the ELQR payload (`#000201…`, percent-encoded) as tag-length-value
 * fields, shows the amount (field 54, in tyiyn) and the order (field 32, sub-field 11), and on
 * "Confirm" posts to its own origin, where `bankApps` pays the order and answers; then goes back.
 */
const BANK_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Bank</title></head><body style="font:18px sans-serif;padding:16px">
<h1 id="bank"></h1><p>Сумма: <b id="amount"></b> сом</p><p>Заказ: <b id="order"></b></p>
<button id="confirm" style="font-size:20px;padding:12px 24px">Подтвердить</button><p id="state"></p>
<script>
  // A bank app reads the payload as the ELQR standard says, independently of the server's parser:
  // two-digit ID, two-digit length in UTF-16 units (a JavaScript string's own), the value; field
  // 63 is the last four hex digits of SHA-256 over everything before it, and nothing follows it.
  function fields(text) {
    const out = {}
    let at = 0
    while (at + 4 <= text.length) {
      const id = text.slice(at, at + 2)
      const length = Number(text.slice(at + 2, at + 4))
      if (!/^[0-9]{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > text.length) throw new Error('not TLV at ' + at)
      out[id] = text.slice(at + 4, at + 4 + length)
      at += 4 + length
      if (id === '63') out.sealed = text.slice(0, at - 8)
    }
    if (at !== text.length) throw new Error('bytes after the last field')
    return out
  }
  async function verified(text) {
    const payload = fields(text)
    if (!payload['63'] || text.slice(-8, -4) !== '6304') return false
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(payload.sealed)))
    const hex = Array.from(digest.slice(-2), (b) => b.toString(16).padStart(2, '0')).join('')
    return hex === payload['63'].toLowerCase()
  }
  const text = decodeURIComponent(location.hash.slice(1))
  const payload = fields(text)
  const order = fields(payload['32'] || '')['11']
  document.getElementById('bank').textContent = location.host
  document.getElementById('amount').textContent = (Number(payload['54']) / 100).toFixed(2)
  document.getElementById('order').textContent = order
  const confirm = document.getElementById('confirm')
  confirm.disabled = true
  verified(text).then((ok) => {
    document.body.dataset.verified = String(ok)
    confirm.disabled = !ok || payload['01'] !== '12' || payload['53'] !== '417'
    if (!ok) document.getElementById('state').textContent = 'QR-код повреждён'
  })
  confirm.addEventListener('click', async () => {
    document.getElementById('state').textContent = '…'
    const answer = await fetch('/bank-confirm', { method: 'POST', body: JSON.stringify({ order }) })
    document.getElementById('state').textContent = answer.ok ? 'Оплачено' : 'Ошибка ' + answer.status
    if (answer.ok) history.back()
  })
</script></body></html>`

/**
 * Answers every bank host in `context`: the bank page, and its confirmation, which has the demo
 * provider pay the order with the context's own session (its cookies), as the bank's callback
 * would. Returns the orders it paid.
 */
async function bankApps(context) {
  const paid = []
  for (const host of BANK_HOSTS) {
    await context.route(`https://${host}/**`, async (route) => {
      const request = route.request()
      const { pathname } = new URL(request.url())
      if (pathname === '/bank-confirm' && request.method() === 'POST') {
        const { order } = JSON.parse(request.postData() ?? '{}')
        const answer = await context.request.post(`${BASE_URL}/api/payments/demo/${order}`, { maxRetries: 2, data: { outcome: 'paid' }, headers: { Origin: BASE_URL } })
        if (answer.ok()) paid.push(Number(order))
        return route.fulfill({ status: answer.status(), contentType: 'application/json', body: await answer.text() })
      }
      if (request.resourceType() !== 'document') return route.fulfill({ status: 204, body: '' })
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: BANK_PAGE })
    })
  }
  return paid
}

/** Taps `locator` as a finger would, counting the taps. */
function tapCounter() {
  const counter = {
    taps: 0,
    async tap(locator) {
      counter.taps += 1
      await locator.tap()
    },
  }
  return counter
}

async function phoneFlow(browser) {
  const { context, page } = await freshUser(browser, PHONE_TOUCH)
  const paid = await bankApps(context)
  const { packages } = await getJson(page, '/api/payments/packages')
  const pack = packages.find((item) => item.popular) ?? packages[0]
  const finger = tapCounter()
  let before = 0
  let order

  await step(page, 'at 360 px with touch, /topup has QR chosen before any tap', async () => {
    await visit(page, '/topup', 'topup-page')
    await byTestId(page, `package-${pack.id}`).waitFor()
    await expectValue('QR chosen', () => byTestId(page, 'pay-method-qr').locator('input').isChecked(), true)
    before = await balanceOf(page)
    await shot(page, 'topup-360')
  })

  await step(page, 'tap 1: "buy" lands on /pay/{id} with a button per bank app', async () => {
    await finger.tap(byTestId(page, `package-${pack.id}`).locator('[data-testid="buy-package"]'))
    await page.waitForURL(/\/pay\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').pop())
    ;({ order } = await getJson(page, `/api/payments/orders/${id}`))
    if (order.method !== 'qr' || order.paymentUrl !== `/pay/${id}` || !order.qr) throw new Error(`not a QR order: ${JSON.stringify(order)}`)
    await byTestId(page, 'qr-phone').waitFor()
    const mbank = order.qr.banks.find((bank) => bank.id === 'mbank')
    await expectValue('MBank button address', () => byTestId(page, 'bank-mbank').getAttribute('href'), mbank.link)
    await expectText(byTestId(page, 'bank-payqr'), 'Другой банк')
    await expectText(byTestId(page, 'qr-time-left'), /^1[45]:\d\d$/)
    await expectText(byTestId(page, 'qr-pay-item'), `${pack.bids} бид`)
    if ((await byTestId(page, 'qr-code').count()) !== 0) throw new Error('the QR code is shown on a phone before it is asked for')
    const box = await byTestId(page, 'bank-mbank').boundingBox()
    if (!box || box.y + box.height > PHONE_TOUCH.viewport.height) throw new Error(`the MBank button is below the first screen: ${JSON.stringify(box)}`)
    await shot(page, 'pay-360')
  })

  await step(page, 'tap 2: the MBank button opens the bank app with the payment filled in', async () => {
    await finger.tap(byTestId(page, 'bank-mbank'))
    await page.waitForURL(/^https:\/\/app\.mbank\.kg\/qr\/#0002/)
    await expectText(page.locator('#amount'), order.amount.toFixed(2))
    await expectText(page.locator('#order'), String(order.id))
    await expectValue('the checksum, verified by the bank app', () => page.locator('body').getAttribute('data-verified'), 'true')
    await shot(page, 'bank-app-360')
  })

  await step(page, 'tap 3: "Confirm" in the bank; back on the page it says paid and the bids are on the balance', async () => {
    await finger.tap(page.locator('#confirm'))
    await page.waitForURL(`${BASE_URL}/pay/${order.id}`)
    await expectText(byTestId(page, 'qr-pay-result'), `Оплата прошла: ${pack.bids} бид`)
    await expectValue('header balance', () => balanceOf(page), before + pack.bids)
    if (!paid.includes(order.id)) throw new Error(`the bank stand-in did not pay order ${order.id}`)
    if (finger.taps !== 3) throw new Error(`${finger.taps} taps from /topup to the balance, not 3`)
    await shot(page, 'paid-360')
  })

  await step(page, 'the QR code is there on a phone too, behind its toggle', async () => {
    await visit(page, '/topup', 'topup-page')
    await byTestId(page, `package-${packages[0].id}`).locator('[data-testid="buy-package"]').tap()
    await page.waitForURL(/\/pay\/\d+$/)
    await byTestId(page, 'qr-toggle').tap()
    await byTestId(page, 'qr-code').locator('svg').waitFor()
    const { width } = await byTestId(page, 'qr-code').boundingBox()
    if (width < 240) throw new Error(`the QR code is ${width} px wide`)
    const { scroll, client } = await page.evaluate(() => ({ scroll: globalThis.document.documentElement.scrollWidth, client: globalThis.document.documentElement.clientWidth }))
    if (scroll > client) throw new Error(`the page is ${scroll} px wide on a ${client} px screen`)
    await shot(page, 'pay-qr-360')
  })
  await context.close()
  return order.id
}

async function desktopFlow(browser) {
  const { context, page } = await freshUser(browser, DESKTOP_1280)
  const scripts = []
  page.on('request', (request) => scripts.push(request.url()))
  const { packages } = await getJson(page, '/api/payments/packages')
  const pack = packages[0]
  let order

  await step(page, 'at 1280 px the page draws the QR code of the order’s very link, 240 px or more', async () => {
    await visit(page, '/topup', 'topup-page')
    const before = await balanceOf(page)
    await byTestId(page, `package-${pack.id}`).locator('[data-testid="buy-package"]').waitFor()
    if (scripts.some((url) => QR_CHUNK.test(url))) throw new Error('/topup loaded the QR library')
    await byTestId(page, `package-${pack.id}`).locator('[data-testid="buy-package"]').click()
    await page.waitForURL(/\/pay\/\d+$/)
    ;({ order } = await getJson(page, `/api/payments/orders/${new URL(page.url()).pathname.split('/').pop()}`))
    const code = byTestId(page, 'qr-code')
    await code.locator('svg').waitFor()
    await expectValue('the text the library was given', () => code.getAttribute('data-qr-text'), order.qr.link)
    const { width, height } = await code.locator('svg').boundingBox()
    if (width < 240 || height < 240) throw new Error(`the QR code is ${width}×${height} px`)
    // What a camera reads off the screen: the screenshot of the code, decoded by jsQR.
    const png = PNG.sync.read(await code.screenshot())
    const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
    if (read?.data !== order.qr.link) throw new Error(`the QR code reads ${JSON.stringify(read?.data)}, not the order's link`)
    if (!scripts.some((url) => QR_CHUNK.test(url))) throw new Error('the QR library was not loaded for the payment page')
    if ((await byTestId(page, 'qr-phone').count()) !== 0) throw new Error('bank buttons on a desktop')
    await expectText(byTestId(page, 'qr-desktop'), 'Откройте приложение своего банка')
    await shot(page, 'pay-desktop')

    await byTestId(page, 'qr-demo-pay').click()
    await expectText(byTestId(page, 'qr-pay-result'), 'Оплата прошла')
    await expectValue('header balance', () => balanceOf(page), before + pack.bids)
    await shot(page, 'paid-desktop')
  })

  await step(page, 'the home page does not load the QR library', async () => {
    scripts.length = 0
    await visit(page, '/', 'home-page')
    await page.waitForLoadState('networkidle').catch(() => undefined)
    if (scripts.some((url) => QR_CHUNK.test(url))) throw new Error('the home page loaded the QR library')
  })
  await context.close()
  return order.id
}

/** The operator: the QR orders alone by the method filter, and the day's reconciliation CSV. */
async function operatorFlow(browser, paidOrders) {
  const { context, page } = await session(browser, suite, ADMIN)
  await step(page, 'the operator filters the orders by QR and downloads the day for the accountant', async () => {
    await visit(page, '/admin/orders', 'admin-orders-page')
    await byTestId(page, 'orders-method').click()
    await page.getByRole('option', { name: 'QR', exact: true }).click()
    await expectValue('only QR orders listed', async () => {
      const cells = await byTestId(page, 'order-paid-by').allInnerTexts()
      return cells.length > 0 && cells.every((text) => text.startsWith('QR · demo'))
    }, true)
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId(page, 'orders-export-download').click()])
    const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8')
    if (!csv.startsWith('\ufefforder_id,created_at,paid_at')) throw new Error(`not the export: ${csv.slice(0, 80)}`)
    for (const id of paidOrders) {
      if (!csv.split('\n').some((line) => line.startsWith(`${id},`) && line.includes(',qr,demo,'))) throw new Error(`order ${id} is not in the day's export`)
    }
    await shot(page, 'admin-orders-qr')
  })
  await context.close()
}

async function main() {
  await preflight('/api/payments/packages')
  const browser = await launchBrowser()
  try {
    const paid = [await phoneFlow(browser), await desktopFlow(browser)]
    await operatorFlow(browser, paid)
  } finally {
    await browser.close()
  }
}

suite.run(main)
