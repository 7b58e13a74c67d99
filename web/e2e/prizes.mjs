// End-to-end check of prizes and notices against a running server (BASE_URL, default
// http://127.0.0.1:8080, started with DEMO_DATA=1, the demo payment provider and the admin
// admin/admin12345 as `.ci/e2e` does). The admin creates an auction that goes live at once; a new
// user registers and bids, turns on an auto-bidder that answers a rival's bid live and turns it
// off; the admin finishes it early. The winner sees "you won" with the claim
// link and the auction's honest numbers (also on the home page's winners of the day), downloads the
// auction's public record and verifies its SHA-256 chain, finds the item
// in the profile's won items, claims it with courier delivery (the total is price + 200 som), pays on the demo page
// in a new tab (paying by card; QR is e2e/qr.mjs's) and sees it paid; the admin marks it shipped on /admin/claims with a tracking note,
// and the winner's bell — never reloaded — shows the unread "item shipped" notice. Then the winner
// buys a package through the demo provider and the bell gets "payment received"; the admin finds
// that order on /admin/orders and refunds it (the unspent bids leave the winner's header). Last,
// screenshots of the new screens at 1366 px and 360 px (prizes-*.png).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import {
  ADMIN,
  BASE_URL,
  DEMO,
  DESKTOP,
  PHONE,
  byTestId,
  closeDialog,
  confirm,
  createSuite,
  expectText,
  expectToast,
  expectValue,
  getJson,
  launchBrowser,
  postJson,
  preflight,
  session as openSession,
  visit,
} from './harness.mjs'

const suite = createSuite('prizes')
const { shot, step, fitsPhone } = suite
const suffix = Math.random().toString(36).slice(2, 7)
const WINNER = { username: `prize_${suffix}`, email: `prize_${suffix}@example.kg`, password: `pw_${suffix}_123`, phone: '+996700123456' }
const TRACKING = `EMS RR${suffix.toUpperCase()}KG`
const ADDRESS = 'Бишкек, ул. Киевская 77, кв. 5'

const session = (browser, credentials, viewport = DESKTOP) => openSession(browser, suite, credentials, viewport)

/** `15` → `15,00`, `1200.5` → `1 200,50` as the app writes som. */
const som = (value) => value.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
const balanceOf = async (page) => Number((await byTestId(page, 'bid-balance').first().innerText()).trim())
/** The bell's unread badge, read in one step: the badge may vanish between a count and a read
 * (a locator's read would then wait for it to come back until its own timeout). */
const unreadOf = (page) =>
  page.evaluate(() => {
    const badge = globalThis.document.querySelector('[data-testid="notification-count"]')
    return badge ? Number(badge.textContent.trim()) : 0
  })

/** A new user, registered through the API (the session cookie is the context's). */
async function register(browser, viewport = DESKTOP) {
  const { context, page } = await session(browser, null, viewport)
  const answer = await context.request.post(`${BASE_URL}/api/auth/register`, { maxRetries: 2, data: WINNER, headers: { Origin: BASE_URL } })
  if (!answer.ok()) throw new Error(`registration answered ${answer.status()}: ${await answer.text()}`)
  return { context, page }
}

/** Opens the bell's list and returns it. */
async function openBell(page) {
  await byTestId(page, 'notification-bell').click()
  const menu = byTestId(page, 'notification-menu')
  await menu.waitFor()
  await page.waitForTimeout(250) // the opening animation, for the screenshots
  return menu
}

async function closeBell(page) {
  await page.keyboard.press('Escape')
  await byTestId(page, 'notification-menu').waitFor({ state: 'detached' })
}

/** Clicks `button` (which opens the payment tab) and returns the demo payment page it opened. */
async function paymentTab(page, button) {
  // The card's flow (QR is chosen first; e2e/qr.mjs follows that one): the radio of the form or
  // page the button is on.
  await page.locator('[data-testid="pay-method-card"]:visible').click()
  const [tab] = await Promise.all([page.context().waitForEvent('page'), button.click()])
  await tab.waitForURL(/\/pay\/demo\/\d+$/)
  await byTestId(tab, 'demo-pay').waitFor()
  return tab
}

async function winFlow(browser, admin) {
  const lot = { title: `Приз E2E ${suffix}` }
  const winner = await register(browser)
  const page = winner.page

  await step(admin.page, 'admin creates an auction that goes live at once', async () => {
    const auction = await postJson(admin.page, '/api/admin/auctions', {
      title: lot.title,
      description: 'Создан сквозным тестом призов',
      retailPrice: 4999.99,
      buyNowStock: 1,
      startTime: new Date(Date.now() + 2_000).toISOString(),
      isBidPackage: false,
    })
    Object.assign(lot, { id: auction.id, slug: auction.slug })
    await expectValue('auction live', async () => (await getJson(admin.page, `/api/auctions/${lot.id}`)).status, 'live', 30_000)
  })

  await step(page, 'a new user bids on it', async () => {
    await visit(page, `/auction/${lot.slug}`, 'auction-detail')
    const button = byTestId(page, `bid-button-${lot.id}`)
    await expectValue('bid button enabled', () => button.isEnabled(), true)
    await button.click()
    await expectToast(page, 'Ставка сделана!')
    await expectText(byTestId(page, 'leader-name'), WINNER.username)
  })

  await step(page, 'the winner turns on an auto-bidder for 2 bids', async () => {
    const card = byTestId(page, 'autobid-card')
    await card.waitFor()
    await byTestId(page, 'autobid-bids').fill('2')
    await byTestId(page, 'autobid-save').click()
    await expectToast(page, 'Автоставка включена')
    await expectText(byTestId(page, 'autobid-left'), 'Осталось 2 из 2')
    await expectText(byTestId(page, 'autobid-state'), 'Включена')
  })

  await step(page, 'a rival bids, and the auto-bidder answers for the winner, live', async () => {
    const rival = await openSession(browser, suite, DEMO)
    await postJson(rival.page, `/api/auctions/${lot.id}/bid`, {})
    await rival.context.close()
    // The countdown is 10 s and the auto-bidder answers in its last 3–5 s.
    await expectText(byTestId(page, 'autobid-left'), 'Осталось 1 из 2', 20_000)
    await expectText(byTestId(page, 'leader-name'), WINNER.username)
    await expectText(byTestId(page, 'bid-row').first().locator('[data-testid="auto-tag"]'), 'авто')
    await shot(page, 'autobid-desktop')
  })

  // The auto-bid left the winner leading with a 10 s countdown: the next steps race it.
  await step(page, 'the winner turns the auto-bidder off', async () => {
    await byTestId(page, 'autobid-off').click()
    await expectToast(page, 'Автоставка отключена')
    await byTestId(page, 'autobid-form').waitFor()
    const order = await page.request.get(`${BASE_URL}/api/auctions/${lot.id}/autobid`, { maxRetries: 2 })
    const body = order.ok() ? await order.json() : null
    if (order.status() !== 200 || body?.autobid !== null) throw new Error(`after turning it off GET answered ${order.status()} ${JSON.stringify(body)}`)
  })

  await step(admin.page, 'admin finishes it early (unless its countdown already did)', async () => {
    const answer = await admin.page.request.post(`${BASE_URL}/api/admin/auctions/${lot.id}/end`, { maxRetries: 2, data: {}, headers: { Origin: BASE_URL } })
    const body = await answer.json()
    if (!answer.ok() && body.code !== 'auction_finished') throw new Error(`end answered ${answer.status()}: ${JSON.stringify(body)}`)
  })

  await step(page, 'the winner sees "you won" live, the next step and the honest numbers', async () => {
    const auction = await getJson(page, `/api/auctions/${lot.id}`)
    const numbers = auction.honestNumbers
    if (auction.winner?.username !== WINNER.username || !numbers) throw new Error(`finished: ${JSON.stringify(auction)}`)
    // The figures follow from the bids: the winner's paid ones at the cheapest package's price.
    const { packages } = await getJson(page, '/api/payments/packages')
    const cheapest = Math.min(...packages.map((pack) => Math.floor(Math.round(pack.price * 100) / pack.bids)))
    const people = numbers.totalBids - numbers.botBids
    const expected = { bidPrice: cheapest / 100, winnerBidsCost: (numbers.winnerBids * cheapest) / 100, totalPaid: (people * cheapest) / 100 }
    for (const [key, value] of Object.entries(expected)) {
      if (Math.abs(numbers[key] - value) > 1e-9) throw new Error(`${key} is ${numbers[key]}, not ${value}: ${JSON.stringify(numbers)}`)
    }
    if (numbers.winnerBids < 1 || numbers.peopleBids !== people) throw new Error(`counts: ${JSON.stringify(numbers)}`)

    const panel = byTestId(page, 'you-won-panel')
    await expectText(byTestId(page, 'you-won-title'), `Вы выиграли «${lot.title}» за ${som(auction.winningBid.amount)} сом`)
    if ((await panel.getAttribute('role')) !== 'status') throw new Error('the you-won panel is not a status region')
    const focused = await page.evaluate(() => globalThis.document.activeElement?.getAttribute('data-testid'))
    if (focused !== 'you-won-title') throw new Error(`focus is on ${focused}, not the you-won heading`)
    if ((await byTestId(page, 'winner-panel').count()) !== 0) throw new Error('the winner also sees the plain winner panel')
    const claim = byTestId(page, 'you-won-claim')
    await expectText(claim, 'Оформить и оплатить')
    if ((await claim.getAttribute('href')) !== '/profile#won-items') throw new Error(`the claim link goes to ${await claim.getAttribute('href')}`)

    const block = byTestId(page, 'honest-numbers')
    await expectText(block.locator('[data-testid="honest-final-price"]'), `${som(numbers.finalPrice)} сом`)
    await expectText(block.locator('[data-testid="honest-bids-placed"]'), `людьми — ${people}, ботами — ${numbers.botBids}`)
    await expectText(block.locator('[data-testid="honest-winner-cost"]'), `${som(numbers.winnerBidsCost)} сом`)
    await expectText(block.locator('[data-testid="honest-winner-total"]'), `${som(numbers.winnerTotal)} сом`)
    await expectText(block.locator('[data-testid="honest-total-paid"]'), `${som(numbers.totalPaid)} сом`)
    await expectText(byTestId(page, 'honest-note'), `по ${som(numbers.bidPrice)} сом — самой низкой цене бида`)
    await shot(page, 'you-won-desktop')
    Object.assign(lot, { numbers })
  })

  await step(page, "the finished auction's record downloads, and its chain verifies", async () => {
    const section = byTestId(page, 'auction-record')
    await expectText(section, 'Запись аукциона')
    const [download] = await Promise.all([page.waitForEvent('download'), byTestId(page, 'record-download').click()])
    if (download.suggestedFilename() !== `tyiyn-record-${lot.id}.json`) throw new Error(`downloaded ${download.suggestedFilename()}`)
    const record = JSON.parse(await readFile(await download.path(), 'utf8'))
    // The documented rule (sql/migrations/0009_record.sql), recomputed here from the file alone.
    const sha = (text) => createHash('sha256').update(text, 'utf8').digest('hex')
    let prev = sha(`tyiyn record v1\n${lot.id}`)
    if (record.genesis !== prev) throw new Error(`genesis ${record.genesis}`)
    record.entries.forEach((e, i) => {
      prev = sha([prev, lot.id, i + 1, Date.parse(e.at), e.amount, e.kind, e.bidderId].join('\n'))
      if (e.seq !== i + 1 || e.hash !== prev) throw new Error(`entry ${i + 1} does not verify: ${JSON.stringify(e)}`)
    })
    if (record.entries.length !== lot.numbers.totalBids) throw new Error(`${record.entries.length} entries for ${lot.numbers.totalBids} bids`)
    const last = record.entries.at(-1)
    if (last.bidder !== WINNER.username || record.finish?.winner !== WINNER.username || record.finish.winnerId !== last.bidderId) {
      throw new Error(`the record's end: ${JSON.stringify({ last, finish: record.finish })}`)
    }
  })

  await step(page, 'the rival who lost buys it now, less the bids spent, through the payment flow', async () => {
    const rival = await openSession(browser, suite, DEMO)
    const rp = rival.page
    try {
      await visit(rp, `/auction/${lot.slug}`, 'auction-detail')
      await byTestId(rp, 'buy-now-card').waitFor()
      const { offer } = await getJson(rp, `/api/auctions/${lot.id}/buy-now`)
      if (offer.bidsSpent < 1 || Math.abs(offer.price - (4999.99 - offer.credit)) > 1e-6) throw new Error(`offer: ${JSON.stringify(offer)}`)
      await expectText(byTestId(rp, 'buy-now-price'), `${som(offer.price)} сом`)
      await expectText(byTestId(rp, 'buy-now-credit'), `−${som(offer.credit)} сом`)
      await shot(rp, 'buy-now-desktop')
      await fitsPhone(rp, 'buy-now-phone', DESKTOP)
      await byTestId(rp, 'buy-now-open').click()
      const dialog = byTestId(rp, 'claim-dialog')
      await dialog.waitFor()
      await expectText(dialog.locator('[data-testid="claim-form-total"]'), `${som(offer.price)} сом`)
      if (!(await rp.inputValue('#cf-phone')).replace(/\D/g, '').startsWith('996') || (await rp.inputValue('#cf-phone')).replace(/\D/g, '').length < 12) {
        await rp.fill('#cf-phone', '+996555123456')
      }
      const tab = await paymentTab(rp, byTestId(rp, 'claim-submit'))
      await byTestId(tab, 'demo-pay-pay').click()
      await expectText(byTestId(tab, 'demo-pay-result'), 'Оплата прошла')
      await tab.close()
      await expectText(byTestId(rp, 'claim-order').locator('[data-testid="order-state"]'), 'Оплачен')
      await byTestId(rp, 'claim-order-close').click()
      await expectText(byTestId(rp, 'buy-now-bought'), 'Вы купили этот товар')
      await visit(rp, '/profile', 'profile-page')
      await expectText(byTestId(rp, 'claim-buy-now').first(), 'Купить сейчас')
    } finally {
      await rival.context.close()
    }
  })

  await step(page, 'the winners of the day sum the auction up in a line', async () => {
    await visit(page, '/', 'winners-of-day')
    const item = byTestId(page, 'winners-of-day').locator('li', { hasText: lot.title })
    await expectText(item.locator('[data-testid="honest-line"]'), `у победителя ${lot.numbers.winnerBids} · за ставки заплачено ${som(lot.numbers.totalPaid)} сом`)
  })

  await step(page, "the you-won panel's link opens the won items", async () => {
    await visit(page, `/auction/${lot.slug}`, 'you-won-panel')
    await byTestId(page, 'you-won-claim').click()
    await page.waitForURL(/\/profile#won-items$/)
    await byTestId(page, 'won-items-card').waitFor()
  })

  await step(page, 'the bell shows "you won", and leads to the won items', async () => {
    await expectValue('unread notices', () => unreadOf(page), (value) => value >= 1)
    const menu = await openBell(page)
    const won = menu.locator('[data-testid="notification-item"][data-kind="auctionWon"]').first()
    await expectText(won, lot.title)
    if ((await won.getAttribute('data-read')) !== 'false') throw new Error('the "you won" notice is not unread')
    await shot(page, 'bell-won-desktop')
    await won.click()
    await page.waitForURL(/\/profile#won-items$/)
    await byTestId(page, 'won-items-card').waitFor()
  })

  await step(page, 'the won item is reserved with a countdown and its price', async () => {
    const { claims } = await getJson(page, '/api/users/claims')
    const claim = claims.find((item) => item.auctionId === lot.id)
    if (!claim || claim.state !== 'reserved') throw new Error(`claims: ${JSON.stringify(claims)}`)
    Object.assign(lot, { claimId: claim.id, price: claim.price })
    const row = byTestId(page, `claim-${claim.id}`)
    await expectText(row.locator('[data-testid="claim-state"]'), 'Забронирован')
    await expectText(row.locator('[data-testid="claim-countdown"]'), /(4[78]|\d{2}):\d{2}:\d{2}/)
    await expectText(row.locator('[data-testid="claim-price"]'), `${som(claim.price)} сом`)
    await shot(page, 'won-items-desktop')
  })

  await step(page, 'the claim form wants an address for the courier and adds its fee', async () => {
    const row = byTestId(page, `claim-${lot.claimId}`)
    await row.locator('[data-testid="claim-pay"]').click()
    const dialog = byTestId(page, 'claim-dialog')
    await dialog.waitFor()
    if ((await page.inputValue('#cf-phone')) !== WINNER.phone) throw new Error(`the phone is not the profile's: ${await page.inputValue('#cf-phone')}`)
    await expectText(dialog.locator('[data-testid="claim-fee"]'), 'бесплатно')
    await dialog.locator('[data-testid="delivery-courier"]').click()
    await expectText(dialog.locator('[data-testid="claim-fee"]'), '200,00 сом')
    await expectText(dialog.locator('[data-testid="claim-form-total"]'), `${som(lot.price + 200)} сом`)
    await page.fill('#cf-address', 'Ош')
    await dialog.locator('[data-testid="claim-submit"]').click()
    await expectText(byTestId(page, 'cf-address-error'), 'Адрес слишком короткий')
    if (page.context().pages().length !== 1) throw new Error('a payment tab opened for an invalid form')
    await page.fill('#cf-address', ADDRESS)
    await page.waitForTimeout(300) // the dialog's opening animation
    await shot(page, 'claim-dialog-desktop')
  })

  let tab
  await step(page, 'paying opens the demo payment page in a new tab', async () => {
    tab = await paymentTab(page, byTestId(page, 'claim-submit'))
    await expectText(byTestId(tab, 'demo-pay-amount'), `${som(lot.price + 200)} сом`)
    await expectText(byTestId(page, 'claim-order').locator('[data-testid="order-state"]'), 'Ждёт оплаты')
  })

  await step(tab, 'the demo page pays it', async () => {
    await byTestId(tab, 'demo-pay-pay').click()
    await expectText(byTestId(tab, 'demo-pay-result'), 'Оплата прошла')
    await tab.close()
  })

  const reloads = []
  page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()))
  await step(page, 'the first tab shows the item paid, live', async () => {
    await expectText(byTestId(page, 'claim-order').locator('[data-testid="order-state"]'), 'Оплачен')
    await expectToast(page, 'Оплата получена')
    await shot(page, 'claim-paid-desktop')
    await byTestId(page, 'claim-order-close').click()
    const row = byTestId(page, `claim-${lot.claimId}`)
    await expectText(row.locator('[data-testid="claim-state"]'), 'Оплачен')
    await expectText(row.locator('[data-testid="claim-delivery"]'), 'Курьер по Бишкеку')
    await expectText(row.locator('[data-testid="claim-total"]'), `${som(lot.price + 200)} сом`)
  })

  await step(admin.page, 'admin marks it shipped with a tracking note on /admin/claims', async () => {
    await visit(admin.page, '/admin/claims', 'claims-table')
    const row = byTestId(admin.page, `admin-claim-${lot.claimId}`)
    await expectText(row.locator('[data-testid="admin-claim-user"]'), WINNER.username)
    await expectText(row.locator('[data-testid="claim-state"]'), 'Оплачен')
    await row.locator('[data-testid="claim-ship"]').click()
    const dialog = byTestId(admin.page, 'ship-dialog')
    await dialog.waitFor()
    await admin.page.fill('#ship-tracking', TRACKING)
    await admin.page.waitForTimeout(300) // the dialog's opening animation
    await shot(admin.page, 'ship-dialog-desktop')
    await dialog.locator('[data-testid="ship-save"]').click()
    await expectToast(admin.page, 'Лот отмечен отправленным')
    await expectText(row.locator('[data-testid="claim-state"]'), 'Отправлен')
    await expectText(row.locator('[data-testid="admin-claim-tracking"]'), TRACKING)
    await shot(admin.page, 'admin-claims-desktop')
  })

  await step(page, 'the bell shows the unread "item shipped" notice without a reload', async () => {
    await expectValue('unread notices', () => unreadOf(page), (value) => value >= 1)
    const menu = await openBell(page)
    const shipped = menu.locator('[data-testid="notification-item"]').first()
    if ((await shipped.getAttribute('data-kind')) !== 'itemShipped') throw new Error(`the newest notice is ${await shipped.getAttribute('data-kind')}`)
    if ((await shipped.getAttribute('data-read')) !== 'false') throw new Error('the shipped notice is not unread')
    await expectText(shipped, TRACKING)
    await shot(page, 'bell-shipped-desktop')
    if (reloads.length > 0) throw new Error(`the page navigated: ${reloads.join(', ')}`)
    await shipped.click()
    await expectText(byTestId(page, `claim-${lot.claimId}`).locator('[data-testid="claim-tracking"]'), TRACKING)
    await expectText(byTestId(page, `claim-${lot.claimId}`).locator('[data-testid="claim-state"]'), 'Отправлен')
  })

  await step(page, '"mark all read" clears the count', async () => {
    const menu = await openBell(page)
    if ((await menu.locator('[data-testid="notifications-mark-all"]').count()) > 0) await menu.locator('[data-testid="notifications-mark-all"]').click()
    await expectValue('unread notices', () => unreadOf(page), 0)
    await closeBell(page)
    const { unread } = await getJson(page, '/api/notifications')
    if (unread !== 0) throw new Error(`the server still counts ${unread} unread`)
  })

  await step(admin.page, 'admin marks it delivered; the winner is told', async () => {
    const row = byTestId(admin.page, `admin-claim-${lot.claimId}`)
    await row.locator('[data-testid="claim-deliver"]').click()
    await confirm(admin.page)
    await expectToast(admin.page, 'Лот отмечен доставленным')
    await expectText(row.locator('[data-testid="claim-state"]'), 'Доставлен')
    await expectValue('unread notices', () => unreadOf(page), 1)
    await expectText(byTestId(page, `claim-${lot.claimId}`).locator('[data-testid="claim-state"]'), 'Доставлен')
  })

  return { lot, winner }
}

/** A package bought through the demo provider: the bell says so; the admin refunds it. */
async function packageFlow(admin, winner) {
  const page = winner.page
  let orderId
  let before
  await step(page, 'buying a package through the demo provider', async () => {
    await visit(page, '/topup', 'topup-page')
    const { packages } = await getJson(page, '/api/payments/packages')
    const pack = packages[0]
    before = await balanceOf(page)
    const tab = await paymentTab(page, byTestId(page, `package-${pack.id}`).locator('[data-testid="buy-package"]'))
    orderId = Number(new URL(tab.url()).pathname.split('/').pop())
    await byTestId(tab, 'demo-pay-pay').click()
    await expectText(byTestId(tab, 'demo-pay-result'), 'Оплата прошла')
    await tab.close()
    await expectValue('header balance', () => balanceOf(page), before + pack.bids)
    before += pack.bids
  })

  await step(page, 'the bell gets "payment received" live', async () => {
    await expectValue('unread notices', () => unreadOf(page), (value) => value >= 2)
    const menu = await openBell(page)
    const received = menu.locator('[data-testid="notification-item"][data-kind="paymentReceived"]').first()
    await expectText(received, `№${orderId}`)
    if ((await received.getAttribute('data-read')) !== 'false') throw new Error('the payment notice is not unread')
    await shot(page, 'bell-payment-desktop')
    await received.click()
    await page.waitForURL(/\/topup$/)
  })

  await step(admin.page, 'admin finds the order on /admin/orders and refunds it', async () => {
    await visit(admin.page, '/admin/orders', 'orders-table')
    await byTestId(admin.page, 'orders-search').fill(WINNER.username)
    const row = byTestId(admin.page, `admin-order-${orderId}`)
    await row.waitFor()
    await expectText(byTestId(admin.page, 'orders-shown'), 'из 2 заказов')
    await expectText(row.locator('[data-testid="order-state"]'), 'Оплачен')
    await row.locator('[data-testid="order-refund"]').click()
    await byTestId(admin.page, 'confirm-dialog').waitFor()
    await expectText(byTestId(admin.page, 'refund-explain'), 'кабинете платёжного провайдера')
    await admin.page.waitForTimeout(300) // the dialog's opening animation
    await shot(admin.page, 'refund-confirm-desktop')
    await byTestId(admin.page, 'confirm-ok').click()
    await expectToast(admin.page, `Заказ №${orderId} возвращён`)
    await expectText(row.locator('[data-testid="order-state"]'), 'Возвращён')
    await shot(admin.page, 'admin-orders-desktop')
  })

  await step(page, "the refunded bids leave the winner's header", async () => {
    const { packages } = await getJson(page, '/api/payments/packages')
    await expectValue('header balance', () => balanceOf(page), before - packages[0].bids)
  })
}

/** The new screens at 1366 px and at 360 px. */
async function screenshots(browser, lot) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['360', PHONE],
  ]) {
    const winner = await session(browser, { username: WINNER.username, password: WINNER.password }, viewport)
    const admin = await session(browser, ADMIN, viewport)
    try {
      await step(winner.page, `the winner's screens at ${viewport.width} px`, async () => {
        const page = winner.page
        await visit(page, `/auction/${lot.slug}`, 'you-won-panel')
        await byTestId(page, 'honest-numbers').waitFor()
        const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth)
        if (overflow > 0) throw new Error(`the won auction's page is ${overflow} px too wide`)
        await shot(page, `you-won-${label}`)
        await visit(page, '/profile', 'won-items-card')
        await byTestId(page, `claim-${lot.claimId}`).waitFor()
        await shot(page, `profile-${label}`)
        await openBell(page)
        await shot(page, `bell-${label}`)
        await closeBell(page)
        await visit(page, '/notifications', 'notifications-page')
        await byTestId(page, 'notification-row').first().waitFor()
        await shot(page, `notifications-${label}`)
        if (viewport === PHONE) {
          await byTestId(page, 'mobile-menu-button').click()
          await byTestId(page, 'drawer-notifications').waitFor()
          await shot(page, 'drawer-360')
          await page.keyboard.press('Escape')
        }
      })
      await step(admin.page, `the admin's screens at ${viewport.width} px`, async () => {
        const page = admin.page
        await visit(page, '/admin/claims', 'claims-table')
        await shot(page, `admin-claims-${label}`)
        await visit(page, '/admin/orders', 'orders-table')
        await shot(page, `admin-orders-${label}`)
        await visit(page, '/admin', 'packages-table')
        await byTestId(page, 'packages-card').scrollIntoViewIfNeeded()
        await shot(page, `admin-${label}`)
        await byTestId(page, 'package-edit').first().click()
        await byTestId(page, 'package-dialog').waitFor()
        await page.waitForTimeout(300) // the dialog's opening animation
        await shot(page, `package-dialog-${label}`)
        await closeDialog(byTestId(page, 'package-dialog'))
      })
    } finally {
      await winner.context.close()
      await admin.context.close()
    }
  }
}

async function main() {
  await preflight()
  const browser = await launchBrowser()
  try {
    const admin = await session(browser, ADMIN)
    const { lot, winner } = await winFlow(browser, admin)
    await packageFlow(admin, winner)
    await winner.context.close()
    await admin.context.close()
    await screenshots(browser, lot)
  } finally {
    await browser.close()
  }
}

suite.run(main)
