// End-to-end check of one person, one account (issue 24) against a running server (BASE_URL) that
// asks for a phone and sends its SMS to the gateway stand-in at SMS_STANDIN (sms-standin.mjs;
// .ci/e2e starts both), on a 360 px phone in Russian: a new user registers, is sent from the
// welcome to the confirmation page, receives the code from the stand-in, confirms the number and
// sees the 5 free bids in the header; a bid placed before that was refused with the reason.
// Screenshots: phone-*.png.
import { BASE_URL, PHONE, byTestId, createSuite, expectText, expectValue, launchBrowser, preflight, session as openSession } from './harness.mjs'

const STANDIN = (process.env.SMS_STANDIN ?? 'http://127.0.0.1:8098').replace(/\/$/, '')

const suite = createSuite('phone')
const { shot, step, fitsPhone, expectingConsole } = suite

const suffix = Math.random().toString(36).slice(2, 8)
const user = { username: `e2e_ph_${suffix}`, email: `e2e_ph_${suffix}@example.kg`, password: `ph_${suffix}_1` }
/** A number of the user's own (any nine digits after +996). */
const number = `+996${String(700_000_000 + Math.floor(Math.random() * 99_999_999)).slice(0, 9)}`

/** The texts the gateway took for the user's number so far. */
const textsToNumber = async () => (await fetch(`${STANDIN}/control/sent?phone=${number.slice(1)}`)).json()

async function main() {
  await preflight()
  await fetch(`${STANDIN}/control/sent`).catch((error) => {
    throw new Error(`no SMS stand-in answers at ${STANDIN} (${error.cause?.code ?? error.message}); start e2e/sms-standin.mjs`)
  })
  const browser = await launchBrowser()
  const { page } = await openSession(browser, suite, null, PHONE)
  try {
    await step(page, `register ${user.username} at 360 px`, async () => {
      await page.goto(`${BASE_URL}/login`, { waitUntil: 'domcontentloaded' })
      await byTestId(page, 'tab-register').click()
      await page.fill('#register-username', user.username)
      await page.fill('#register-email', user.email)
      await page.fill('#register-password', user.password)
      await page.fill('#register-confirm', user.password)
      await byTestId(page, 'register-submit').click()
      await byTestId(page, 'welcome-modal').waitFor()
      await shot(page, 'welcome')
    })

    await step(page, 'the welcome leads to the confirmation; no bids yet', async () => {
      await expectText(byTestId(page, 'bid-balance'), '0')
      await byTestId(page, 'welcome-confirm-phone').click()
      await byTestId(page, 'verify-phone-page').waitFor()
      await fitsPhone(page, 'number-phone', PHONE)
    })

    await step(page, 'a bid before confirming is refused with the reason', async () => {
      const answer = await expectingConsole(/status of 403.*\/bid\b/, () => page.evaluate(async () => {
        const list = await (await fetch('/api/auctions')).json()
        const live = list.live?.[0]
        if (!live) return { status: 0, body: {} }
        const res = await fetch(`/api/auctions/${live.id}/bid`, { method: 'POST' })
        return { status: res.status, body: await res.json() }
      }))
      if (answer.status !== 0 && (answer.status !== 403 || answer.body.code !== 'phone_not_verified')) {
        throw new Error(`the bid answered ${answer.status} ${JSON.stringify(answer.body)}`)
      }
      if (answer.status === 403 && answer.body.error !== 'Подтвердите номер телефона, чтобы делать ставки') {
        throw new Error(`the refusal reads "${answer.body.error}"`)
      }
    })

    await step(page, 'the code arrives by SMS', async () => {
      await page.fill('#vp-phone', number)
      await byTestId(page, 'phone-send').click()
      await expectText(byTestId(page, 'code-sent-to'), number)
      await expectText(byTestId(page, 'code-resend'), /Повторно — через \d+ с/)
      await fitsPhone(page, 'code-phone', PHONE)
    })

    await step(page, 'the code from the SMS confirms the number and brings 5 bids', async () => {
      const texts = await expectValue('the SMS', textsToNumber, (sent) => Array.isArray(sent) && sent.length === 1)
      const code = texts[0].text.match(/\d{6}/)?.[0]
      if (!code || !texts[0].text.startsWith('Тыйын: ваш код')) throw new Error(`the SMS reads "${texts[0].text}"`)
      await page.fill('#vp-code', code)
      await byTestId(page, 'code-confirm').click()
      await expectText(byTestId(page, 'phone-confirmed'), 'Бесплатные биды зачислены: 5')
      await expectText(byTestId(page, 'bid-balance'), '5')
      await fitsPhone(page, 'confirmed-phone', PHONE)
    })
  } finally {
    await browser.close()
  }
}

suite.run(main)
