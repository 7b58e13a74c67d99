// End-to-end check of buying bids through the demo provider against a running server (BASE_URL,
// default http://127.0.0.1:8080, started with DEMO_DATA=1 as `.ci/e2e` does, whose payment
// provider is the demo one). As the seeded `demo` user: /topup lists the server's packages with
// the price of one bid; the buy button opens the demo payment page in a new tab; "Pay" there
// credits the package, and the first tab — never reloaded — shows the header balance risen by the
// package's bids, the order paid, and a toast. A second order is declined and shows as not paid; a
// visitor sees the prices and is asked to log in; the admin does not see demo's order.
// Screenshots of /topup and the demo page at 1366 px and at 360 px (payments-*.png).
import {
  ADMIN,
  DEMO,
  DESKTOP,
  PHONE,
  byTestId,
  createSuite,
  expectText,
  expectToast,
  expectValue,
  getJson,
  launchBrowser,
  preflight,
  session as openSession,
  sleep,
  visit,
} from './harness.mjs'

const suite = createSuite('payments')
const { shot, step } = suite

/** A browser context of `credentials` (a visitor's for `null`), every page of it watched. */
const session = (browser, credentials, viewport = DESKTOP) => openSession(browser, suite, credentials, viewport)

const balanceOf = async (page) => Number((await byTestId(page, 'bid-balance').first().innerText()).trim())

/** `15` → `15,00` as the cards write som. */
const som = (value) => value.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** Clicks a package's buy button and returns the demo payment page the new tab opened. */
async function buy(page, pack) {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), byTestId(page, `package-${pack.id}`).locator('[data-testid="buy-package"]').click()])
  await tab.waitForURL(/\/pay\/demo\/\d+$/)
  await byTestId(tab, 'demo-pay').waitFor()
  return tab
}

async function purchaseFlow(browser) {
  const { context, page } = await session(browser, DEMO)
  const { packages } = await getJson(page, '/api/payments/packages')
  const pack = packages.find((item) => item.popular) ?? packages[0]
  let before = 0
  let tab
  let orderId

  await step(page, '/topup lists the packages with the price of one bid', async () => {
    await visit(page, '/topup', 'topup-page')
    for (const item of packages) await expectText(byTestId(page, `package-${item.id}`).locator('[data-testid="price-per-bid"]'), `${som(item.pricePerBid)} сом за бид`)
    await byTestId(page, 'orders-list').waitFor()
    before = await balanceOf(page)
  })

  await step(page, 'the buy button opens the demo payment page in a new tab', async () => {
    tab = await buy(page, pack)
    orderId = Number(new URL(tab.url()).pathname.split('/').pop())
    await expectText(byTestId(tab, 'demo-pay-bids'), String(pack.bids))
    await expectText(byTestId(tab, 'demo-pay-amount'), `${som(pack.price)} сом`)
    await expectText(byTestId(page, 'current-order').locator('[data-testid="order-state"]'), 'Ждёт оплаты')
    await byTestId(page, `order-${orderId}`).waitFor()
  })

  await step(tab, 'the demo page pays the order', async () => {
    await shot(tab, 'demo-page-desktop')
    await byTestId(tab, 'demo-pay-pay').click()
    await expectText(byTestId(tab, 'demo-pay-result'), 'Оплата прошла')
    await expectText(byTestId(tab, 'demo-pay').locator('[data-testid="order-state"]'), 'Оплачен')
    await shot(tab, 'demo-page-paid-desktop')
  })

  await step(page, 'the first tab shows the balance risen and the order paid, without a reload', async () => {
    const reloads = []
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()))
    await expectValue('header balance', () => balanceOf(page), before + pack.bids)
    await expectText(byTestId(page, 'current-order').locator('[data-testid="order-state"]'), 'Оплачен')
    await expectText(byTestId(page, `order-${orderId}`).locator('[data-testid="order-state"]'), 'Оплачен')
    await expectToast(page, 'Оплата получена')
    if (reloads.length > 0) throw new Error(`the page navigated: ${reloads.join(', ')}`)
    const { order } = await getJson(page, `/api/payments/orders/${orderId}`)
    if (order.state !== 'paid') throw new Error(`the server says order ${orderId} is ${order.state}`)
    await shot(page, 'topup-paid-desktop')
  })

  await step(tab, 'paying the paid order again is not offered', async () => {
    await tab.reload({ waitUntil: 'domcontentloaded' })
    await byTestId(tab, 'demo-pay-result').waitFor()
    if ((await byTestId(tab, 'demo-pay-pay').count()) !== 0) throw new Error('the pay button is still there')
    await tab.close()
  })

  await step(page, 'a declined payment credits nothing and shows as not paid', async () => {
    const balance = await balanceOf(page)
    const declined = await buy(page, packages[0])
    const id = Number(new URL(declined.url()).pathname.split('/').pop())
    await byTestId(declined, 'demo-pay-fail').click()
    await expectText(byTestId(declined, 'demo-pay-result'), 'Платёж отклонён')
    await declined.close()
    await expectText(byTestId(page, `order-${id}`).locator('[data-testid="order-state"]'), 'Не оплачен')
    await expectToast(page, 'Платёж не прошёл', 'destructive')
    await sleep(500)
    if ((await balanceOf(page)) !== balance) throw new Error(`the balance moved from ${balance} to ${await balanceOf(page)}`)
  })

  await step(page, 'a visitor is asked to log in, and someone else’s order is not found', async () => {
    const visitor = await session(browser, null)
    try {
      await visit(visitor.page, `/pay/demo/${orderId}`, 'login-required')
      await visit(visitor.page, '/topup', 'visitor-notice')
      await expectText(byTestId(visitor.page, 'visitor-notice'), 'биды')
      await expectText(byTestId(visitor.page, `package-${pack.id}`).locator('[data-testid="price-per-bid"]'), 'за бид')
    } finally {
      await visitor.context.close()
    }
    const admin = await session(browser, ADMIN)
    try {
      await visit(admin.page, `/pay/demo/${orderId}`, 'demo-pay-not-found')
    } finally {
      await admin.context.close()
    }
    await visit(page, '/pay/demo/999999999', 'demo-pay-not-found')
  })

  await context.close()
  return orderId
}

/** /topup and the demo page at 1366 px and at 360 px. */
async function screenshots(browser) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['360', PHONE],
  ]) {
    const { context, page } = await session(browser, DEMO, viewport)
    try {
      await step(page, `/topup and the demo page at ${viewport.width} px`, async () => {
        await visit(page, '/topup', 'topup-page')
        await byTestId(page, 'orders-list').locator('[data-testid="order-state"]').first().waitFor()
        await shot(page, `topup-${label}`)
        const tab = await buy(page, (await getJson(page, '/api/payments/packages')).packages[0])
        await tab.setViewportSize(viewport)
        await shot(tab, `demo-page-${label}`)
        await tab.close()
      })
    } finally {
      await context.close()
    }
  }
}

async function main() {
  await preflight('/api/payments/packages')
  const browser = await launchBrowser()
  try {
    await purchaseFlow(browser)
    await screenshots(browser)
  } finally {
    await browser.close()
  }
}

suite.run(main)
