// Push to a phone, end to end, against a running server (BASE_URL) started with
// TYIYN_PUSH__ALLOW_LOCAL_ENDPOINTS=true and no quiet hours (.ci/e2e's looking line). The push
// service is `web-push-testing` (npm), written by others: it checks each message's VAPID token
// against the key the browser subscribed with and decrypts it with http_ece, so our RFC 8291 and
// 8292 code meets an implementation it was not written beside. Headless Chromium has no push
// service of its own, so the page's `PushManager.subscribe` is answered by web-push-testing's
// `/subscribe` (the key the page passes goes there as it is); everything else is real: the
// profile's "turn on" button asks the permission, waits for our service worker, posts the
// subscription; a fresh user is outbid on a live lot; the server's outbox encrypts, signs and
// sends the notice; web-push-testing decrypts it; that very payload, delivered to our service
// worker through the DevTools protocol, becomes a notification whose tap opens the auction. Then
// the push service says the device is gone (410) and the next notice removes it from the account.
// Screenshots push-*.png.
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import {
  BASE_URL,
  PHONE,
  byTestId,
  createSuite,
  expectValue,
  getJson,
  launchBrowser,
  preflight,
  session,
  sleep,
  visit,
} from './harness.mjs'

const require = createRequire(import.meta.url)
const PushTestingServer = require('web-push-testing/src/server.js')
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js')

const suite = createSuite('push')
const { shot, step } = suite

/** A free port for the push service. */
async function freePort() {
  const probe = createServer()
  await new Promise((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address()
  await new Promise((done) => probe.close(done))
  return port
}

/** web-push-testing in this process; `call(path, body)` posts to it. */
async function pushService() {
  const port = await freePort()
  const server = new PushTestingServer(new PushApiModel(), port)
  server.startServer()
  const origin = `http://localhost:${port}`
  const call = async (path, body) => {
    const answer = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) })
    const text = await answer.text()
    if (!answer.ok) throw new Error(`push service ${path}: ${answer.status} ${text}`)
    return (answer.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : {}
  }
  await expectValue('the push service answers', () => call('/status').then(() => true, () => false), true)
  return { call, close: () => server._server.close() }
}

/**
 * The page's `PushManager` answered by the push service (through `__e2eSubscribe`), the
 * subscription kept in localStorage so a reload still has it.
 */
function fakePushManager() {
  const { PushManager } = globalThis
  if (!PushManager) return
  const KEY = 'e2e-push-subscription'
  const toB64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  const fromB64 = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=')), (c) => c.charCodeAt(0))
  const made = (stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromB64(stored.key).buffer },
    getKey: (name) => fromB64(stored.keys[name]).buffer,
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY)
      return true
    },
  })
  PushManager.prototype.getSubscription = async function getSubscription() {
    const stored = localStorage.getItem(KEY)
    return stored ? made(JSON.parse(stored)) : null
  }
  PushManager.prototype.subscribe = async function subscribe(options) {
    const key = typeof options.applicationServerKey === 'string' ? options.applicationServerKey : toB64(options.applicationServerKey)
    const sub = await globalThis.__e2eSubscribe(key)
    const stored = { endpoint: sub.endpoint, keys: sub.keys, key, clientHash: sub.clientHash }
    localStorage.setItem(KEY, JSON.stringify(stored))
    return made(stored)
  }
}

/** A new user in `context` (its cookie), with bids to bid. */
async function freshUser(context, name) {
  const username = `${name}${Date.now().toString(36)}`
  const answer = await context.request.post(`${BASE_URL}/api/auth/register`, {
    maxRetries: 2,
    data: { username, email: `${username}@example.kg`, password: 'secret12345' },
    headers: { Origin: BASE_URL },
  })
  if (!answer.ok()) throw new Error(`registering ${username} answered ${answer.status()}: ${await answer.text()}`)
  return username
}

/** Two live lots with the most time left. */
async function twoLiveLots(page) {
  const list = await getJson(page, '/api/auctions')
  const live = [...list.live].sort((a, b) => Date.parse(b.endsAt ?? 0) - Date.parse(a.endsAt ?? 0))
  if (live.length < 2) throw new Error('fewer than two live auctions (start the server with DEMO_DATA=1)')
  return live.slice(0, 2)
}

/** A bid on `lot` with `request`'s session, waiting out the one-second rule when it answers 429. */
async function bid(request, lot) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await request.post(`${BASE_URL}/api/auctions/${lot.id}/bid`, { maxRetries: 2, headers: { Origin: BASE_URL } })
    if (answer.ok()) return
    if (answer.status() !== 429) throw new Error(`a bid on ${lot.id} answered ${answer.status()}: ${await answer.text()}`)
    await sleep(1000 * Number(answer.headers()['retry-after'] ?? 1))
  }
  throw new Error(`a bid on ${lot.id} was too fast five times`)
}

/** `page`'s user is outbid on `lot` by a rival: the page's user bids, then the rival. */
async function outbid(page, rival, lot) {
  await bid(page.request, lot)
  await bid(rival.request, lot)
}

async function main() {
  await preflight('/api/push/vapid-key')
  const service = await pushService()
  const browser = await launchBrowser()
  const { context, page } = await session(browser, suite, null, PHONE)
  const rival = await browser.newContext()
  const device = {}
  try {
    await context.grantPermissions(['notifications'], { origin: BASE_URL })
    await context.exposeFunction('__e2eSubscribe', async (key) => (await service.call('/subscribe', { userVisibleOnly: 'true', applicationServerKey: key })).data)
    await context.addInitScript(fakePushManager)
    await freshUser(context, 'push')
    await freshUser(rival, 'rival')

    await step(page, 'the profile turns notices on for this phone, and lists it (360 px)', async () => {
      await visit(page, '/profile', 'push-card')
      await byTestId(page, 'push-turn-on').click()
      await byTestId(page, 'push-on').waitFor()
      await expectValue('this device on the list', () => byTestId(page, 'push-device-here').count(), 1)
      Object.assign(device, JSON.parse(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))))
      const listed = await getJson(page, '/api/me/push-subscriptions')
      if (listed.items[0]?.endpoint !== device.endpoint) throw new Error(`the account lists ${JSON.stringify(listed)}`)
      await shot(page, 'profile-on-phone')
    })

    const [lot, other] = await twoLiveLots(page)
    await step(page, `an outbid on "${lot.title}" reaches the push service, signed and decrypting`, async () => {
      await outbid(page, rival, lot)
      const arrived = await expectValue(
        'the messages the push service decrypted',
        async () => (await service.call('/get-notifications', { clientHash: device.clientHash })).data.messages,
        (messages) => messages.length >= 1,
      )
      device.payload = JSON.parse(arrived[0])
      const { kind, url, title, lang } = device.payload
      if (kind !== 'outbid' || lang !== 'ru' || !url.startsWith('/auction/') || !title.includes(lot.title)) {
        throw new Error(`the notice read ${arrived[0]}`)
      }
    })

    await step(page, 'that payload, pushed to our service worker, shows a notice that opens the auction', async () => {
      const cdp = await context.newCDPSession(page)
      const registrations = []
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated))
      await cdp.send('ServiceWorker.enable')
      const registration = await expectValue('our worker registration', async () => registrations.find((r) => !r.isDeleted), (r) => Boolean(r))
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId: registration.registrationId, data: JSON.stringify(device.payload) })
      const shown = await expectValue(
        'the notices on screen',
        () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, url: n.data?.url, tag: n.tag }))),
        (notices) => notices.length >= 1,
      )
      // The worker keeps the path as a URL does (a Cyrillic slug percent-encoded).
      const url = decodeURI(shown[0].url ?? '')
      if (shown[0].title !== device.payload.title || url !== device.payload.url || shown[0].tag !== device.payload.tag) {
        throw new Error(`shown ${JSON.stringify(shown)} for ${JSON.stringify(device.payload)}`)
      }
    })

    await step(page, 'a device its push service calls gone (410) leaves the account at the next notice', async () => {
      await service.call(`/expire-subscription/${device.clientHash}`)
      await outbid(page, rival, other)
      await expectValue('devices left on the account', async () => (await getJson(page, '/api/me/push-subscriptions')).items.length, 0)
      await visit(page, '/profile', 'push-card')
      await byTestId(page, 'push-devices-empty').waitFor()
      await shot(page, 'profile-gone-phone')
    })
  } finally {
    await rival.close()
    await context.close()
    await browser.close()
    service.close()
  }
}

suite.run(main)
