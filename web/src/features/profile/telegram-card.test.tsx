// @vitest-environment jsdom
//! The profile's Telegram card (issue 24): nothing without a bot; "Link Telegram" opens the link
//! and shows it for phones; a linked chat shows since when, with "Unlink".
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TelegramStatus } from '../../lib/api-types'
import { render, unmountAll } from '../../test/render'
import { LINK_LIFETIME_MS, TelegramCard } from './telegram-card'

const LINK = 'https://t.me/tyiyn_bot?start=0123456789abcdef0123456789abcdef0123456789abcdef'

/** Answers the card's requests: `status` for `GET /api/me/telegram`, a link for the `POST`. */
function serve(status: TelegramStatus) {
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname
    const body = path === '/api/me/telegram/link' ? { url: LINK } : status
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

/** Lets the stubbed answers arrive and React render them. */
async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)

describe('the Telegram card', () => {
  afterEach(() => {
    unmountAll()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('says nothing when the site has no bot', async () => {
    serve({ enabled: false, linked: false })
    render(<TelegramCard />)
    await settle()
    expect(byTestId('telegram-card')).toBeNull()
  })

  it('opens a fresh link and shows it for phones', async () => {
    const fetch = serve({ enabled: true, linked: false })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    render(<TelegramCard />)
    await settle()
    expect(byTestId('telegram-card')?.textContent).toContain('Привязать Telegram')

    act(() => byTestId('telegram-link')?.click())
    await settle()

    expect(fetch.mock.calls.some(([request]) => request.method === 'POST')).toBe(true)
    expect(open).toHaveBeenCalledWith(LINK, '_blank', 'noopener,noreferrer')
    expect(byTestId('telegram-url')?.getAttribute('href')).toBe(LINK)
    expect(byTestId('telegram-waiting')?.textContent).toContain('Ждём подтверждения из Telegram')
  })

  it('stops waiting when the link has expired', async () => {
    serve({ enabled: true, linked: false })
    vi.spyOn(window, 'open').mockReturnValue(null)
    render(<TelegramCard />)
    await settle()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    act(() => byTestId('telegram-link')?.click())
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(byTestId('telegram-waiting')).not.toBeNull()

    await act(() => vi.advanceTimersByTimeAsync(LINK_LIFETIME_MS))

    expect(byTestId('telegram-waiting')).toBeNull()
    expect(byTestId('telegram-expired')?.textContent).toBe('Ссылка устарела. Нажмите «Привязать Telegram» ещё раз.')
  })

  it('shows since when a chat is linked, with Unlink', async () => {
    serve({ enabled: true, linked: true, linkedAt: '2026-11-24T09:30:00Z' })
    render(<TelegramCard />)
    await settle()
    expect(byTestId('telegram-linked')?.textContent).toMatch(/^Привязан с 24\.11\.2026/)
    expect(byTestId('telegram-unlink')?.textContent).toBe('Отвязать')
    expect(byTestId('telegram-link')).toBeNull()
  })
})
