// The watchlist on a 360 px phone, in Russian (issue 24), a part of run.mjs: as the seeded `demo`
// user, star the first upcoming lot on the home page, find it in the profile's "Избранное" with its
// status, put its star out there, and see it gone from the list and unlit on its card again.
import { BASE_URL, DEMO, PHONE, byTestId, expectText, expectToast, expectValue, getJson, session, visit } from './harness.mjs'

/** The star of the first upcoming card on the home page, and that lot's id and title. */
async function firstUpcomingStar(page) {
  const card = byTestId(page, 'upcoming-section').locator('[data-testid="upcoming-auction-card"]').first()
  const star = card.locator('[data-testid^="watch-star-"]')
  await star.waitFor()
  const id = Number((await star.getAttribute('data-testid')).replace('watch-star-', ''))
  const title = (await card.locator('.auction-card-title').innerText()).trim()
  return { star, id, title }
}

/** Whether the server lists auction `id` among demo's watched ones. */
async function watchedOnServer(page, id) {
  return (await getJson(page, '/api/me/watchlist?limit=100')).ids.includes(id)
}

export async function watchlistFlow(browser, suite) {
  const { step, shot, fitsPhone } = suite
  const { context, page } = await session(browser, suite, DEMO, PHONE)
  const lot = {}
  try {
    await step(page, 'star the first upcoming lot on its card (360 px)', async () => {
      await visit(page, '/', 'home-page')
      Object.assign(lot, await firstUpcomingStar(page))
      await lot.star.scrollIntoViewIfNeeded()
      await expectValue('the star before', () => lot.star.getAttribute('aria-pressed'), 'false')
      await lot.star.click()
      await expectToast(page, 'Добавлено в избранное')
      await expectValue('the star after', () => lot.star.getAttribute('aria-pressed'), 'true')
      await expectValue('watched on the server', () => watchedOnServer(page, lot.id), true)
      await fitsPhone(page, 'watch-star-card-phone', PHONE)
    })

    await step(page, `the profile's "Избранное" lists "${lot.title}" as upcoming`, async () => {
      await visit(page, '/profile#watchlist', 'watchlist-card')
      const card = byTestId(page, 'watchlist-card')
      await expectText(card.locator('.card-title'), 'Избранное')
      const row = card.locator('[data-testid="watched-auction"]').filter({ has: page.locator(`[data-testid="watch-star-${lot.id}"]`) })
      await expectText(row, lot.title)
      await expectText(row.locator('[data-testid="watched-status"]'), 'Скоро')
      await fitsPhone(page, 'profile-watchlist-phone', PHONE)
    })

    await step(page, 'unstar it on the profile: it leaves the list, and its card star is out', async () => {
      const card = byTestId(page, 'watchlist-card')
      const star = card.locator(`[data-testid="watch-star-${lot.id}"]`)
      await star.scrollIntoViewIfNeeded()
      await star.click()
      await expectToast(page, 'Убрано из избранного')
      await expectValue('rows of the lot', () => star.count(), 0)
      await expectValue('watched on the server', () => watchedOnServer(page, lot.id), false)
      await page.goto(`${BASE_URL}/`, { waitUntil: 'domcontentloaded' })
      const again = byTestId(page, 'upcoming-section').locator(`[data-testid="watch-star-${lot.id}"]`)
      await expectValue('the card star', () => again.getAttribute('aria-pressed'), 'false')
      await shot(page, 'watch-star-out-phone')
    })
  } finally {
    await context.close()
  }
}
