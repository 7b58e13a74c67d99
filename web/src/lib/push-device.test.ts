// @vitest-environment jsdom
//! This browser as a push device (issue 43): what it supports, the key's bytes, turning push on
//! (permission, worker, subscription, the account's device) and off, key rotation, and the
//! logout's clean-up, against stand-ins for the browser's objects (push-fakes.ts) and the server.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import { OLD_KEY, installFakePush, removeFakePush } from './push-fakes'
import {
  PushDeviceError,
  base64UrlToBytes,
  forgetThisDevice,
  madeWithKey,
  pushSupport,
  readThisDevice,
  renewIfKeyChanged,
  subscriptionBody,
  thisDeviceState,
  turnOffThisDevice,
  turnOnThisDevice,
} from './push-device'

/** The server's key in the contract's example, and its first and last bytes. */
const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const OWN = 'https://push.example.net/send/own'

interface Call {
  method: string
  path: string
  body: unknown
}

/** Answers the push routes (`refusal` for the `POST`, when given) and records every call. */
function serve(refusal?: { status: number; body: unknown }) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const text = await request.text()
      calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null })
      if (request.method === 'DELETE') return new Response(null, { status: 204 })
      const status = refusal?.status ?? 201
      const body = refusal?.body ?? { endpoint: JSON.parse(text).endpoint, device: 'Chrome, Linux', addedAt: '2026-11-24T09:30:00Z' }
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return calls
}

/** Makes `navigator` say `userAgent` and `maxTouchPoints` (until `forget`). */
function pretend(userAgent: string, maxTouchPoints = 5) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent })
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, value: maxTouchPoints })
}

function forget() {
  const own = navigator as { userAgent?: string; maxTouchPoints?: number }
  delete own.userAgent
  delete own.maxTouchPoints
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

afterEach(() => {
  forget()
  removeFakePush()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('what this browser supports', () => {
  it('has push with a service worker, PushManager and Notification', () => {
    installFakePush()
    expect(pushSupport()).toBe('supported')
  })

  it('says an iPhone outside the Home Screen app needs it, and anything else lacks it', () => {
    pretend(IPHONE)
    expect(pushSupport()).toBe('ios')
    pretend('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 5)
    expect(pushSupport()).toBe('ios')
    pretend('Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/60.0', 0)
    expect(pushSupport()).toBe('unsupported')
  })
})

describe('the key', () => {
  it('turns base64url into the bytes of the P-256 point, padded or not', () => {
    const bytes = base64UrlToBytes(SERVER_KEY)
    expect(bytes).toHaveLength(65)
    expect(bytes[0]).toBe(0x04)
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff])
    expect([...base64UrlToBytes('-_8=')]).toEqual([0xfb, 0xff])
  })

  it('compares the key a subscription was made with, byte for byte', () => {
    const push = installFakePush({ subscribed: { endpoint: OWN, key: base64UrlToBytes(SERVER_KEY) } })
    const subscription = push.subscription as unknown as PushSubscription
    expect(madeWithKey(subscription, base64UrlToBytes(SERVER_KEY))).toBe(true)
    expect(madeWithKey(subscription, OLD_KEY)).toBe(false)
    expect(madeWithKey(subscription, base64UrlToBytes(SERVER_KEY).slice(1))).toBe(false)
    const silent = { options: { applicationServerKey: null } } as unknown as PushSubscription
    expect(madeWithKey(silent, OLD_KEY)).toBe(true)
  })

  it('sends the subscription as the server takes it, and refuses one without keys', () => {
    const push = installFakePush({ subscribed: { endpoint: OWN } })
    expect(subscriptionBody(push.subscription as unknown as PushSubscription)).toEqual({
      endpoint: OWN,
      expirationTime: null,
      keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'AuthSecret' },
    })
    const bare = { toJSON: () => ({ endpoint: OWN, keys: {} }) } as unknown as PushSubscription
    expect(() => subscriptionBody(bare)).toThrow(PushDeviceError)
  })
})

describe('turning push on here', () => {
  it('asks, subscribes with the server key and adds the device', async () => {
    const push = installFakePush()
    const calls = serve()

    const device = await turnOnThisDevice(SERVER_KEY)

    expect(push.prompts).toBe(1)
    expect([...push.subscribes[0]]).toEqual([...base64UrlToBytes(SERVER_KEY)])
    expect(calls).toEqual([{ method: 'POST', path: '/api/me/push-subscriptions', body: push.subscription?.toJSON() }])
    expect(device.endpoint).toBe(push.subscription?.endpoint)
  })

  it('replaces a subscription made with another key', async () => {
    const push = installFakePush({ subscribed: { endpoint: OWN } })
    serve()
    await turnOnThisDevice(SERVER_KEY)
    expect(push.subscription?.endpoint).not.toBe(OWN)
    expect(madeWithKey(push.subscription as unknown as PushSubscription, base64UrlToBytes(SERVER_KEY))).toBe(true)
  })

  it('stops when the browser refuses or the prompt is dismissed, and asks the server nothing', async () => {
    installFakePush({ answer: 'denied' })
    const calls = serve()
    await expect(turnOnThisDevice(SERVER_KEY)).rejects.toMatchObject({ code: 'denied' })
    removeFakePush()
    installFakePush({ answer: 'default' })
    await expect(turnOnThisDevice(SERVER_KEY)).rejects.toMatchObject({ code: 'dismissed' })
    expect(calls).toEqual([])
  })

  it('gives up on a service worker that never comes', async () => {
    installFakePush({ worker: false })
    await expect(turnOnThisDevice(SERVER_KEY, 20)).rejects.toMatchObject({ code: 'no_worker' })
  })

  it("passes the server's refusal on, in its words", async () => {
    installFakePush()
    serve({ status: 409, body: { error: 'Уже 10 устройств', code: 'push_devices_full' } })
    const refusal = await turnOnThisDevice(SERVER_KEY).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ status: 409, code: 'push_devices_full', message: 'Уже 10 устройств' })
  })
})

describe('turning push off here', () => {
  it('takes the device off the account, then unsubscribes', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: OWN } })
    const calls = serve()
    const subscription = push.subscription
    await turnOffThisDevice(subscription as unknown as PushSubscription)
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/me/push-subscriptions', body: { endpoint: OWN } }])
    expect(subscription?.unsubscribed).toBe(true)
  })

  it('keeps the subscription when the account still has the device', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: OWN } })
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))))
    await expect(turnOffThisDevice(push.subscription as unknown as PushSubscription)).rejects.toBeInstanceOf(ApiError)
    expect(push.subscription?.unsubscribed).toBe(false)
  })

  it('at logout: removes and unsubscribes, even when the server does not answer', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: OWN } })
    const fetch = vi.fn(async () => Promise.reject(new TypeError('offline')))
    vi.stubGlobal('fetch', fetch)
    await forgetThisDevice()
    expect(fetch).toHaveBeenCalledOnce()
    expect(push.subscription).toBeNull()
  })

  it('at logout: does nothing without a subscription', async () => {
    installFakePush({ permission: 'granted' })
    const calls = serve()
    await forgetThisDevice()
    expect(calls).toEqual([])
  })
})

describe('key rotation', () => {
  it('resubscribes one of the account devices made with an old key, and adds it again', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: OWN } })
    const calls = serve()

    expect(await renewIfKeyChanged(SERVER_KEY, [OWN])).toBe(true)

    expect(push.prompts).toBe(0)
    expect(push.subscription?.endpoint).toBe('https://push.example.net/send/new-1')
    expect(calls.map(({ method, body }) => [method, (body as { endpoint: string }).endpoint])).toEqual([
      ['DELETE', OWN],
      ['POST', 'https://push.example.net/send/new-1'],
    ])
  })

  it('drops a stale subscription that is not the account devices, adding nothing', async () => {
    const push = installFakePush({ permission: 'granted', subscribed: { endpoint: OWN } })
    const calls = serve()
    expect(await renewIfKeyChanged(SERVER_KEY, [])).toBe(true)
    expect(push.subscription).toBeNull()
    expect(calls).toEqual([])
  })

  it('leaves a subscription made with the current key, and never prompts', async () => {
    const current = installFakePush({ permission: 'granted', subscribed: { endpoint: OWN, key: base64UrlToBytes(SERVER_KEY) } })
    const calls = serve()
    expect(await renewIfKeyChanged(SERVER_KEY, [OWN])).toBe(false)
    expect(current.subscription?.endpoint).toBe(OWN)
    removeFakePush()
    const unasked = installFakePush({ permission: 'default', subscribed: { endpoint: OWN } })
    expect(await renewIfKeyChanged(SERVER_KEY, [OWN])).toBe(false)
    expect(unasked.subscription?.endpoint).toBe(OWN)
    expect(calls).toEqual([])
  })
})

describe('what "this device" shows', () => {
  it('is on only when subscribed with an endpoint the account has', async () => {
    installFakePush({ permission: 'granted', subscribed: { endpoint: OWN } })
    const here = await readThisDevice()
    expect(here.subscription?.endpoint).toBe(OWN)
    expect(thisDeviceState(here, [{ endpoint: OWN }])).toBe('on')
    expect(thisDeviceState(here, [{ endpoint: 'https://push.example.net/send/other' }])).toBe('off')
    expect(thisDeviceState({ ...here, subscription: null }, [{ endpoint: OWN }])).toBe('off')
  })

  it('says the browser refused, or why there is no push here', async () => {
    installFakePush({ permission: 'denied' })
    expect(thisDeviceState(await readThisDevice(), [])).toBe('denied')
    removeFakePush()
    pretend(IPHONE)
    expect(await readThisDevice()).toEqual({ support: 'ios', permission: null, subscription: null })
    expect(thisDeviceState(await readThisDevice(), [])).toBe('ios')
  })
})
