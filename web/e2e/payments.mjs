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
  BASE_URL,
  byTestId,
  confirm,
  createSuite,
  expectText,
  expectToast,
  expectValue,
  getJson,
  launchBrowser,
  liveWithMostTime,
  preflight,
  session as openSession,
  sleep,
  visit,
} from './harness.mjs'

const suite = createSuite('payments')
const { shot, step, expectingConsole } = suite

/** A browser context of `credentials` (a visitor's for `null`), every page of it watched. */
const session = (browser, credentials, viewport = DESKTOP) => openSession(browser, suite, credentials, viewport)

const balanceOf = async (page) => Number((await byTestId(page, 'bid-balance').first().innerText()).trim())

/** `15` → `15,00` as the cards write som. */
const som = (value) => value.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ')

/** Chooses the card (QR is chosen first; e2e/qr.mjs follows that flow), clicks a package's buy
 * button and returns the demo payment page the new tab opened. */
async function buy(page, pack) {
  await byTestId(page, 'pay-method-card').click()
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
    // Someone else's order and one that does not exist are each a 404 of its one request.
    await expectingConsole(/status of 404.*\/api\/payments\/orders\/\d+\)$/, async () => {
      const admin = await session(browser, ADMIN)
      try {
        await visit(admin.page, `/pay/demo/${orderId}`, 'demo-pay-not-found')
      } finally {
        await admin.context.close()
      }
      await visit(page, '/pay/demo/999999999', 'demo-pay-not-found')
    })
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

/**
 * Spend limits (issue 13, part 4) for a new user: a daily limit of one bid set on /profile holds
 * at once; a higher one waits 24 hours and can be called off; the first bid passes, the second is
 * refused with the user's own limit named; a 24-hour pause refuses a package order; ending it
 * early is shown as waiting 24 hours.
 */
async function limitsFlow(browser) {
  const suffix = Math.random().toString(36).slice(2, 7)
  const user = { username: `limit_${suffix}`, email: `limit_${suffix}@example.kg`, password: `pw_${suffix}_123` }
  const { context, page } = await session(browser, null)
  const registered = await context.request.post(`${BASE_URL}/api/auth/register`, { maxRetries: 2, data: user, headers: { Origin: BASE_URL } })
  if (!registered.ok()) throw new Error(`registration answered ${registered.status()}`)
  const lots = await getJson(page, '/api/auctions')
  const first = liveWithMostTime(lots)
  const second = [...lots.live].filter((a) => a.id !== first.id).sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
  if (!second) throw new Error('two live auctions are needed (start the server with DEMO_DATA=1)')
  const card = byTestId(page, 'limits-card')

  await step(page, 'a daily limit of one bid holds at once; a higher one waits a day and can be called off', async () => {
    await visit(page, '/profile', 'profile-page')
    const skip = byTestId(page, 'complete-profile-skip')
    if (await skip.isVisible().catch(() => false)) await skip.click()
    await card.waitFor()
    await byTestId(page, 'limits-dailyBids-input').fill('1')
    await byTestId(page, 'limits-save').click()
    await expectToast(page, 'Лимиты сохранены')
    await expectText(byTestId(page, 'limits-dailyBids-left'), 'Осталось сейчас: 1')
    await byTestId(page, 'limits-dailyBids-input').fill('3')
    await byTestId(page, 'limits-save').click()
    await expectText(byTestId(page, 'limits-dailyBids-waiting'), ': 3.')
    await expectValue('the field shows the limit in force', () => byTestId(page, 'limits-dailyBids-input').inputValue(), '1')
    await shot(page, 'limits-waiting-desktop')
    await byTestId(page, 'limits-dailyBids-keep').click()
    await expectToast(page, 'Текущий лимит остаётся')
    await byTestId(page, 'limits-dailyBids-waiting').waitFor({ state: 'detached' })
  })

  await step(page, 'the first bid passes, the second meets the limit and costs nothing', async () => {
    await visit(page, `/auction/${first.slug}`, 'auction-detail')
    const button = byTestId(page, `bid-button-${first.id}`)
    await expectValue('bid button enabled', () => button.isEnabled(), true)
    await button.click()
    await expectToast(page, 'Ставка сделана!')
    const before = await balanceOf(page)
    await visit(page, `/auction/${second.slug}`, 'auction-detail')
    // One bid a second per bidder, whatever the auction (too_fast otherwise).
    await page.waitForTimeout(1_100)
    const next = byTestId(page, `bid-button-${second.id}`)
    await expectValue('bid button enabled', () => next.isEnabled(), true)
    await expectingConsole(/status of 409.*\/bid\b/, async () => {
      await next.click()
      await expectToast(page, 'Вы достигли своего лимита трат', 'destructive')
    })
    await expectValue('balance unchanged', () => balanceOf(page), before)
    await visit(page, '/profile', 'profile-page')
    await expectText(byTestId(page, 'limits-dailyBids-left'), 'Осталось сейчас: 0')
  })

  await step(page, 'a 24-hour pause starts at once and refuses a package order', async () => {
    await byTestId(page, 'limits-pause-24h').click()
    await confirm(page)
    await expectText(byTestId(page, 'limits-paused'), 'Пауза до')
    await shot(page, 'limits-paused-desktop')
    await visit(page, '/topup', 'topup-page')
    const { packages } = await getJson(page, '/api/payments/packages')
    await expectingConsole(/status of 409.*\/api\/payments\//, async () => {
      await byTestId(page, `package-${packages[0].id}`).locator('[data-testid="buy-package"]').click()
      await expectToast(page, 'Вы поставили ставки и покупки на паузу', 'destructive')
    })
  })

  await step(page, 'ending the pause early waits 24 hours', async () => {
    await visit(page, '/profile', 'profile-page')
    await byTestId(page, 'limits-pause-end').click()
    await expectToast(page, 'Пауза закончится через 24 часа')
    await expectText(byTestId(page, 'limits-pause-ending'), 'Пауза закончится')
    await expectText(byTestId(page, 'limits-paused'), 'Пауза до')
  })
  await context.close()
}

async function main() {
  await preflight('/api/payments/packages')
  const browser = await launchBrowser()
  try {
    await purchaseFlow(browser)
    await limitsFlow(browser)
    await screenshots(browser)
  } finally {
    await browser.close()
  }
}

suite.run(main)
