// @vitest-environment jsdom
//! The support page offers only channels that exist, as links that open them, and promises no
//! round-the-clock support its working hours contradict (issue 11).
import { afterEach, describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en.json'
import ka from '../../i18n/locales/ka.json'
import ky from '../../i18n/locales/ky.json'
import ru from '../../i18n/locales/ru.json'
import { render, unmountAll } from '../../test/render'
import { SupportPage } from './support-page'

describe('support page', () => {
  afterEach(unmountAll)

  it('links the e-mail address and the Telegram account', () => {
    const page = render(<SupportPage />)
    expect(page.querySelector('a[href="mailto:support@tyiyn.kg"]')?.textContent).toBe('support@tyiyn.kg')
    expect(page.querySelector('a[href="https://t.me/tyiyn_support"]')?.textContent).toBe('@tyiyn_support')
  })

  it('offers only channels that open: no chat button, which the site does not have', () => {
    const page = render(<SupportPage />)
    const channels = [...page.querySelectorAll('.channel-card')]
    expect(channels).toHaveLength(2)
    for (const channel of channels) expect(channel.querySelector('a[href]')).not.toBeNull()
    expect(page.textContent).not.toMatch(/(^|[^а-яё])чат/i)
  })

  it.each(Object.entries({ ru, en, ka, ky }))('promises no 24/7 support in %s', (_, messages) => {
    expect(JSON.stringify(messages)).not.toContain('24/7')
  })
})
