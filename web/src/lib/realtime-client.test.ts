//! The realtime client with a fake socket: what it asks of the server (join, leave, reconnect) and
//! what it makes of the server's events. Each test has its own client, store and query cache; the
//! HTTP answers (`GET /api/auctions`, one auction and its bids) come from a stubbed fetch.
import { QueryClient } from '@tanstack/react-query'
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Auction, Bid, ClientEventData, ClientEventName, Pause, ServerEventData, ServerEventName, User } from './api-types'
import { RealtimeClient } from './realtime-client'
import type { RealtimeSocket } from './realtime-client'
import { currentUserAtom, loginAtom, refreshBalanceAtom, setBidBalanceAtom } from './session'
import { iso, liveAuction, lobbyUpdate, testUser } from './test-fixtures'

type Listener = (...args: never[]) => void

/** A socket.io client socket as the server would drive it: listeners by event name, a record of
 * what the client emitted, and methods for the test to connect, drop and push events. */
class FakeSocket implements RealtimeSocket {
  connected = false
  /** Every `emit` of the client, in order. */
  readonly emitted: [ClientEventName, unknown][] = []
  /** How many times the client asked to (re)connect. */
  connectCalls = 0
  readonly #listeners = new Map<string, Listener[]>()

  on(event: string, listener: Listener) {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener])
    return this
  }

  emit<E extends ClientEventName>(event: E, data: ClientEventData<E>) {
    this.emitted.push([event, data])
    return this
  }

  connect() {
    this.connectCalls += 1
    return this
  }

  disconnect() {
    this.connected = false
    return this
  }

  #fire(event: string, data?: unknown) {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (data?: unknown) => void)(data)
  }

  /** The server accepted the connection. */
  serverConnects() {
    this.connected = true
    this.#fire('connect')
  }

  /** The connection dropped (`transport close`), or the server closed it (`io server disconnect`). */
  drops(reason = 'transport close') {
    this.connected = false
    this.#fire('disconnect', reason)
  }

  /** One server event, typed as the contract types it. */
  push<E extends ServerEventName>(event: E, data: ServerEventData<E>) {
    this.#fire(event, data)
  }

  /** The ids of the auctions the client emitted `event` for. */
  sent(event: ClientEventName): unknown[] {
    return this.emitted.filter(([name]) => name === event).map(([, data]) => data)
  }
}

const NOW = Date.now()
const LIVE: Auction = liveAuction(NOW)
const PAUSE: Pause = { reason: 'storeUnavailable', since: iso(NOW), remainingMs: 7_400 }

function bid(id: number, amount: number): Bid {
  return { id, amount, isBot: false, botName: null, isPrebid: false, isAuto: false, user: { id: 8, username: 'aibek' }, createdAt: iso(NOW) }
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The server's HTTP answers: auction 1 (by id or slug), its one bid, and the lists holding it. */
async function serve(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname
  if (path === '/api/auctions') return json({ live: [LIVE], upcoming: [], finished: [] })
  if (path === '/api/auctions/1' || path === `/api/auctions/slug/${LIVE.slug}`) return json(LIVE)
  if (path === '/api/auctions/1/bids') return json([bid(50, 0.5)])
  if (path === '/api/timers') return json({})
  return json({ error: 'Не найдено', code: 'not_found' }, 404)
}

describe('RealtimeClient with a fake socket', () => {
  let socket: FakeSocket
  let client: RealtimeClient
  let store: ReturnType<typeof createStore>
  const toast = vi.fn()

  const detail = (key = '1') => store.get(client.detailsAtom)[key]
  const listed = () => store.get(client.listAtom).data?.live[0]

  beforeEach(async () => {
    vi.stubGlobal('fetch', vi.fn(serve))
    socket = new FakeSocket()
    store = createStore()
    client = new RealtimeClient({
      connect: () => socket,
      store,
      queryClient: new QueryClient(),
      toast,
      // Long enough that no poll runs during a test: the socket is what is tested.
      pollIntervalMs: 60_000,
      reconnectDelayMs: 1,
    })
    await client.start()
  })

  afterEach(() => {
    vi.useRealTimers()
    client.stop()
    vi.unstubAllGlobals()
  })

  it('joins a watched auction once the socket connects', async () => {
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(detail()?.status).toBe('ready'))
    expect(socket.emitted).toEqual([])
    expect(store.get(client.connectionAtom)).toBe('disconnected')

    socket.serverConnects()

    expect(store.get(client.connectionAtom)).toBe('connected')
    expect(socket.sent('joinAuction')).toEqual([1])
    unwatch()
  })

  it('joins at once when the socket is already connected', async () => {
    socket.serverConnects()
    const unwatch = client.watchAuction(LIVE.slug)
    await vi.waitFor(() => expect(socket.sent('joinAuction')).toEqual([1]))
    unwatch()
  })

  it('joins every watched auction again after a reconnect', async () => {
    socket.serverConnects()
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(socket.sent('joinAuction')).toEqual([1]))

    socket.drops()
    expect(store.get(client.connectionAtom)).toBe('disconnected')
    socket.serverConnects()

    expect(socket.sent('joinAuction')).toEqual([1, 1])
    expect(client.joinedAuctions()).toEqual([1])
    unwatch()
  })

  it('asks for a missing auction once: connecting does not repeat the 404', async () => {
    const unwatch = client.watchAuction('no-such-lot')
    await vi.waitFor(() => expect(detail('no-such-lot')?.status).toBe('notFound'))

    socket.serverConnects()
    await new Promise((done) => setTimeout(done, 20))

    const asked = vi.mocked(fetch).mock.calls.filter(([request]) => new URL((request as Request).url).pathname === '/api/auctions/slug/no-such-lot')
    expect(asked).toHaveLength(1)
    expect(socket.sent('joinAuction')).toEqual([])
    unwatch()
  })

  it('reconnects a socket the server closed (socket.io does not retry that by itself)', () => {
    vi.useFakeTimers()
    socket.serverConnects()
    socket.drops('io server disconnect')
    expect(socket.connectCalls).toBe(0)
    vi.runOnlyPendingTimers()
    expect(socket.connectCalls).toBe(1)
  })

  it('leaves an auction only when its last watcher leaves', async () => {
    socket.serverConnects()
    const first = client.watchAuction('1')
    const second = client.watchAuction('1')
    // A second key (the slug) naming the same auction shares the join.
    const bySlug = client.watchAuction(LIVE.slug)
    await vi.waitFor(() => expect(detail(LIVE.slug)?.status).toBe('ready'))
    await vi.waitFor(() => expect(client.joinedAuctions()).toEqual([1]))
    expect(socket.sent('joinAuction')).toEqual([1])

    first()
    first()
    bySlug()
    expect(socket.sent('leaveAuction')).toEqual([])
    second()
    expect(socket.sent('leaveAuction')).toEqual([1])
    expect(client.joinedAuctions()).toEqual([])
  })

  it('writes the server’s events into the detail and the lists through the reducers', async () => {
    socket.serverConnects()
    const unwatchList = client.watchList()
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(detail()?.status).toBe('ready'))
    await vi.waitFor(() => expect(listed()).toBeDefined())

    const auction = { ...LIVE, currentPrice: 0.52, totalBids: 52, lastBidder: 'aibek' }
    socket.push('auctionUpdate', { type: 'bidsPlaced', auction, bids: [bid(52, 0.52), bid(51, 0.51)] })
    expect(detail()?.auction).toMatchObject({ currentPrice: 0.52, totalBids: 52 })
    expect(detail()?.bids.map((entry) => entry.id)).toEqual([52, 51, 50])
    expect(listed()).toMatchObject({ currentPrice: 0.52, totalBids: 52 })

    // An older event (fewer bids) never undoes a newer one.
    socket.push('auctionUpdate', { type: 'bidsPlaced', auction: { ...LIVE, totalBids: 51 }, bids: [] })
    expect(detail()?.auction?.totalBids).toBe(52)

    socket.push('auctionUpdate', lobbyUpdate(NOW, { currentPrice: 0.53, totalBids: 53, lastBidder: 'demo' }))
    expect(listed()).toMatchObject({ currentPrice: 0.53, totalBids: 53, lastBidder: 'demo' })
    expect(detail()?.auction).toMatchObject({ currentPrice: 0.53, lastBidder: 'demo' })

    const before = Date.parse(detail()?.auction?.endsAt ?? '')
    socket.push('timerUpdate', { type: 'timers', timers: { '1': 60 } })
    expect(Date.parse(detail()?.auction?.endsAt ?? '')).toBeGreaterThan(before + 30_000)

    socket.push('auctionUpdate', { type: 'deleted', auction: { ...LIVE, totalBids: 53 }, bids: [] })
    expect(detail()?.status).toBe('deleted')
    expect(store.get(client.listAtom).data?.live).toEqual([])
    unwatch()
    unwatchList()
  })

  it('shows a paused auction frozen and a resumed one running', async () => {
    socket.serverConnects()
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(detail()?.status).toBe('ready'))

    socket.push('auctionUpdate', { type: 'paused', auction: { ...LIVE, paused: PAUSE }, bids: [] })
    expect(detail()?.auction?.paused).toEqual(PAUSE)
    // The timers leave a paused countdown alone.
    const frozen = detail()?.auction?.endsAt
    socket.push('timerUpdate', { type: 'timers', timers: { '1': 60 } })
    expect(detail()?.auction?.endsAt).toBe(frozen)

    const resumedEndsAt = iso(NOW + 7_400)
    socket.push('auctionUpdate', { type: 'resumed', auction: { ...LIVE, endsAt: resumedEndsAt, paused: null }, bids: [] })
    expect(detail()?.auction).toMatchObject({ paused: null, endsAt: resumedEndsAt })
    unwatch()
  })

  it('stops listening and reconnecting once stopped', () => {
    socket.serverConnects()
    client.stop()
    expect(socket.connected).toBe(false)
    expect(client.socket).toBeNull()
    vi.useFakeTimers()
    socket.drops('io server disconnect')
    vi.runOnlyPendingTimers()
    expect(socket.connectCalls).toBe(0)
  })
})

describe('the balance after a connect', () => {
  const USER: User = testUser(NOW, { id: 8, username: 'aibek' })
  /** What `GET /api/auth/me` answers now (an admin may have changed it while no socket listened). */
  let serverBalance = 5
  /** Holds the `/api/auth/me` answer until released, to interleave a change heard meanwhile. */
  let holdMe: Promise<void> | null = null

  beforeEach(() => {
    serverBalance = 5
    holdMe = null
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname
        if (path === '/api/auth/login') return json({ user: { ...USER, bidBalance: serverBalance } })
        if (path === '/api/auth/me') {
          const answer = { user: { ...USER, bidBalance: serverBalance } }
          if (holdMe) await holdMe
          return json(answer)
        }
        return serve(request)
      }),
    )
  })

  afterEach(() => vi.unstubAllGlobals())

  function connectedClient(store: ReturnType<typeof createStore>, refreshBalance: () => Promise<void> | void) {
    const socket = new FakeSocket()
    const client = new RealtimeClient({
      connect: () => socket,
      store,
      queryClient: new QueryClient(),
      toast: vi.fn(),
      pollIntervalMs: 60_000,
      reconnectDelayMs: 1,
      refreshBalance,
    })
    return { socket, client }
  }

  it('reads the balance afresh on every connect of a signed-in user, never for a visitor', async () => {
    const store = createStore()
    const refresh = vi.fn()
    const { socket, client } = connectedClient(store, refresh)
    await client.start()
    socket.serverConnects()
    expect(refresh).not.toHaveBeenCalled()

    await store.set(loginAtom, { username: 'aibek', password: 'secret123' })
    socket.drops()
    socket.serverConnects()
    expect(refresh).toHaveBeenCalledTimes(1)
    client.stop()
  })

  it('takes the balance the server holds now (a change sent before the socket connected)', async () => {
    const store = createStore()
    await store.set(loginAtom, { username: 'aibek', password: 'secret123' })
    serverBalance = 12
    const { socket, client } = connectedClient(store, () => store.set(refreshBalanceAtom))
    await client.start()
    socket.serverConnects()
    await vi.waitFor(() => expect(store.get(currentUserAtom)?.bidBalance).toBe(12))
    client.stop()
  })

  it('keeps a change heard while the fresh read was on its way', async () => {
    const store = createStore()
    await store.set(loginAtom, { username: 'aibek', password: 'secret123' })
    let release = () => {}
    holdMe = new Promise((resolve) => (release = resolve))
    const reading = store.set(refreshBalanceAtom)
    store.set(setBidBalanceAtom, 4)
    serverBalance = 4
    release()
    await reading
    expect(store.get(currentUserAtom)?.bidBalance).toBe(4)
  })
})
