// @vitest-environment jsdom
//! The profile's notice settings card (issues 24 and 43): a row per kind with a box per channel the
//! site has (push among them), SMS only where it is offered; a channel the user cannot be reached on
//! is disabled with what to do; a box saves that one kind and channel at once; a refused save goes
//! back and says why.
import { getDefaultStore } from 'jotai'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NoticeChange, NoticeSettings } from '../../lib/api-types'
import { toastsAtom } from '../../lib/toast'
import { render, unmountAll } from '../../test/render'
import { NoticesCard, applyChange } from './notices-card'
import { TelegramCard } from './telegram-card'

/** The kinds the server sends as a push once a device is added. */
const PUSHED: readonly string[] = ['auctionWon', 'claimPassed', 'outbid', 'auctionStarting']

const KINDS = ['auctionStarted', 'auctionStarting', 'outbid', 'auctionWon', 'reservationExpiring', 'buyNowExpiring', 'claimPassed', 'paymentReceived', 'bidsCredited', 'itemShipped', 'itemDelivered'] as const

/** The settings of a user with an e-mail and no linked chat, confirmed phone or push device, on a
 * site that sends e-mail, Telegram, SMS and push (push on by default for a win, an item passed on,
 * an outbid and a watched start). */
function settings(change: Partial<NoticeSettings> = {}): NoticeSettings {
  return {
    language: null,
    channels: {
      email: { available: true, reachable: true },
      telegram: { available: true, reachable: false },
      sms: { available: true, reachable: false },
      push: { available: true, reachable: false },
    },
    kinds: KINDS.map((kind) => ({
      kind,
      email: true,
      telegram: true,
      sms: kind === 'auctionWon' || kind === 'claimPassed' ? true : null,
      push: PUSHED.includes(kind),
    })),
    quietHours: { from: '22:00', until: '08:00' },
    ...change,
  }
}

/** Answers `GET /api/me/notices` with `current`, and a `PUT` with `current` changed (or `refusal`);
 * returns the bodies of the `PUT`s. */
function serve(current: NoticeSettings, refusal?: { status: number; body: unknown }) {
  const puts: NoticeChange[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      let status = 200
      let body: unknown = current
      if (request.method === 'PUT') {
        const change = (await request.json()) as NoticeChange
        puts.push(change)
        if (refusal) ({ status, body } = refusal)
        else body = current = applyChange(current, change)
      }
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return puts
}

/** Lets the stubbed answers arrive and React render them. */
async function settle() {
  for (let turn = 0; turn < 8; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const box = (kind: string, channel: string) => byTestId(`notice-${kind}-${channel}`) as HTMLInputElement | null
const rowOf = (kind: string) => byTestId(`notices-${kind}`)
const headers = () => [...document.querySelectorAll('[data-testid="notices-table"] thead th')].map((th) => th.textContent)

describe('the notices card', () => {
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('lists every kind by its short name, with the bell always on and SMS only where offered', async () => {
    serve(settings())
    render(<NoticesCard />)
    await settle()

    expect(headers()).toEqual(['Уведомление', 'На сайте', 'Email', 'Telegram', 'SMS', 'На устройствах'])
    expect(document.querySelectorAll('[data-testid="notices-table"] tbody tr')).toHaveLength(11)
    expect(rowOf('outbid')?.querySelector('th')?.textContent).toBe('Вас перебили')
    const site = rowOf('outbid')?.querySelector<HTMLInputElement>('input[aria-label="На сайте: Вас перебили"]')
    expect(site?.checked).toBe(true)
    expect(site?.disabled).toBe(true)
    expect(box('outbid', 'email')?.getAttribute('aria-label')).toBe('Email: Вас перебили')
    expect(box('outbid', 'sms')).toBeNull()
    expect(rowOf('outbid')?.querySelectorAll('input')).toHaveLength(4)
    expect(box('outbid', 'push')?.getAttribute('aria-label')).toBe('На устройствах: Вас перебили')
    expect(box('outbid', 'push')?.checked).toBe(true)
    expect(box('paymentReceived', 'push')?.checked).toBe(false)
    expect(box('auctionWon', 'sms')?.getAttribute('aria-label')).toBe('SMS: Выигрыш')
    expect(byTestId('notices-quiet')?.textContent).toBe(
      'С 22:00 до 08:00 (по Бишкеку) Telegram, SMS и пуш-уведомления приходят утром — кроме выигрыша и перешедшего к вам товара.',
    )
  })

  it('disables a channel the user cannot be reached on, and says what to do', async () => {
    serve(settings())
    render(<NoticesCard />)
    await settle()

    expect(box('outbid', 'email')?.disabled).toBe(false)
    expect(box('outbid', 'telegram')?.disabled).toBe(true)
    expect(box('auctionWon', 'sms')?.disabled).toBe(true)
    expect(byTestId('notices-hint-email')).toBeNull()
    expect(byTestId('notices-hint-telegram')?.textContent).toBe('Привяжите Telegram выше')
    expect(box('outbid', 'telegram')?.getAttribute('aria-describedby')).toBe('notices-hint-telegram')
    const confirm = byTestId('notices-hint-sms')?.querySelector('a')
    expect(confirm?.textContent).toBe('Подтвердите телефон, чтобы получать SMS')
    expect(confirm?.getAttribute('href')).toBe('/verify-phone')
    expect(box('auctionWon', 'push')?.disabled).toBe(true)
    expect(box('auctionWon', 'push')?.getAttribute('aria-describedby')).toBe('notices-hint-push')
    expect(byTestId('notices-hint-push')?.textContent).toBe('Включите уведомления на этом устройстве выше')
  })

  it('leaves out a channel the site does not send through', async () => {
    const off = settings()
    serve({ ...off, channels: { ...off.channels, email: { available: false, reachable: true }, push: { available: false, reachable: false } } })
    render(<NoticesCard />)
    await settle()

    expect(headers()).toEqual(['Уведомление', 'На сайте', 'Telegram', 'SMS'])
    expect(box('outbid', 'email')).toBeNull()
    expect(box('outbid', 'push')).toBeNull()
    expect(byTestId('notices-hint-push')).toBeNull()
  })

  it('saves a box at once: that kind and channel only, then shows the answer', async () => {
    const reachable = settings()
    const puts = serve({ ...reachable, channels: { ...reachable.channels, telegram: { available: true, reachable: true } } })
    render(<NoticesCard />)
    await settle()
    expect(box('paymentReceived', 'telegram')?.checked).toBe(true)

    act(() => box('paymentReceived', 'telegram')?.click())
    await settle()

    expect(puts).toEqual([{ kinds: [{ kind: 'paymentReceived', telegram: false }] }])
    expect(box('paymentReceived', 'telegram')?.checked).toBe(false)
    expect(box('paymentReceived', 'email')?.checked).toBe(true)
    expect(box('bidsCredited', 'telegram')?.checked).toBe(true)
  })

  it('saves a push box once a device is added: that kind, push only', async () => {
    const reachable = settings()
    const puts = serve({ ...reachable, channels: { ...reachable.channels, push: { available: true, reachable: true } } })
    render(<NoticesCard />)
    await settle()
    expect(box('outbid', 'push')?.disabled).toBe(false)
    expect(byTestId('notices-hint-push')).toBeNull()

    act(() => box('outbid', 'push')?.click())
    act(() => box('itemShipped', 'push')?.click())
    await settle()

    expect(puts).toEqual([{ kinds: [{ kind: 'outbid', push: false }] }, { kinds: [{ kind: 'itemShipped', push: true }] }])
    expect(box('outbid', 'push')?.checked).toBe(false)
    expect(box('itemShipped', 'push')?.checked).toBe(true)
    expect(box('outbid', 'email')?.checked).toBe(true)
  })

  it('keeps two quick ticks: the saves go one after the other', async () => {
    const puts = serve(settings())
    render(<NoticesCard />)
    await settle()

    act(() => box('outbid', 'email')?.click())
    act(() => box('itemShipped', 'email')?.click())
    await settle()

    expect(puts).toEqual([{ kinds: [{ kind: 'outbid', email: false }] }, { kinds: [{ kind: 'itemShipped', email: false }] }])
    expect(box('outbid', 'email')?.checked).toBe(false)
    expect(box('itemShipped', 'email')?.checked).toBe(false)
  })

  it('puts a refused box back and shows the reason', async () => {
    const refusal = { status: 400, body: { error: 'SMS для этого уведомления не отправляются', code: 'sms_not_offered' } }
    const puts = serve(settings(), refusal)
    render(<NoticesCard />)
    await settle()

    act(() => box('outbid', 'email')?.click())
    await settle()

    expect(puts).toHaveLength(1)
    expect(box('outbid', 'email')?.checked).toBe(true)
    expect(getDefaultStore().get(toastsAtom)[0]).toMatchObject({
      title: 'Не удалось сохранить настройки уведомлений',
      description: 'SMS для этого уведомления не отправляются',
      variant: 'destructive',
    })
  })

  it('shows the language of messages, "as on the site" until one is chosen', async () => {
    serve(settings())
    render(<NoticesCard />)
    await settle()
    expect(byTestId('notices-language')?.textContent).toBe('Как на сайте')

    unmountAll()
    serve(settings({ language: 'ky' }))
    render(<NoticesCard />)
    await settle()
    expect(byTestId('notices-language')?.textContent).toBe('Кыргызча')
    expect(byTestId('notices-language')?.querySelector('[lang="ky"]')).not.toBeNull()
  })
})

describe('the notices card beside the Telegram card', () => {
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
  })

  it('asks again when the chat is unlinked there: Telegram\'s boxes turn off', async () => {
    let linked = true
    let reads = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname
        if (request.method === 'DELETE') linked = false
        if (path === '/api/me/notices') reads += 1
        const channels = { ...settings().channels, telegram: { available: true, reachable: linked } }
        const body = path === '/api/me/notices' ? settings({ channels }) : { enabled: true, linked, linkedAt: linked ? '2026-11-24T09:30:00Z' : null }
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
      }),
    )
    render(
      <>
        <TelegramCard />
        <NoticesCard />
      </>,
    )
    await settle()
    expect(box('outbid', 'telegram')?.disabled).toBe(false)

    act(() => byTestId('telegram-unlink')?.click())
    await settle()
    act(() => byTestId('confirm-ok')?.click())
    await settle()

    expect(byTestId('telegram-link')).not.toBeNull()
    expect(reads).toBe(2)
    expect(box('outbid', 'telegram')?.disabled).toBe(true)
    expect(byTestId('notices-hint-telegram')).not.toBeNull()
  })
})

describe('a change applied to the settings', () => {
  it('changes only what it names, and never offers SMS where it is not', () => {
    const before = settings()
    const after = applyChange(before, { language: 'en', kinds: [{ kind: 'outbid', telegram: false, sms: true }] })
    expect(after.language).toBe('en')
    expect(after.kinds.find((k) => k.kind === 'outbid')).toEqual({ kind: 'outbid', email: true, telegram: false, sms: null, push: true })
    expect(after.kinds.filter((k) => k.kind !== 'outbid')).toEqual(before.kinds.filter((k) => k.kind !== 'outbid'))
    expect(applyChange(before, {}).language).toBeNull()
    const pushed = applyChange(before, { kinds: [{ kind: 'itemShipped', push: true }] })
    expect(pushed.kinds.find((k) => k.kind === 'itemShipped')).toMatchObject({ push: true, email: true, telegram: true })
  })
})
