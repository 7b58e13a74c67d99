// End-to-end check of the profile's security card (docs/rules/sessions.md, "Sessions") against a running
// server (BASE_URL, default http://127.0.0.1:8080), on a 360 px phone: a new user, logged in on two
// devices, changes the password in the profile and stays logged in while the other device is logged
// out; "log out everywhere", after its confirmation, logs this device out too; the old password is
// refused and the new one logs in through the login dialog. Screenshots: sessions-*.png.
import {
  BASE_URL,
  PHONE,
  byTestId,
  confirm,
  createSuite,
  expectToast,
  expectValue,
  launchBrowser,
  preflight,
  session as openSession,
  visit,
} from './harness.mjs'

const suite = createSuite('sessions')
const { shot, step, expectingConsole } = suite

const suffix = Math.random().toString(36).slice(2, 8)
const user = { username: `e2e_pw_${suffix}`, email: `e2e_pw_${suffix}@example.kg`, password: `old_${suffix}_1` }
const newPassword = `new_${suffix}_2`

/** The status of `GET /api/auth/me` with a context's cookies. */
const meStatus = async (context) => (await context.request.get(`${BASE_URL}/api/auth/me`, { maxRetries: 2 })).status()

async function main() {
  await preflight()
  const browser = await launchBrowser()
  const phone = await openSession(browser, suite, null, PHONE)
  const { page } = phone
  try {
    await step(page, `register ${user.username}`, async () => {
      const answer = await phone.context.request.post(`${BASE_URL}/api/auth/register`, { maxRetries: 2, data: user, headers: { Origin: BASE_URL } })
      if (answer.status() !== 201) throw new Error(`register answered ${answer.status()}: ${await answer.text()}`)
    })
    const other = await openSession(browser, suite, { username: user.username, password: user.password })

    await step(page, 'the profile shows the security card at 360 px', async () => {
      await visit(page, '/profile', 'security-card')
      await byTestId(page, 'security-card').scrollIntoViewIfNeeded()
      const width = await page.evaluate(() => globalThis.document.documentElement.scrollWidth)
      if (width > PHONE.width) throw new Error(`the page is ${width} px wide at ${PHONE.width} px`)
      await shot(page, 'security-card-phone')
    })

    await step(page, 'a wrong current password is refused under its field', async () => {
      await page.fill('#pw-current', 'not-my-password')
      await page.fill('#pw-new', newPassword)
      await page.fill('#pw-confirm', newPassword)
      await expectingConsole(/status of 4\d\d.*\/password/, async () => {
        await byTestId(page, 'password-save').click()
        await byTestId(page, 'pw-current-error').waitFor()
        await expectToast(page, 'Неверный текущий пароль', 'destructive')
      })
    })

    await step(page, 'changing the password keeps this device and logs the other out', async () => {
      await page.fill('#pw-current', user.password)
      await byTestId(page, 'password-save').click()
      await expectToast(page, 'Пароль изменён')
      await shot(page, 'password-changed')
      await expectValue('this device', () => meStatus(phone.context), 200)
      await expectValue('the other device', () => meStatus(other.context), 401)
      await visit(page, '/profile', 'security-card')
    })

    await step(page, 'log out everywhere, after its confirmation', async () => {
      await byTestId(page, 'logout-everywhere').click()
      await byTestId(page, 'confirm-dialog').waitFor()
      await shot(page, 'logout-everywhere-confirm')
      // Logging out everywhere closes this browser's socket from the server while the page may
      // still be closing it itself: Chromium then reports the late close (a race, not a failure).
      await expectingConsole(/WebSocket is already in CLOSING or CLOSED state/, async () => {
        await confirm(page)
        await expectToast(page, 'Вы вышли на всех устройствах')
      })
      await byTestId(page, 'login-button').waitFor()
      await expectValue('this device after logging out everywhere', () => meStatus(phone.context), 401)
    })

    await step(page, 'the old password is refused and the new one logs in', async () => {
      const old = await phone.context.request.post(`${BASE_URL}/api/auth/login`, {
        maxRetries: 2,
        data: { username: user.username, password: user.password },
        headers: { Origin: BASE_URL },
      })
      if (old.status() !== 401) throw new Error(`the old password answered ${old.status()}`)
      await byTestId(page, 'login-button').click()
      await byTestId(page, 'login-dialog').waitFor()
      await page.fill('#login-username', user.username)
      await page.fill('#login-password', newPassword)
      await byTestId(page, 'login-submit').click()
      await byTestId(page, 'login-dialog').waitFor({ state: 'detached' })
      await visit(page, '/profile', 'security-card')
      await expectValue('logged in again', () => meStatus(phone.context), 200)
    })
    await other.context.close()
  } finally {
    await browser.close()
  }
}

suite.run(main)
