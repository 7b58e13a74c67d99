// End-to-end check of the operator's console against a running server (BASE_URL, default
// http://127.0.0.1:8080, started with DEMO_DATA=1 and the admin admin/admin12345 as `.ci/e2e`
// does). In one browser the admin lowers the bots' delays, creates an auction starting in a few
// seconds and gives it a bot limited to one bid; in another the seeded `demo` user watches it go
// live, sees the bot's bid marked as a bot's and outbids it; the admin finishes it early and finds
// it among the finished auctions with the right statistics. Then: user search and a balance edit
// that reaches demo's header, a settings change that reaches the footer, the outbox page with the
// win's failed e-mail and its retry, the servers page explaining that one server runs every
// auction, demo sent away from /admin, and a screenshot of every admin page (and its dialogs) at
// 1366 px and at 360 px.
import { request } from 'playwright-core'
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
  preflight,
  session as openSession,
  visit,
  revealDeferred,
} from './harness.mjs'

/** How long an auction may take to go live, or a bot to answer, before the run fails. */
const SLOW = 45_000

const suffix = Math.random().toString(36).slice(2, 7)
/** A 64×48 PNG, the lot's photo the admin uploads. */
const LOT_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAAQ0lEQVR42u3PQQkAAAgEsEtiJmMbywp+hcEKLNP1WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQErhZFbIjTiXsj8QAAAABJRU5ErkJggg=='

const suite = createSuite('admin')
const { shot, step, fitsPhone, expectingConsole } = suite

/** A logged-in browser context with the cookie banner answered. */
const session = (browser, credentials, viewport = DESKTOP) => openSession(browser, suite, credentials, viewport)

/** `YYYY-MM-DDTHH:MM:SS` in the browser's time zone, `ms` from now. */
function localInput(page, ms) {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset)
    const pad = (value) => String(value).padStart(2, '0')
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  }, ms)
}

async function main() {
  await preflight()
  const browser = await launchBrowser()
  try {
    const admin = await session(browser, ADMIN)
    const demo = await session(browser, DEMO)
    const lot = await auctionFlow(admin.page, demo.page)
    await fairFlow(admin.page, demo.page)
    await usersFlow(admin.page, demo.page)
    await settingsFlow(admin.page, demo.page)
    await outboxFlow(admin.page)
    await clusterFlow(admin.page)
    await step(demo.page, 'a user visiting /admin is sent home', async () => {
      await demo.page.goto(`${BASE_URL}/admin`, { waitUntil: 'domcontentloaded' })
      await byTestId(demo.page, 'home-page').waitFor()
      if (new URL(demo.page.url()).pathname !== '/') throw new Error(`ended on ${demo.page.url()}`)
    })
    await screenshots(browser, lot)
  } finally {
    await browser.close()
  }
}

/** Bot settings, a new auction with a bot, go-live, the bot's bid, demo's bid, early finish, statistics. */
async function auctionFlow(page, demoPage) {
  const lot = { title: `E2E лот ${suffix}` }

  await step(page, 'admin lowers the bot delays to 1 s', async () => {
    await visit(page, '/admin', 'bot-settings')
    await byTestId(page, 'bot-settings-save').waitFor()
    // The admin's pages run the site: no bid balance, no top-up, no "confirm your phone".
    for (const id of ['bid-balance', 'phone-banner']) {
      if ((await byTestId(page, id).count()) > 0) throw new Error(`the admin page shows ${id}`)
    }
    await page.fill('#bot-minDelay', '1')
    await page.fill('#bot-maxDelay', '1')
    await page.fill('#bot-activeBots', '2')
    if (!(await byTestId(page, 'bot-enabled').isChecked())) await byTestId(page, 'bot-enabled').check()
    await byTestId(page, 'bot-settings-save').click()
    await expectToast(page, 'Настройки ботов сохранены')
    const saved = await getJson(page, '/api/admin/bot-settings')
    if (saved.minDelay !== 1 || saved.maxDelay !== 1) throw new Error(`bot settings are ${JSON.stringify(saved)}`)
  })

  await step(page, 'an empty create form is refused with "Ошибка валидации"', async () => {
    await byTestId(page, 'auction-create').click()
    await byTestId(page, 'auction-create-dialog').waitFor()
    await byTestId(page, 'auction-save').click()
    await expectToast(page, 'Заполните все обязательные поля', 'destructive')
    await expectText(byTestId(page, 'auction-title-error'), 'Заполните все обязательные поля')
  })

  await step(page, 'a house reserve with no house bot is refused under its field', async () => {
    await page.fill('#auction-title', lot.title)
    await page.fill('#auction-description', 'Создан сквозным тестом')
    await page.fill('#auction-retailPrice', '1999,99')
    await page.fill('#auction-startTime', await localInput(page, 20_000))
    // Categories and conditions are offered from the catalogue's list (typing another is allowed).
    await expectValue('categories offered', () => byTestId(page, 'auction-category-list').locator('option').count(), (n) => n >= 5)
    await expectValue('"Новый" offered', () => byTestId(page, 'auction-condition-list').locator('option[value="Новый"]').count(), 1)
    await page.fill('#auction-category', 'Смартфоны')
    await page.fill('#auction-houseReserve', '1')
    await byTestId(page, 'auction-save').click()
    await expectText(byTestId(page, 'auction-houseReserve-error'), 'Резерву ботов нужен бот')
  })

  await step(page, 'admin uploads the lot\'s photo: the server stores it and the form takes its link', async () => {
    await expectingConsole(/status of 400.*\/api\/admin\/images/, async () => {
      await byTestId(page, 'auction-image-file').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
      await expectToast(page, 'Загрузите изображение JPEG, PNG или WebP до 8 МБ', 'destructive')
    })
    await byTestId(page, 'auction-image-file').setInputFiles({ name: 'lot.png', mimeType: 'image/png', buffer: Buffer.from(LOT_PNG, 'base64') })
    await expectToast(page, 'Фото загружено')
    await expectValue('the form takes the stored link', () => page.inputValue('#auction-imageUrl'), (value) => /^\/media\/\d+-[0-9a-f]{16}\.jpg$/.test(value))
    await expectValue('the preview shows it', () => byTestId(page, 'auction-image-preview').evaluate((img) => img.complete && img.naturalWidth), 64)
  })

  await step(page, 'admin creates an auction starting in 20 s, with a house bot for one house bid', async () => {
    // The reserve of one bid: the house bids once in all, whichever of its bots does.
    await byTestId(page, 'auction-botIds').locator('input[type="checkbox"]').first().check()
    await byTestId(page, 'auction-houseReserve-error').waitFor({ state: 'detached' })
    await shot(page, 'create-dialog-house-bot')
    await page.fill('#auction-startTime', await localInput(page, 20_000))
    await byTestId(page, 'auction-save').click()
    await expectToast(page, 'Аукцион создан')
    await byTestId(page, 'auction-create-dialog').waitFor({ state: 'detached' })
    const list = await getJson(page, '/api/admin/auctions')
    const created = list.find((auction) => auction.title === lot.title)
    if (!created) throw new Error(`"${lot.title}" is not among the admin's auctions`)
    if (created.houseReserve !== 1 || created.openingSecs !== null) throw new Error(`house rule ${created.houseReserve}, opening ${created.openingSecs}`)
    Object.assign(lot, { id: created.id, slug: created.slug })
    await byTestId(page, `admin-auction-${lot.id}`).waitFor()
  })

  await step(page, 'the edit dialog opens at once, with the house bot; admin assigns another, limited to one bid', async () => {
    const row = byTestId(page, `admin-auction-${lot.id}`)
    await row.locator('[data-testid="auction-edit"]').click()
    const dialog = byTestId(page, 'auction-edit-dialog')
    await dialog.waitFor()
    await expectValue('bots assigned at creation', () => dialog.locator('[data-testid="assignment-active"]').count(), 1)
    await dialog.locator('[data-testid="assign-bot"]').click()
    const option = page.locator('[role="option"]').first()
    await option.waitFor()
    lot.botLabel = (await option.innerText()).trim()
    await option.click()
    await dialog.locator('[data-testid="assign-limit"]').fill('1')
    await dialog.locator('[data-testid="assign-save"]').click()
    await expectToast(page, 'Бот добавлен в аукцион')
    await expectText(dialog.locator('[data-testid="assignment-bids"]').last(), /0\D+1/)
    await shot(page, 'edit-dialog-with-bot')
    await closeDialog(dialog)
  })

  await step(demoPage, 'demo opens the upcoming auction', async () => {
    await visit(demoPage, `/auction/${lot.slug}`, 'auction-detail')
    await byTestId(demoPage, `prebid-button-${lot.id}`).waitFor()
  })

  await step(page, 'the auction goes live in the admin table', async () => {
    const row = byTestId(page, `admin-auction-${lot.id}`)
    await expectText(row.locator('.badge-live'), 'Идёт', SLOW)
    await row.locator('[data-testid="auction-finish"]').waitFor()
  })

  await step(demoPage, 'the bot bids, marked as an automatic bidder', async () => {
    const top = byTestId(demoPage, 'bid-row').first()
    await top.waitFor({ timeout: SLOW })
    await top.locator('[data-testid="bot-badge"]').waitFor({ timeout: SLOW })
    await byTestId(demoPage, 'status-panel').locator('[data-testid="bot-badge"]').waitFor()
  })

  await step(page, 'the admin table shows the bot leading, live', async () => {
    const row = byTestId(page, `admin-auction-${lot.id}`)
    await expectText(row.locator('[data-testid="admin-price"]'), '0,02')
    await row.locator('[data-testid="admin-leader"] [data-testid="bot-badge"]').waitFor()
  })

  await step(demoPage, "the home page's live card marks the bot leading", async () => {
    const home = await demoPage.context().newPage()
    try {
      await visit(home, '/', 'live-section')
      const card = byTestId(home, 'live-auction-card').filter({ hasText: lot.title })
      await card.locator('[data-testid="bot-badge"]').waitFor()
    } finally {
      await home.close()
    }
  })

  await step(demoPage, 'demo outbids the bot', async () => {
    const button = byTestId(demoPage, `bid-button-${lot.id}`)
    await expectValue('bid button enabled', () => button.isEnabled(), true)
    await button.click()
    await expectToast(demoPage, 'Ставка сделана!')
    await expectText(byTestId(demoPage, 'leader-name'), DEMO.username)
    await shot(demoPage, 'public-bot-bid-marked')
  })

  await step(page, 'admin finishes it early', async () => {
    const row = byTestId(page, `admin-auction-${lot.id}`)
    await expectText(row.locator('[data-testid="admin-leader"]'), DEMO.username)
    await row.locator('[data-testid="auction-finish"]').click()
    await confirm(page)
    await expectToast(page, 'Аукцион завершён')
    await row.waitFor({ state: 'detached' })
  })

  await step(page, 'the finished auction has demo as winner and the right statistics', async () => {
    await visit(page, '/admin/finished-auctions', 'finished-table')
    const row = byTestId(page, `finished-row-${lot.id}`)
    await expectText(row.locator('[data-testid="finished-winner"]'), DEMO.username)
    await expectText(row.locator('[data-testid="finished-price"]'), '0,03')
    await row.locator('[data-testid="finished-stats"]').click()
    const dialog = byTestId(page, 'auction-stats-dialog')
    await dialog.locator('[data-testid="auction-stats-body"]').waitFor()
    const counts = { totalBids: '2', userBids: '1', botBids: '1', adminBids: '0' }
    for (const [key, value] of Object.entries(counts)) await expectText(dialog.locator(`[data-testid="stats-${key}"] strong`), new RegExp(`^${value}$`))
    await dialog.locator('[data-testid="auction-bids-chart"] svg').first().waitFor()
    await expectText(dialog.locator('[data-testid="auction-bids-chart-caption"]'), /1\D+1/)
    await shot(page, 'finished-stats-dialog')
    await closeDialog(dialog)
  })
  return lot
}

/**
 * Fair kinds (issue 13, part 3): the admin creates a beginner, win-limited auction that takes no
 * new bidders from 5 som; its card and page show the three badges and what they mean; demo, who
 * has just won, is refused with the beginners' message.
 */
async function fairFlow(page, demoPage) {
  const lot = { title: `Новичкам ${suffix}` }
  await step(page, 'admin creates a beginner, win-limited auction with no new bidders from 5 som', async () => {
    await visit(page, '/admin', 'auction-create')
    await byTestId(page, 'auction-create').click()
    await byTestId(page, 'auction-create-dialog').waitFor()
    await page.fill('#auction-title', lot.title)
    await page.fill('#auction-retailPrice', '2500')
    await page.fill('#auction-startTime', await localInput(page, 2_000))
    await byTestId(page, 'auction-beginner').check()
    await byTestId(page, 'auction-winLimited').check()
    await page.fill('#auction-noNewPrice', '5')
    // A featured lot's opening: five minutes to its first deadline.
    await byTestId(page, 'auction-openingSecs').click()
    await page.getByRole('option', { name: '5 минут', exact: true }).click()
    await shot(page, 'fair-create-dialog')
    await byTestId(page, 'auction-save').click()
    await expectToast(page, 'Аукцион создан')
    const created = (await getJson(page, '/api/admin/auctions')).find((auction) => auction.title === lot.title)
    if (!created) throw new Error(`"${lot.title}" was not created`)
    if (created.kind !== 'beginner' || !created.winLimited || created.noNewBiddersAfter?.price !== 5) throw new Error(`kinds: ${JSON.stringify(created)}`)
    if (created.houseReserve !== null || created.openingSecs !== 300) throw new Error(`house rule ${created.houseReserve}, opening ${created.openingSecs}`)
    Object.assign(lot, { id: created.id, slug: created.slug })
    await expectValue('auction live', async () => (await getJson(page, `/api/auctions/${lot.id}`)).status, 'live', SLOW)
  })

  await step(demoPage, 'the card and the page show the kinds before anyone bids', async () => {
    await visit(demoPage, '/auctions', 'live-auction-card')
    const card = byTestId(demoPage, 'live-auction-card').filter({ hasText: lot.title })
    await expectText(card.locator('[data-testid="kind-beginner"]'), 'Для новичков')
    await expectText(card.locator('[data-testid="kind-winLimited"]'), 'Лимит побед')
    await expectText(card.locator('[data-testid="kind-noNewBidders"]'), 'Новые участники — до 5,00 сом')
    await expectText(card.locator('[data-testid="kind-noHouse"]'), 'Без ботов')
    await fitsPhone(demoPage, 'fair-cards-phone', DESKTOP)
    await visit(demoPage, `/auction/${lot.slug}`, 'auction-detail')
    await expectText(byTestId(demoPage, 'kind-hint-beginner'), 'Ставки только от тех, кто ещё ничего не выигрывал')
    await expectText(byTestId(demoPage, 'kind-hint-noNewBidders'), 'После этого ставят только те, кто уже делал ставки')
    await expectText(byTestId(demoPage, 'kind-hint-noHouse'), 'ставят только люди')
    await fitsPhone(demoPage, 'fair-page-phone', DESKTOP)
  })

  await step(demoPage, 'demo, who has won, is refused with the beginners’ message', async () => {
    const button = byTestId(demoPage, `bid-button-${lot.id}`)
    await expectValue('bid button enabled', () => button.isEnabled(), true)
    await expectingConsole(/status of 409.*\/bid\b/, async () => {
      await button.click()
      await expectToast(demoPage, 'Это аукцион для новичков', 'destructive')
    })
    await shot(demoPage, 'fair-refused')
  })
}

/** Searching users, then a balance edit that demo's header shows at once. */
async function usersFlow(page, demoPage) {
  const target = {}
  await step(page, 'admin finds demo with the search box', async () => {
    await visit(page, '/admin/users', 'user-table')
    await byTestId(page, 'user-search').fill(DEMO.username)
    await expectText(byTestId(page, 'users-shown'), 'Показано 1-1 из 1 пользователя')
    await byTestId(page, `user-row-${DEMO.username}`).waitFor()
    target.balance = Number((await byTestId(page, `user-row-${DEMO.username}`).locator('[data-testid="user-balance"]').innerText()).replace(/\D/g, ''))
  })

  await step(page, "the activity dialog lists demo's auctions", async () => {
    await byTestId(page, `user-row-${DEMO.username}`).locator('[data-testid="user-activity"]').click()
    await byTestId(page, 'activity-body').waitFor()
    await shot(page, 'user-activity-dialog')
    await closeDialog(byTestId(page, 'user-activity-dialog'))
  })

  await step(page, 'the activity dialog shows the limits and pause a user set themselves', async () => {
    // A new user pauses themselves for 7 days with a daily limit of 5 bids (their own session).
    const suffix = Math.random().toString(36).slice(2, 7)
    const user = { username: `paused_${suffix}`, email: `paused_${suffix}@example.kg`, password: `pw_${suffix}_123` }
    const own = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } })
    try {
      const registered = await own.post('/api/auth/register', { data: user })
      if (!registered.ok()) throw new Error(`registration answered ${registered.status()}`)
      const set = await own.put('/api/users/limits', { data: { dailyBids: 5, pause: '7d' } })
      if (!set.ok()) throw new Error(`PUT /api/users/limits answered ${set.status()}`)
    } finally {
      await own.dispose()
    }
    await byTestId(page, 'user-search').fill(user.username)
    const row = byTestId(page, `user-row-${user.username}`)
    await row.locator('[data-testid="user-activity"]').click()
    const dialog = byTestId(page, 'user-activity-dialog')
    await expectText(dialog.locator('[data-testid="user-limits-paused"]'), 'Пауза до')
    await expectText(dialog.locator('[data-testid="user-limit-dailyBids"]'), 'Ставок в день')
    await expectText(dialog.locator('[data-testid="user-limit-dailyBids"]'), 'Осталось сейчас: 5')
    await expectText(dialog.locator('[data-testid="user-limits"]'), 'меняет только сам пользователь')
    await shot(page, 'user-limits-dialog')
    await fitsPhone(page, 'user-limits-dialog-phone', DESKTOP)
    await closeDialog(dialog)
    await byTestId(page, 'user-search').fill(DEMO.username)
    await byTestId(page, `user-row-${DEMO.username}`).waitFor()
  })

  await step(demoPage, 'demo has the home page open', async () => {
    await visit(demoPage, '/', 'home-page')
    await expectValue('header balance', async () => Number((await byTestId(demoPage, 'bid-balance').innerText()).trim()), target.balance)
  })

  await step(page, "admin raises demo's balance by 7", async () => {
    await byTestId(page, `user-row-${DEMO.username}`).locator('[data-testid="user-edit"]').click()
    await byTestId(page, 'user-edit-dialog').waitFor()
    target.next = target.balance + 7
    await page.fill('#user-bidBalance', String(target.next))
    await expectText(byTestId(page, 'balance-note'), '+7')
    await shot(page, 'user-edit-dialog')
    await byTestId(page, 'user-save').click()
    await expectToast(page, 'Пользователь обновлён')
    await expectText(byTestId(page, `user-row-${DEMO.username}`).locator('[data-testid="user-balance"]'), String(target.next))
  })

  await step(demoPage, "demo's header shows the new balance without a reload", async () => {
    await expectValue('header balance', async () => Number((await byTestId(demoPage, 'bid-balance').innerText()).trim()), target.next)
  })
}

/** A settings change that a visitor's footer shows. */
async function settingsFlow(page, demoPage) {
  const phone = `+996 312 ${String(Math.floor(100000 + Math.random() * 899999))}`
  await step(page, 'admin changes the contact phone', async () => {
    await visit(page, '/admin/settings', 'settings-form')
    await page.fill('#st-contactPhone', phone)
    await byTestId(page, 'settings-save').click()
    await expectToast(page, 'Настройки сохранены')
  })
  await step(demoPage, 'the footer shows the new phone', async () => {
    await visit(demoPage, '/', 'home-page')
    await revealDeferred(demoPage)
    await expectText(byTestId(demoPage, 'footer'), phone)
  })
}

/**
 * The outbox page: the win above wrote demo's e-mail, which `.ci/e2e`'s mail server (a closed
 * port, one attempt) refuses at once; the page counts it failed, lists it with its error, and
 * "retry" puts it back in the queue.
 */
async function outboxFlow(page) {
  const failedCount = async () => Number((await byTestId(page, 'outbox-count-failed').locator('strong').innerText()).trim())
  await step(page, 'the outbox page counts the failed e-mail of the win', async () => {
    await expectValue(
      'failed messages',
      async () => {
        await visit(page, '/admin/outbox', 'outbox-table')
        return failedCount()
      },
      (count) => count >= 1,
      SLOW,
    )
    for (const state of ['pending', 'sent']) await byTestId(page, `outbox-count-${state}`).waitFor()
  })
  await step(page, 'filtered to failed e-mail, a row shows its recipient, text and error', async () => {
    await chooseOption(page, 'outbox-channel', 'Эл. почта')
    await chooseOption(page, 'outbox-state', 'Не отправлено')
    const row = byTestId(page, 'outbox-table').locator('tr[data-testid^="outbox-item-"]').first()
    await row.waitFor()
    await expectText(row.locator('[data-testid="outbox-recipient"]'), '@example.com')
    await expectText(row.locator('[data-testid="outbox-state-badge"]'), 'Не отправлено')
    await row.locator('[data-testid="outbox-error"]').waitFor()
    await shot(page, 'outbox-failed')
  })
  await step(page, 'retry puts the failed message back in the queue', async () => {
    const row = byTestId(page, 'outbox-table').locator('tr[data-testid^="outbox-item-"]').first()
    const id = (await row.getAttribute('data-testid')).replace('outbox-item-', '')
    await row.locator('[data-testid="outbox-retry"]').click()
    await expectToast(page, `Сообщение № ${id} будет отправлено снова`)
  })
}

/**
 * The servers page: `.ci/e2e`'s server is one node without leases, so the page lists no nodes and
 * says how to run several instead.
 */
async function clusterFlow(page) {
  await step(page, 'the servers page explains that one server runs every auction', async () => {
    const view = await getJson(page, '/api/admin/cluster')
    if (view.leases !== false || view.nodes.length !== 0) throw new Error(`the e2e server has leases: ${JSON.stringify(view)}`)
    await visit(page, '/admin/cluster', 'cluster-single')
    const card = byTestId(page, 'cluster-single')
    await expectText(card, 'Работает один сервер: аукционы не делятся между серверами.')
    await expectText(card, 'TYIYN_CLUSTER__NODE_ID')
    await expectText(card, 'docs/operations.md')
    if ((await byTestId(page, 'node-table').count()) > 0) throw new Error('a table of nodes without leases')
    const tab = byTestId(page, 'admin-nav-cluster')
    if ((await tab.getAttribute('aria-current')) !== 'page') throw new Error('the "Серверы" tab is not the current one')
    await expectText(tab, 'Серверы')
    await shot(page, 'cluster-single')
  })
}

/** Picks `label` in the select `testId` (a Radix Select: a button and a list of options). */
async function chooseOption(page, testId, label) {
  await byTestId(page, testId).click()
  await page.getByRole('option', { name: label, exact: true }).click()
}

/** Every admin page and its main dialogs, at 1366 px and at 360 px. */
async function screenshots(browser, lot) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['360', PHONE],
  ]) {
    const { context, page } = await session(browser, ADMIN, viewport)
    try {
      await step(page, `admin pages at ${viewport.width} px`, async () => {
        await visit(page, '/admin', 'admin-auction-table')
        await byTestId(page, 'minute-chart').waitFor()
        await page.waitForTimeout(500)
        await shot(page, `admin-${label}`)
        await byTestId(page, 'auction-create').click()
        await byTestId(page, 'auction-create-dialog').waitFor()
        await shot(page, `create-dialog-${label}`)
        await closeDialog(byTestId(page, 'auction-create-dialog'))
        await visit(page, '/admin/users', 'user-table')
        await shot(page, `users-${label}`)
        await byTestId(page, 'user-edit').first().click()
        await byTestId(page, 'user-edit-dialog').waitFor()
        await shot(page, `user-edit-${label}`)
        await closeDialog(byTestId(page, 'user-edit-dialog'))
        await visit(page, '/admin/finished-auctions', 'finished-table')
        await shot(page, `finished-${label}`)
        await byTestId(page, `finished-row-${lot.id}`).locator('[data-testid="finished-delete"]').click()
        await byTestId(page, 'confirm-dialog').waitFor()
        await shot(page, `confirm-${label}`)
        await byTestId(page, 'confirm-cancel').click()
        await visit(page, '/admin/outbox', 'outbox-table')
        await shot(page, `outbox-${label}`)
        await visit(page, '/admin/cluster', 'cluster-single')
        await shot(page, `cluster-${label}`)
        await visit(page, '/admin/settings', 'settings-form')
        await shot(page, `settings-${label}`)
      })
    } finally {
      await context.close()
    }
  }
}

suite.run(main)
