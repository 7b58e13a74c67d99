// @vitest-environment jsdom
//! The profile's push card (issue 43): nothing on a site without push; why not on a browser
//! without it (an iPhone: the Home Screen); "turn on" asks, subscribes and adds the device, and the
//! notices card's push column turns on; a refusal in the browser says how to allow it; the
//! server's refusal shows in its words; "turn off" and "remove" (confirmed) take the device off;
//! a subscription made with an old key is renewed silently when the card opens.
import { getDefaultStore } from 'jotai'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NoticeSettings, PushDevice } from '../../lib/api-types'
import { base64UrlToBytes } from '../../lib/push-device'
import { installFakePush, removeFakePush } from '../../lib/push-fakes'
import { toastsAtom } from '../../lib/toast'
import { render, unmountAll } from '../../test/render'
import { NoticesCard } from './notices-card'
import { PushDevicesCard } from './push-devices-card'

const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const PHONE: PushDevice = { endpoint: 'https://fcm.googleapis.com/fcm/send/phone', device: 'Chrome, Android', addedAt: '2026-11-20T08:00:00Z' }
const LAPTOP: PushDevice = { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/laptop', device: 'Firefox, Windows', addedAt: '2026-11-24T09:30:00Z' }
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

interface Call {
  method: string
  path: string
  body: unknown
}

/** The notice settings as the server gives them: push reaches the user once they have a device. */
function notices(devices: PushDevice[]): NoticeSettings {
  const off = { available: false, reachable: false }
  return {
    language: null,
    channels: { email: off, telegram: off, sms: off, push: { available: true, reachable: devices.length > 0 } },
    kinds: (['outbid', 'paymentReceived'] as const).map((kind) => ({ kind, email: false, telegram: false, sms: null, push: kind === 'outbid' })),
    quietHours: null,
  }
}

interface ServeOptions {
  /** The VAPID key (`null`: the site sends no push). */
  key?: string | null
  devices?: PushDevice[]
  /** The answer to a `POST`, instead of adding the device. */
  refusal?: { status: number; body: unknown }
}

/** A server with the push routes and the notice settings, keeping the devices; records each call. */
function serve({ key = SERVER_KEY, devices = [], refusal }: ServeOptions = {}) {
  const server = { devices: [...devices], calls: [] as Call[] }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname
      const text = await request.text()
      const body = text ? (JSON.parse(text) as { endpoint: string }) : null
      server.calls.push({ method: request.method, path, body })
      if (path === '/api/push/vapid-key') return key ? json(200, { publicKey: key }) : json(404, { error: 'Push выключен', code: 'push_off' })
      if (path === '/api/me/notices') return json(200, notices(server.devices))
      if (request.method === 'GET') return json(200, { items: server.devices })
      if (request.method === 'POST' && refusal) return json(refusal.status, refusal.body)
      server.devices = server.devices.filter((device) => device.endpoint !== body?.endpoint)
      if (request.method === 'DELETE') return new Response(null, { status: 204 })
      const added = { endpoint: body?.endpoint ?? '', device: 'Chrome, Linux', addedAt: '2026-11-25T10:00:00Z' }
      server.devices.unshift(added)
      return json(201, added)
    }),
  )
  return server
}

/** Lets the stubbed answers arrive and React render them. */
async function settle() {
  for (let turn = 0; turn < 10; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const click = (id: string) => act(() => byTestId(id)?.click())
const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="push-device"]')]
const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET').map(({ method, body }) => [method, (body as { endpoint: string }).endpoint])
const lastToast = () => getDefaultStore().get(toastsAtom)[0]

afterEach(() => {
  unmountAll()
  removeFakePush()
  delete (navigator as { userAgent?: string }).userAgent
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the push card', () => {
  it('says nothing when the site sends no push', async () => {
    installFakePush()
    serve({ key: null })
    render(<PushDevicesCard />)
    await settle()
    expect(byTestId('push-card')).toBeNull()
  })

  it('lists the devices in a browser without push, and says so', async () => {
    serve({ devices: [LAPTOP, PHONE] })
    render(<PushDevicesCard />)
    await settle()

    expect(byTestId('push-unsupported')?.textContent).toContain('Этот браузер не получает пуш-уведомления')
    expect(byTestId('push-turn-on')).toBeNull()
    expect(rows().map((row) => row.querySelector('strong')?.textContent)).toEqual(['Firefox, Windows', 'Chrome, Android'])
    expect(rows()[0].textContent).toMatch(/Добавлено 24\.11\.2026/)
    expect(byTestId('push-device-here')).toBeNull()
    expect(byTestId('push-device-remove')?.getAttribute('aria-label')).toBe('Удалить устройство Firefox, Windows')
  })

  it('sends an iPhone outside the Home Screen app to the how-to', async () => {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: IPHONE })
    serve()
    render(<PushDevicesCard />)
    await settle()

    expect(byTestId('push-ios')?.textContent).toContain('экран «Домой» (версия системы 16.4 и новее)')
    expect(byTestId('push-ios')?.textContent).toContain('«Установить приложение»')
    expect(byTestId('push-devices-empty')).not.toBeNull()
  })

  it('turns push on here: asks, subscribes with the server key, adds the device; the notices follow', async () => {
    const push = installFakePush()
    const server = serve()
    render(
      <>
        <PushDevicesCard />
        <NoticesCard />
      </>,
    )
    await settle()
    expect(byTestId('notice-outbid-push')?.hasAttribute('disabled')).toBe(true)
    expect(byTestId('push-on')).toBeNull()

    click('push-turn-on')
    await settle()

    expect(push.prompts).toBe(1)
    expect([...push.subscribes[0]]).toEqual([...base64UrlToBytes(SERVER_KEY)])
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual(push.subscription?.toJSON())
    expect(byTestId('push-on')?.textContent).toContain('Включены на этом устройстве')
    expect(rows()).toHaveLength(1)
    expect(byTestId('push-device-here')?.textContent).toBe('это устройство')
    expect(lastToast()).toMatchObject({ title: 'Уведомления на этом устройстве включены' })
    expect(byTestId('notice-outbid-push')?.hasAttribute('disabled')).toBe(false)
  })

  it('says how to allow notices when the browser refuses them', async () => {
    installFakePush({ answer: 'denied' })
    const server = serve()
    render(<PushDevicesCard />)
    await settle()

    click('push-turn-on')
    await settle()

    expect(byTestId('push-turn-on')).toBeNull()
    expect(byTestId('push-denied')?.textContent).toContain('Браузер запретил уведомления от этого сайта.')
    expect(byTestId('push-denied')?.textContent).toContain('«Настройки сайта»')
    expect(writes(server.calls)).toEqual([])
  })

  it("shows the server's refusal in its words, and stays off", async () => {
    installFakePush()
    serve({ refusal: { status: 409, body: { error: 'У вас уже 10 устройств: удалите одно из них', code: 'push_devices_full' } } })
    render(<PushDevicesCard />)
    await settle()

    click('push-turn-on')
    await settle()

    expect(lastToast()).toMatchObject({
      title: 'Не удалось включить уведомления',
      description: 'У вас уже 10 устройств: удалите одно из них',
      variant: 'destructive',
    })
    expect(byTestId('push-turn-on')).not.toBeNull()
  })

  it('turns push off here: the device leaves the account and the browser unsubscribes', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: PHONE.endpoint, key: base64UrlToBytes(SERVER_KEY) } })
    const server = serve({ devices: [PHONE] })
    render(<PushDevicesCard />)
    await settle()
    expect(byTestId('push-on')).not.toBeNull()
    const subscription = push.subscription

    click('push-turn-off')
    await settle()

    expect(writes(server.calls)).toEqual([['DELETE', PHONE.endpoint]])
    expect(subscription?.unsubscribed).toBe(true)
    expect(byTestId('push-turn-on')).not.toBeNull()
    expect(byTestId('push-devices-empty')).not.toBeNull()
  })

  it('removes another device after a confirmation, leaving this one on', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: PHONE.endpoint, key: base64UrlToBytes(SERVER_KEY) } })
    const server = serve({ devices: [LAPTOP, PHONE] })
    render(<PushDevicesCard />)
    await settle()

    click('push-device-remove')
    await settle()
    expect(byTestId('confirm-dialog')?.textContent).toContain('На «Firefox, Windows» перестанут приходить уведомления.')
    click('confirm-ok')
    await settle()

    expect(writes(server.calls)).toEqual([['DELETE', LAPTOP.endpoint]])
    expect(rows().map((row) => row.querySelector('strong')?.textContent)).toEqual(['Chrome, Android'])
    expect(push.subscription?.unsubscribed).toBe(false)
    expect(byTestId('push-on')).not.toBeNull()
  })

  it('removing this device from the list also unsubscribes here', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: PHONE.endpoint, key: base64UrlToBytes(SERVER_KEY) } })
    const server = serve({ devices: [PHONE] })
    render(<PushDevicesCard />)
    await settle()
    const subscription = push.subscription

    click('push-device-remove')
    await settle()
    click('confirm-ok')
    await settle()

    expect(writes(server.calls)).toEqual([['DELETE', PHONE.endpoint]])
    expect(subscription?.unsubscribed).toBe(true)
    expect(byTestId('push-turn-on')).not.toBeNull()
    expect(lastToast()).toMatchObject({ title: 'Устройство удалено' })
  })

  it('renews a subscription made with an old key when it opens, without asking', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: PHONE.endpoint } })
    const server = serve({ devices: [PHONE] })
    render(<PushDevicesCard />)
    await settle()

    expect(push.prompts).toBe(0)
    expect(writes(server.calls)).toEqual([
      ['DELETE', PHONE.endpoint],
      ['POST', 'https://push.example.net/send/new-1'],
    ])
    expect(byTestId('push-on')).not.toBeNull()
    expect(rows()).toHaveLength(1)
    expect(byTestId('push-device-here')).not.toBeNull()
  })
})
