// End-to-end check of linking Telegram from the profile (issue 24) against a running server
// (BASE_URL) whose bot polls the Bot API stand-in at TELEGRAM_STANDIN (telegram-standin.mjs;
// .ci/e2e starts both), on a 360 px phone in Russian: a new user presses "Привязать Telegram",
// the stand-in "presses Start" with the token of the link the page shows, the profile shows the
// chat linked and the bot's reply came; then "Отвязать", after its confirmation, unlinks it.
// Screenshots: telegram-*.png.
import {
  BASE_URL,
  PHONE,
  byTestId,
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
} from './harness.mjs'

const STANDIN = (process.env.TELEGRAM_STANDIN ?? 'http://127.0.0.1:8099').replace(/\/$/, '')

const suite = createSuite('telegram')
const { shot, step, fitsPhone } = suite

const suffix = Math.random().toString(36).slice(2, 8)
const user = { username: `e2e_tg_${suffix}`, email: `e2e_tg_${suffix}@example.kg`, password: `tg_${suffix}_1` }
/** The Telegram chat of the user (any number the stand-in makes up). */
const chat = 700_000_000 + Math.floor(Math.random() * 1_000_000)

/** The bot's messages to the user's chat so far. */
const sentToChat = async () => (await fetch(`${STANDIN}/control/sent?chat=${chat}`)).json()

async function main() {
  await preflight()
  await fetch(`${STANDIN}/control/sent?chat=0`).catch((error) => {
    throw new Error(`no Telegram stand-in answers at ${STANDIN} (${error.cause?.code ?? error.message}); start e2e/telegram-standin.mjs`)
  })
  const browser = await launchBrowser()
  const phone = await openSession(browser, suite, null, PHONE)
  const { page, context } = phone
  // The link opens Telegram (t.me) in a new tab: answered here, as the machine has no internet.
  await context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Telegram</title>' }))
  try {
    await step(page, `register ${user.username}`, async () => {
      const answer = await context.request.post(`${BASE_URL}/api/auth/register`, { data: user, headers: { Origin: BASE_URL } })
      if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}: ${await answer.text()}`)
    })

    await step(page, 'the profile offers to link Telegram at 360 px', async () => {
      await visit(page, '/profile', 'telegram-card')
      await byTestId(page, 'telegram-card').scrollIntoViewIfNeeded()
      await expectText(byTestId(page, 'telegram-link'), 'Привязать Telegram')
      await fitsPhone(page, 'card-phone', PHONE)
    })

    let url = ''
    await step(page, '"Привязать Telegram" opens the link and shows it', async () => {
      const opened = context.waitForEvent('page')
      await byTestId(page, 'telegram-link').click()
      const tab = await opened
      await byTestId(page, 'telegram-waiting').waitFor()
      url = (await byTestId(page, 'telegram-url').getAttribute('href')) ?? ''
      if (!/^https:\/\/t\.me\/\w+\?start=[0-9a-f]{48}$/.test(url)) throw new Error(`the link is ${url}`)
      await expectValue('the opened tab', async () => tab.url(), url)
      await tab.close()
      await expectText(byTestId(page, 'telegram-waiting'), 'Ждём подтверждения из Telegram')
      await fitsPhone(page, 'waiting-phone', PHONE)
    })

    await step(page, 'the user presses Start in Telegram and the profile shows the chat linked', async () => {
      const token = new URL(url).searchParams.get('start')
      const pressed = await fetch(`${STANDIN}/control/updates`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ chat, text: `/start ${token}`, lang: 'ru' }),
      })
      if (!pressed.ok) throw new Error(`the stand-in answered ${pressed.status}`)
      // The card asks every few seconds while it waits: no reload.
      await expectText(byTestId(page, 'telegram-linked'), /^Привязан с \d\d\.\d\d\.\d{4}/)
      const replies = await expectValue('the bot\'s reply', sentToChat, (sent) => Array.isArray(sent) && sent.length === 1)
      if (!replies[0].text.includes(`Telegram привязан к аккаунту ${user.username}`)) throw new Error(`the bot replied: ${replies[0].text}`)
      await fitsPhone(page, 'linked-phone', PHONE)
    })

    await step(page, '"Отвязать", after its confirmation, unlinks the chat', async () => {
      await byTestId(page, 'telegram-unlink').click()
      await byTestId(page, 'confirm-dialog').waitFor()
      await shot(page, 'unlink-confirm')
      await confirm(page)
      await expectToast(page, 'Telegram отвязан')
      await byTestId(page, 'telegram-link').waitFor()
      const status = await getJson(page, '/api/me/telegram')
      if (status.enabled !== true || status.linked !== false) throw new Error(`the status is ${JSON.stringify(status)}`)
      await shot(page, 'unlinked')
    })
  } finally {
    await browser.close()
  }
}

suite.run(main)
