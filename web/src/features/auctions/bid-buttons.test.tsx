// @vitest-environment jsdom
//! The bid button sends a live bid over the realtime socket while it is connected and posts it
//! otherwise, and the user sees the same either way: the same toasts, the same balance, the bid in
//! the auction's history at once. A bid whose ack never comes is not posted again. The socket is
//! the app's (`lib/realtime`) with its socket client replaced by a fake; HTTP is a stubbed fetch.
import { Provider } from 'jotai'
import { act } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { BidAnswer, User } from '../../lib/api-types'
import { auctionDetailsAtom, startRealtime, watchAuction } from '../../lib/realtime'
import type { PlaceBidAck } from '../../lib/realtime'
import { currentUserAtom, loadSessionAtom, setBidBalanceAtom } from '../../lib/session'
import { appStore } from '../../lib/store'
import { iso, liveAuction, testUser } from '../../lib/test-fixtures'
import { toastsAtom } from '../../lib/toast'
import { render, unmountAll } from '../../test/render'
import { BidButton } from './bid-buttons'

/** A socket.io client stand-in: records listeners and every `timeout(ms).emitWithAck`, which the
 * test acks or lets time out as socket.io would. */
const fake = vi.hoisted(() => {
  interface Acking {
    event: string
    data: unknown
    ack: (answer: PlaceBidAck) => void
    timesOut: () => void
  }
  const listeners = new Map<string, (data?: unknown) => void>()
  const acking: Acking[] = []
  const socket = {
    connected: false,
    on(name: string, listener: (data?: unknown) => void) {
      listeners.set(name, listener)
      return socket
    },
    emit: () => socket,
    timeout: () => ({
      emitWithAck: (event: string, data: unknown) =>
        new Promise<PlaceBidAck>((resolve, reject) => {
          acking.push({ event, data, ack: resolve, timesOut: () => reject(new Error('operation has timed out')) })
        }),
    }),
    connect: () => socket,
    disconnect: () => socket,
  }
  return { socket, listeners, acking }
})

vi.mock('../../lib/socket-client', () => ({ SocketClient: function SocketClient() {
  return fake.socket
}, socketUrl: () => 'ws://test/socket.io/' }))

const NOW = Date.now()
const LIVE = liveAuction(NOW)
const USER: User = testUser(NOW)
const BID = { id: 51, amount: 0.51, isBot: false, botName: null, isPrebid: false, isAuto: false, user: { id: USER.id, username: USER.username }, createdAt: iso(NOW) }
const ANSWER: BidAnswer = { auction: { ...LIVE, currentPrice: 0.51, totalBids: 51, lastBidder: USER.username }, bid: BID, bidBalance: 4 }

/** Every `POST` the page made, by path. */
const posts: string[] = []

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function serve(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname
  if (request.method === 'POST') posts.push(path)
  if (path === '/api/auth/me') return json({ user: USER })
  if (path === '/api/auctions/1') return json(LIVE)
  if (path === '/api/auctions/1/bids') return json([])
  if (path === '/api/auctions/1/bid') return json(ANSWER)
  return json({ error: 'Не найдено', code: 'not_found' }, 404)
}

/** Lets the pending answers and the renders they cause run. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((done) => setTimeout(done, 0))
  })
}

function connect() {
  fake.socket.connected = true
  fake.listeners.get('connect')?.()
}

function drop() {
  fake.socket.connected = false
  fake.listeners.get('disconnect')?.('transport close')
}

/** Presses the bid button of auction 1 and lets the mutation start. */
async function pressBid() {
  const page = render(
    <Provider store={appStore}>
      <BidButton auction={LIVE} />
    </Provider>,
  )
  act(() => page.querySelector<HTMLButtonElement>('[data-testid="bid-button-1"]')?.click())
  await settle()
}

/** The one bid the page sent over the socket, still waiting for its ack. */
function sentBid() {
  expect(fake.acking).toHaveLength(1)
  return fake.acking[0]
}

const toast = () => appStore.get(toastsAtom)[0]
const shownBids = () => appStore.get(auctionDetailsAtom)['1']?.bids.map((bid) => bid.id)

describe('the bid button, over the socket or HTTP', () => {
  let unwatch = () => {}

  beforeAll(async () => {
    vi.stubGlobal('fetch', vi.fn(serve))
    document.cookie = 'tyiyn_signed_in=1'
    await appStore.set(loadSessionAtom)
    startRealtime()
    await vi.waitFor(() => expect(fake.listeners.has('connect')).toBe(true))
    unwatch = watchAuction('1')
    await vi.waitFor(() => expect(appStore.get(auctionDetailsAtom)['1']?.status).toBe('ready'))
  })

  afterEach(() => {
    unmountAll()
    fake.acking.splice(0)
    posts.splice(0)
    appStore.set(setBidBalanceAtom, 5)
  })

  afterAll(() => {
    unwatch()
    vi.unstubAllGlobals()
    document.cookie = 'tyiyn_signed_in=; max-age=0'
  })

  it('sends the bid over the connected socket and shows it as the POST’s answer would', async () => {
    connect()
    await pressBid()
    expect(sentBid()).toMatchObject({ event: 'placeBid', data: { auctionId: 1, lang: 'ru' } })
    sentBid().ack({ status: 200, body: ANSWER })
    await settle()
    expect(posts).toEqual([])
    expect(toast()).toMatchObject({ title: 'Ставка сделана!', description: 'Ваша ставка принята. Баланс: 4 бида.', variant: 'default' })
    expect(appStore.get(currentUserAtom)?.bidBalance).toBe(4)
    expect(shownBids()).toEqual([51])
    expect(appStore.get(auctionDetailsAtom)['1']?.auction?.totalBids).toBe(51)
  })

  it('shows a refusal with the server’s text', async () => {
    connect()
    await pressBid()
    sentBid().ack({ status: 409, body: { code: 'insufficient_bids', error: 'Недостаточно бидов на балансе' } })
    await settle()
    expect(toast()).toMatchObject({ title: 'Ошибка ставки', description: 'Недостаточно бидов на балансе', variant: 'destructive' })
    expect(appStore.get(currentUserAtom)?.bidBalance).toBe(5)
    expect(posts).toEqual([])
  })

  it('says the outcome is unknown when no ack comes, and does not post the bid again', async () => {
    connect()
    await pressBid()
    sentBid().timesOut()
    await settle()
    expect(toast()).toMatchObject({
      title: 'Ошибка ставки',
      description: 'Сервер не ответил вовремя: ставка могла пройти, а могла и нет. Проверьте историю ставок и баланс.',
      variant: 'destructive',
    })
    expect(posts).toEqual([])
  })

  it('posts the bid while the socket is not connected, with the same toast and balance', async () => {
    drop()
    await pressBid()
    await settle()
    expect(fake.acking).toEqual([])
    expect(posts).toEqual(['/api/auctions/1/bid'])
    expect(toast()).toMatchObject({ title: 'Ставка сделана!', description: 'Ваша ставка принята. Баланс: 4 бида.' })
    expect(appStore.get(currentUserAtom)?.bidBalance).toBe(4)
  })
})
