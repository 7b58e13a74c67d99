// End-to-end check of the web app against a running server (BASE_URL, default
// http://127.0.0.1:8080): cookie banner, registration, onboarding modals, logout, login, language
// switch, then every route with a full-page screenshot in ../artifacts/screenshots/; then, as the
// seeded `demo` user, bidding on a live auction (over the page's socket; over HTTP from a tab
// without one) and pre-bidding on an upcoming one, and on a phone starring a lot, finding it in the
// profile's watchlist and unstarring it (watchlist-flow.mjs).
import {
  ADMIN,
  BASE_URL,
  DEMO,
  TIMEOUT,
  byTestId,
  createSuite,
  expectText,
  expectToast,
  expectValue,
  launchBrowser,
  preflight,
  socketFrames,
} from './harness.mjs'
import { watchlistFlow } from './watchlist-flow.mjs'

const suffix = Math.random().toString(36).slice(2, 8)
const user = { username: `e2e_${suffix}`, email: `e2e_${suffix}@example.kg`, password: `pw_${suffix}_123` }

const suite = createSuite('', '')
const { shot, step, expectingConsole, expectConsoleUntil } = suite

/** Money as shown (`1 234,56 сом`, always 2 decimals) → integer tyiyn. */
function shownCents(text) {
  const digits = text.replace(/\D/g, '')
  if (!digits) throw new Error(`no amount in "${text}"`)
  return Number(digits)
}

async function visit(page, path, readyTestId, name) {
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' })
  await byTestId(page, readyTestId).first().waitFor({ state: 'visible', timeout: TIMEOUT })
  await byTestId(page, 'page-spinner').waitFor({ state: 'detached', timeout: TIMEOUT }).catch(() => undefined)
  await page.waitForTimeout(400)
  await shot(page, name)
}

async function main() {
  await preflight()
  const browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' })
  const page = suite.watch(await context.newPage())

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

    const list = await page.request.get(`${BASE_URL}/api/auctions`, { maxRetries: 2 }).then((res) => (res.ok() ? res.json() : null))
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
      // A missing lot is a 404 of its one request (the browser reports it): that page's point.
      const visiting = () => visit(page, path, testId, name)
      const action = testId === 'auction-not-found' ? () => expectingConsole(/status of 404.*\/api\/auctions\/slug\//, visiting) : visiting
      await step(page, `visit ${path}`, action)
    }

    await step(page, 'a user is sent away from /admin', async () => {
      await page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' })
      await byTestId(page, 'home-page').waitFor()
      if (new URL(page.url()).pathname !== '/') throw new Error(`ended on ${page.url()}`)
    })

    const adminLogin = await page.request.post(`${BASE_URL}/api/auth/login`, { maxRetries: 2, data: ADMIN, headers: { Origin: BASE_URL } })
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
      // Every visitor's way to the fairness figures, the rules and support is in the phone menu.
      for (const path of ['/fairness', '/auction-rules', '/support']) {
        await byTestId(page, 'mobile-drawer').locator(`a[href="${path}"]`).waitFor()
      }
      await shot(page, 'mobile-drawer')
    })

    await biddingFlow(browser)
    await watchlistFlow(browser, suite)
  } finally {
    await browser.close()
  }
}

/** A page in its own context with the cookie banner already answered. */
async function freshPage(context) {
  return suite.watch(await context.newPage())
}

async function balanceOf(page) {
  return Number((await byTestId(page, 'bid-balance').first().innerText()).trim())
}

async function priceOf(page) {
  return shownCents(await byTestId(page, 'current-price').first().innerText())
}

/** Opens an auction's page and waits until `buttonId` is enabled. */
async function openAuction(page, auction, buttonId) {
  await page.goto(`${BASE_URL}/auction/${auction.slug}`, { waitUntil: 'domcontentloaded' })
  await byTestId(page, 'auction-detail').waitFor()
  const button = byTestId(page, `${buttonId}-${auction.id}`)
  await expectValue(`${buttonId} enabled`, () => button.isEnabled(), true)
  return button
}

/** Collects the page's `POST /api/auctions/{id}/bid` requests until the returned function is called
 * (which returns them). */
function postedBids(page, id) {
  const posts = []
  const look = (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/auctions/${id}/bid`) posts.push(request.url())
  }
  page.on('request', look)
  return () => {
    page.off('request', look)
    return posts
  }
}

/** A rival takes the lead on auction `id`: a new account's bid over HTTP. */
async function rivalBids(browser, id) {
  const context = await browser.newContext()
  try {
    const suffix = Date.now().toString(36)
    const user = { username: `rival${suffix}`, email: `rival${suffix}@example.kg`, password: 'secret12345' }
    const headers = { Origin: BASE_URL }
    const registered = await context.request.post(`${BASE_URL}/api/auth/register`, { maxRetries: 2, data: user, headers })
    if (!registered.ok()) throw new Error(`registering a rival answered ${registered.status()}: ${await registered.text()}`)
    const bid = await context.request.post(`${BASE_URL}/api/auctions/${id}/bid`, { headers })
    if (!bid.ok()) throw new Error(`the rival's bid answered ${bid.status()}: ${await bid.text()}`)
  } finally {
    await context.close()
  }
}

/** Clicks `button` and waits for the page's `POST /api/auctions/{id}/bid` answer. */
async function postBidBy(page, button, id) {
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === `/api/auctions/${id}/bid`),
    button.click(),
  ])
  return response
}

/**
 * As `demo`: bid on a live auction over the page's socket (`placeBid` with an ack, no POST; toast,
 * price +0,01, balance −1, the bid on top of the history, the button then disabled while leading),
 * the bid reaching another tab over the socket, a second bid refused by the server as "already
 * leader" over HTTP (from a tab without the socket whose live updates are held back, as the leading
 * user's own button is disabled), an accepted bid over HTTP from a tab without the socket once a
 * rival leads, then a pre-bid on an upcoming auction and its refusal the second time.
 */
async function biddingFlow(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' })
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'necessary-only'))
  const page = await freshPage(context)
  const frames = socketFrames(page)
  try {
    await step(page, `log in as ${DEMO.username}`, async () => {
      await page.goto(BASE_URL, { waitUntil: 'domcontentloaded' })
      await byTestId(page, 'login-button').click()
      await byTestId(page, 'login-dialog').waitFor()
      await page.fill('#login-username', DEMO.username)
      await page.fill('#login-password', DEMO.password)
      await byTestId(page, 'login-submit').click()
      await byTestId(page, 'login-dialog').waitFor({ state: 'detached' })
      await expectText(byTestId(page, 'header-username'), DEMO.username)
    })

    await step(page, 'the live grid is connected over socket.io', async () => {
      await expectText(byTestId(page, 'connection-indicator'), 'Онлайн')
    })

    const list = await page.request.get(`${BASE_URL}/api/auctions`, { maxRetries: 2 }).then((res) => (res.ok() ? res.json() : null))
    if (!list) throw new Error('GET /api/auctions failed: the bidding flow needs the auction API')
    // The live lot (not led by demo) with the most time left, so it does not finish meanwhile.
    const live = list.live
      .filter((auction) => auction.status === 'live' && auction.lastBidder !== DEMO.username)
      .sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))[0]
    if (!live) throw new Error(`no live auction that ${DEMO.username} does not lead (start the server with DEMO_DATA=1)`)

    // A second tab of the same session whose live updates are held back once it has loaded (no
    // socket, auction polls refused): it still offers the bid button after demo leads.
    const stale = await freshPage(context)
    let holdBack = false
    await stale.routeWebSocket(/\/socket\.io\//, () => undefined)
    await stale.route(`**/api/auctions/${live.id}**`, (route) =>
      holdBack && route.request().method() === 'GET' ? route.abort() : route.continue(),
    )
    // The held-back tab's refused requests fail in its console on purpose, until it closes.
    const heldBackErrors = expectConsoleUntil(new RegExp(`ERR_FAILED \\(${BASE_URL}/api/auctions/${live.id}(/|\\?|\\))`))
    // A third tab, connected: it must see demo's bid through the socket.
    const watcher = await freshPage(context)
    // A fourth tab without the socket: it says so, and follows the bid by polling.
    const polling = await freshPage(context)
    await polling.routeWebSocket(/\/socket\.io\//, () => undefined)

    await step(stale, 'a second tab opens the live auction (updates held back)', async () => {
      await openAuction(stale, live, 'bid-button')
      holdBack = true
    })
    await step(watcher, 'a third tab opens the live auction (socket)', async () => {
      await openAuction(watcher, live, 'bid-button')
    })

    await step(polling, 'without the socket the live grid says disconnected', async () => {
      await polling.goto(BASE_URL, { waitUntil: 'domcontentloaded' })
      await byTestId(polling, 'live-section').waitFor()
      await expectText(byTestId(polling, 'connection-indicator'), 'Нет связи')
      await openAuction(polling, live, 'bid-button')
    })

    const before = {}
    await step(page, `bid on "${live.title}" over the page's socket`, async () => {
      const button = await openAuction(page, live, 'bid-button')
      await byTestId(page, 'auction-bid-history').waitFor()
      // The bid goes over the socket only once the page's client has it connected (else over
      // HTTP). The connect frame can reach this test before the page has read it; the page's own
      // `joinAuction` on that socket says the client is connected (it sends it only then).
      await expectValue(
        'the page joined the auction over its connected socket',
        async () => frames.connected() && frames.emitted('joinAuction').some((sent) => sent.data === live.id),
        true,
      )
      before.balance = await balanceOf(page)
      before.price = await priceOf(page)
      const posts = postedBids(page, live.id)
      await button.click()
      const [sent] = await expectValue('a placeBid frame', async () => frames.emitted('placeBid'), (found) => found?.length === 1)
      if (sent.data?.auctionId !== live.id || sent.data?.lang !== 'ru') throw new Error(`placeBid sent ${JSON.stringify(sent.data)}`)
      const ack = await expectValue(`the ack of placeBid ${sent.ackId}`, async () => frames.ack(sent.ackId), (found) => found !== undefined)
      if (ack.status !== 200 || !ack.body?.bid) throw new Error(`placeBid was answered ${JSON.stringify(ack).slice(0, 300)}`)
      before.answer = ack.body
      await expectToast(page, 'Ставка сделана!', 'default')
      if (ack.body.bidBalance !== before.balance - 1) throw new Error(`the ack says balance ${ack.body.bidBalance}, the page showed ${before.balance}`)
      const posted = posts()
      if (posted.length > 0) throw new Error(`the bid was posted too: ${posted.join(', ')}`)
    })

    await step(page, 'the price rises by 0,01 and the balance drops by 1', async () => {
      if (Math.round(before.answer.bid.amount * 100) !== before.price + 1) {
        throw new Error(`the bid made ${before.answer.bid.amount}, the page showed ${before.price / 100} before`)
      }
      await expectValue('price (tyiyn)', () => priceOf(page), before.price + 1)
      await expectValue('header balance', () => balanceOf(page), before.balance - 1)
    })

    await step(page, 'the bid is on top of the history and the button says the user leads', async () => {
      const top = byTestId(page, 'bid-row').first()
      await expectText(top, DEMO.username)
      await expectValue('top bid amount (tyiyn)', async () => shownCents(await top.locator('.bid-amount').innerText()), before.price + 1)
      const button = byTestId(page, `bid-button-${live.id}`)
      await expectText(button, 'Вы лидируете')
      if (await button.isEnabled()) throw new Error('the bid button is enabled while demo leads')
      await shot(page, 'auction-live-after-bid')
    })

    await step(watcher, 'another tab sees the bid through the socket', async () => {
      await expectValue('price in the other tab (tyiyn)', () => priceOf(watcher), before.price + 1)
      await expectText(byTestId(watcher, 'bid-row').first(), DEMO.username)
    })

    await step(polling, 'a tab without the socket sees the bid by polling', async () => {
      await expectValue('price in the polling tab (tyiyn)', () => priceOf(polling), before.price + 1)
      await expectText(byTestId(polling, 'bid-row').first(), DEMO.username)
    })

    await step(stale, 'bidding again at once is refused: "already leader" toast', async () => {
      await stale.bringToFront()
      const button = byTestId(stale, `bid-button-${live.id}`)
      if (!(await button.isEnabled())) throw new Error('the held-back tab has no enabled bid button')
      // Without the socket the bid is posted; the refusal is a 409 the browser reports in the
      // console, and it is this step's point.
      await expectingConsole(/status of 409.*\/bid\b/, async () => {
        const response = await postBidBy(stale, button, live.id)
        if (response.status() !== 409) throw new Error(`POST bid answered ${response.status()}: ${await response.text()}`)
        await expectToast(stale, 'Ваша ставка уже последняя', 'destructive')
      })
      await stale.waitForTimeout(400)
      await shot(stale, 'auction-live-already-leader')
    })

    await step(polling, 'a tab without the socket bids over HTTP once a rival leads: same toast, balance −1', async () => {
      await polling.bringToFront()
      const button = byTestId(polling, `bid-button-${live.id}`)
      // A new account bids over HTTP; the polling tab sees it lead within a second or two.
      await rivalBids(browser, live.id)
      await expectValue('a rival leads (the bid button is enabled again)', () => button.isEnabled(), true)
      const response = await postBidBy(polling, button, live.id)
      if (!response.ok()) throw new Error(`POST bid answered ${response.status()}: ${await response.text()}`)
      const answer = await response.json()
      // One bid more than the socket's (the refused one cost nothing). The tab without the socket
      // heard of no balance change since it loaded: its header shows the answer's.
      if (answer.bidBalance !== before.answer.bidBalance - 1) throw new Error(`the POST says balance ${answer.bidBalance}, the socket's ack said ${before.answer.bidBalance}`)
      await expectToast(polling, 'Ставка сделана!', 'default')
      await expectValue('header balance in the polling tab', () => balanceOf(polling), answer.bidBalance)
      // One bid or pre-bid a second per user (`auction.min_bid_interval_ms`): the pre-bid below
      // would be refused as too fast right after this bid.
      await polling.waitForTimeout(1_100)
      await expectText(byTestId(polling, 'bid-row').first(), DEMO.username)
    })
    await Promise.all([stale, watcher, polling].map((tab) => tab.close()))
    heldBackErrors()

    const prebids = await page.request.get(`${BASE_URL}/api/prebids/user`, { maxRetries: 2 }).then((res) => (res.ok() ? res.json() : null))
    if (!Array.isArray(prebids)) throw new Error('GET /api/prebids/user failed: the pre-bid flow needs it')
    const done = new Set(prebids.map((item) => item.auctionId))
    const upcoming = list.upcoming.find((auction) => auction.status === 'upcoming' && !done.has(auction.id))
    if (!upcoming) throw new Error(`no upcoming auction without a pre-bid by ${DEMO.username}`)

    await page.bringToFront()
    await step(page, `pre-bid on "${upcoming.title}"`, async () => {
      const button = await openAuction(page, upcoming, 'prebid-button')
      before.balance = await balanceOf(page)
      await button.click()
      await expectToast(page, 'Предварительная ставка размещена!', 'default')
      await expectValue('header balance', () => balanceOf(page), before.balance - 1)
    })

    await step(page, 'a second pre-bid is disabled and refused', async () => {
      const button = byTestId(page, `prebid-button-${upcoming.id}`)
      await expectText(button, 'Предварительная ставка сделана')
      if (await button.isEnabled()) throw new Error('the pre-bid button is still enabled')
      await shot(page, 'auction-upcoming-after-prebid')
      const again = await page.request.post(`${BASE_URL}/api/auctions/${upcoming.id}/prebid`, { maxRetries: 2, headers: { Origin: BASE_URL } })
      const body = await again.json().catch(() => ({}))
      if (again.status() !== 409 || body.code !== 'already_prebid') throw new Error(`second pre-bid answered ${again.status()} ${JSON.stringify(body)}`)
    })

    // The demo lots have bots that answer a bid within seconds: the label must say who leads now.
    await step(page, 'bid history labels the newest bid as the auction stands ("Лидирует" or "Перебита")', async () => {
      const deadline = Date.now() + TIMEOUT
      let seen = ''
      while (Date.now() < deadline) {
        await page.goto(`${BASE_URL}/bid-history`, { waitUntil: 'domcontentloaded' })
        const status = byTestId(page, 'bid-status').first()
        await status.waitFor()
        seen = (await status.innerText()).trim()
        const auction = await page.request.get(`${BASE_URL}/api/auctions/${live.id}`, { maxRetries: 2 }).then((res) => res.json())
        const leads = auction.lastBidder === DEMO.username
        const expected = auction.status === 'finished' ? (leads ? 'Выиграна' : 'Проиграна') : leads ? 'Лидирует' : 'Перебита'
        if (seen === expected) {
          await shot(page, 'bid-history-demo')
          return
        }
      }
      throw new Error(`the newest bid reads "${seen}", not what the auction's leader says`)
    })
  } finally {
    await context.close()
  }
}

suite.run(main)
