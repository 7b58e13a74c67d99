//! The realtime client with a fake socket: what it asks of the server (join, leave, reconnect, a
//! bid) and what it makes of the server's events and acks. Each test has its own client, store and
//! query cache; the HTTP answers (`GET /api/auctions`, one auction and its bids) come from a
//! stubbed fetch.
import { QueryClient } from '@tanstack/react-query'
import { createStore } from 'jotai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, messageOf } from './api'
import type { Auction, Bid, BidAnswer, ClientEventData, ClientEventName, Pause, ServerEventData, ServerEventName, User } from './api-types'
import i18n, { loadLanguage } from './i18n'
import { BID_ACK_TIMEOUT_MS, RealtimeClient } from './realtime-client'
import type { AckingSocket, ClientAcks, PlaceBidAck, RealtimeSocket } from './realtime-client'
import { currentUserAtom, loginAtom, refreshBalanceAtom, setBidBalanceAtom } from './session'
import { iso, liveAuction, lobbyUpdate, testUser } from './test-fixtures'

type Listener = (...args: never[]) => void

/** An emit waiting for its ack: the test acks it, or lets it time out (or drop) as socket.io would. */
interface Acking {
  event: keyof ClientAcks
  data: unknown
  timeoutMs: number
  ack: (answer: PlaceBidAck) => void
  timesOut: () => void
}

/** A socket.io client socket as the server would drive it: listeners by event name, a record of
 * what the client emitted, and methods for the test to connect, drop and push events. */
class FakeSocket implements RealtimeSocket {
  connected = false
  /** Every `emit` of the client, in order. */
  readonly emitted: [ClientEventName, unknown][] = []
  /** Every `timeout(ms).emitWithAck` of the client, in order, until the test settles it. */
  readonly acking: Acking[] = []
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

  timeout(timeoutMs: number): AckingSocket {
    return {
      emitWithAck: <E extends keyof ClientAcks>(event: E, data: ClientEventData<E>) =>
        new Promise<ClientAcks[E]>((resolve, reject) => {
          this.acking.push({ event, data, timeoutMs, ack: resolve, timesOut: () => reject(new Error('operation has timed out')) })
        }),
    }
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

  it('reconnects a socket closed on sign-out only once this page\'s own session change has settled', async () => {
    let settle = () => {}
    const settled = new Promise<void>((resolve) => (settle = resolve))
    const own = new FakeSocket()
    const waiting = new RealtimeClient({
      connect: () => own,
      store,
      queryClient: new QueryClient(),
      toast,
      pollIntervalMs: 60_000,
      reconnectDelayMs: 1,
      sessionSettled: () => settled,
    })
    await waiting.start()
    own.serverConnects()
    const before = own.connectCalls
    own.drops('io server disconnect')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(own.connectCalls).toBe(before)
    settle()
    await vi.waitFor(() => expect(own.connectCalls).toBe(before + 1))
    waiting.stop()
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

  it('turns the lobby updates off while it has joined an auction, once', async () => {
    socket.serverConnects()
    const first = client.watchAuction('1')
    await vi.waitFor(() => expect(socket.sent('joinAuction')).toEqual([1]))
    expect(socket.emitted).toEqual([
      ['batchLobby', true],
      ['joinAuction', 1],
      ['watchLobby', false],
    ])

    // A second watcher, even under another key of the same auction, asks nothing more.
    const second = client.watchAuction(LIVE.slug)
    await vi.waitFor(() => expect(detail(LIVE.slug)?.status).toBe('ready'))
    await new Promise((done) => setTimeout(done, 10))
    expect(socket.sent('watchLobby')).toEqual([false])
    first()
    expect(socket.sent('watchLobby')).toEqual([false])
    second()
    expect(socket.sent('watchLobby')).toEqual([false, true])
  })

  it('turns the lobby updates off once for two auctions, and on again after the last', async () => {
    const other: Auction = { ...LIVE, id: 2, slug: 'other-lot' }
    vi.mocked(fetch).mockImplementation(async (request) => {
      const path = new URL((request as Request).url).pathname
      if (path === '/api/auctions/2') return json(other)
      if (path === '/api/auctions/2/bids') return json([])
      return serve(request as Request)
    })
    socket.serverConnects()
    const one = client.watchAuction('1')
    const two = client.watchAuction('2')
    await vi.waitFor(() => expect(client.joinedAuctions().sort()).toEqual([1, 2]))
    expect(socket.sent('joinAuction').sort()).toEqual([1, 2])
    expect(socket.sent('watchLobby')).toEqual([false])

    one()
    expect(socket.sent('watchLobby')).toEqual([false])
    two()
    expect(socket.emitted.slice(-2)).toEqual([
      ['leaveAuction', 2],
      ['watchLobby', true],
    ])
  })

  it('keeps the lobby on while a list is shown, and refetches the lists when it comes back on', async () => {
    socket.serverConnects()
    const unwatchList = client.watchList()
    await vi.waitFor(() => expect(listed()).toBeDefined())
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(socket.sent('joinAuction')).toEqual([1]))
    // A list on the screen (the admin's table beside its joined rows) needs the lobby.
    expect(socket.sent('watchLobby')).toEqual([])
    unwatchList()
    expect(socket.sent('watchLobby')).toEqual([false])
    const listFetches = () => vi.mocked(fetch).mock.calls.filter(([request]) => new URL((request as Request).url).pathname === '/api/auctions').length
    const before = listFetches()

    unwatch()
    expect(socket.sent('watchLobby')).toEqual([false, true])
    // The cached lists missed the lobby updates meanwhile.
    expect(listFetches()).toBe(before + 1)
  })

  describe('the lists after a (re)connect', () => {
    const listFetches = () => vi.mocked(fetch).mock.calls.filter(([request]) => new URL((request as Request).url).pathname === '/api/auctions').length
    const catchUps = () => socket.acking.filter((emit) => emit.event === 'lobbySince')

    it('asks the server for the frames since the lists were read, and reads them no more when it has them all', async () => {
      const unwatch = client.watchList()
      await vi.waitFor(() => expect(listed()).toBeDefined())
      expect(listFetches()).toBe(1)
      socket.serverConnects()
      expect(catchUps().map((emit) => emit.data)).toEqual([{ since: new Date(Date.parse(LIVE.serverTime)).toISOString() }])
      // The frames come before the ack; the newest tells the moment for the next reconnect.
      const later = iso(Date.parse(LIVE.serverTime) + 5_000)
      socket.push('auctionUpdate', lobbyUpdate(Date.parse(later), { currentPrice: 0.77, totalBids: LIVE.totalBids + 1 }))
      catchUps()[0].ack({ complete: true } as never)
      await new Promise((done) => setTimeout(done, 10))
      expect(listFetches()).toBe(1)
      expect(listed()?.currentPrice).toBe(0.77)

      socket.drops()
      socket.serverConnects()
      expect(catchUps()[1].data).toEqual({ since: new Date(Date.parse(later)).toISOString() })
      unwatch()
    })

    it('reads the lists again when the server cannot say, does not answer in time, or is older', async () => {
      const unwatch = client.watchList()
      await vi.waitFor(() => expect(listed()).toBeDefined())
      socket.serverConnects()
      catchUps()[0].ack({ complete: false } as never)
      await vi.waitFor(() => expect(listFetches()).toBe(2))

      socket.drops()
      socket.serverConnects()
      catchUps()[1].timesOut()
      await vi.waitFor(() => expect(listFetches()).toBe(3))

      socket.drops()
      socket.serverConnects()
      catchUps()[2].ack({ ok: true } as never)
      await vi.waitFor(() => expect(listFetches()).toBe(4))
      unwatch()
    })
  })

  it('polls only once the socket has been tried, while it is not connected', async () => {
    vi.useFakeTimers()
    const polls = () => vi.mocked(fetch).mock.calls.filter(([request]) => new URL((request as Request).url).pathname === '/api/timers').length
    const unstarted = new RealtimeClient({ connect: () => new FakeSocket(), store: createStore(), queryClient: new QueryClient(), toast, pollIntervalMs: 1_000, reconnectDelayMs: 1 })
    const unwatch = unstarted.watchList()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(polls()).toBe(0)
    await unstarted.start()
    await vi.advanceTimersByTimeAsync(1_100)
    expect(polls()).toBe(1)
    unwatch()
    unstarted.stop()
  })

  it('turns the lobby updates off again with the joins after a reconnect', async () => {
    socket.serverConnects()
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(socket.sent('watchLobby')).toEqual([false]))

    socket.drops()
    socket.emitted.length = 0
    socket.serverConnects()
    expect(socket.emitted).toEqual([
      ['batchLobby', true],
      ['joinAuction', 1],
      ['watchLobby', false],
    ])

    // A connect with nothing joined leaves the server's default (on) alone.
    unwatch()
    socket.drops()
    socket.emitted.length = 0
    socket.serverConnects()
    expect(socket.emitted).toEqual([['batchLobby', true]])
  })

  it('emits nothing about the lobby while disconnected', async () => {
    const unwatch = client.watchAuction('1')
    await vi.waitFor(() => expect(client.joinedAuctions()).toEqual([1]))
    unwatch()
    expect(socket.emitted).toEqual([])

    socket.serverConnects()
    const again = client.watchAuction('1')
    await vi.waitFor(() => expect(socket.sent('watchLobby')).toEqual([false]))
    socket.drops()
    const listFetches = () => vi.mocked(fetch).mock.calls.filter(([request]) => new URL((request as Request).url).pathname === '/api/auctions').length
    const before = listFetches()
    again()
    expect(socket.sent('watchLobby')).toEqual([false])
    expect(socket.sent('leaveAuction')).toEqual([])
    expect(listFetches()).toBe(before)
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

  it('asks for the lobby in one frame per flush on every connect, and applies each update of a batch', async () => {
    socket.serverConnects()
    expect(socket.sent('batchLobby')).toEqual([true])
    const other: Auction = { ...LIVE, id: 2, slug: 'other-lot', title: 'Другой лот' }
    vi.mocked(fetch).mockImplementation(async (request) => {
      if (new URL((request as Request).url).pathname === '/api/auctions') return json({ live: [LIVE, other], upcoming: [], finished: [] })
      return serve(request as Request)
    })
    const unwatchList = client.watchList()
    await vi.waitFor(() => expect(store.get(client.listAtom).data?.live).toHaveLength(2))

    socket.push('lobbyUpdates', {
      type: 'lobbyBatch',
      updates: [
        lobbyUpdate(NOW, { currentPrice: 0.53, totalBids: 53, lastBidder: 'demo' }),
        lobbyUpdate(NOW, { auctionId: 2, currentPrice: 0.61, totalBids: 61, lastBidder: 'aibek' }),
      ],
    })
    const live = store.get(client.listAtom).data?.live ?? []
    expect(live.find((a) => a.id === 1)).toMatchObject({ currentPrice: 0.53, totalBids: 53, lastBidder: 'demo' })
    expect(live.find((a) => a.id === 2)).toMatchObject({ currentPrice: 0.61, totalBids: 61, lastBidder: 'aibek' })

    // Again after a reconnect (a new connection starts with one frame per auction).
    socket.drops()
    socket.serverConnects()
    expect(socket.sent('batchLobby')).toEqual([true, true])
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
  /** Whether the session ended on another device (`GET /api/auth/me` answers 401). */
  let signedOutElsewhere = false

  beforeEach(() => {
    serverBalance = 5
    holdMe = null
    signedOutElsewhere = false
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname
        if (path === '/api/auth/login') return json({ user: { ...USER, bidBalance: serverBalance } })
        if (path === '/api/auth/me') {
          if (signedOutElsewhere) return json({ error: 'Войдите', code: 'unauthorized' }, 401)
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

  it('forgets the user whose session ended on another device (the fresh read answers 401)', async () => {
    const store = createStore()
    await store.set(loginAtom, { username: 'aibek', password: 'secret123' })
    signedOutElsewhere = true
    await store.set(refreshBalanceAtom)
    expect(store.get(currentUserAtom)).toBeNull()
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

describe('a bid over the socket', () => {
  let socket: FakeSocket
  let client: RealtimeClient
  const posts = vi.fn()

  const ANSWER: BidAnswer = { auction: { ...LIVE, currentPrice: 0.51, totalBids: 51, lastBidder: 'aibek' }, bid: bid(51, 0.51), bidBalance: 4 }

  /** What the client's one pending `placeBid` sent. */
  function sentBid() {
    expect(socket.acking).toHaveLength(1)
    return socket.acking[0]
  }

  /** The rejection of `placing` (fails the test if it resolved). */
  async function refusal(placing: Promise<BidAnswer | null> | null): Promise<ApiError> {
    const error: unknown = await placing?.then(
      () => null,
      (reason: unknown) => reason,
    )
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
    return error
  }

  beforeEach(async () => {
    posts.mockReset()
    vi.stubGlobal(
      'fetch',
      vi.fn((request: Request) => {
        if (request.method === 'POST') posts(new URL(request.url).pathname)
        return serve(request)
      }),
    )
    socket = new FakeSocket()
    client = new RealtimeClient({ connect: () => socket, store: createStore(), queryClient: new QueryClient(), toast: vi.fn(), pollIntervalMs: 60_000, reconnectDelayMs: 1 })
    await client.start()
  })

  afterEach(() => {
    client.stop()
    vi.unstubAllGlobals()
  })

  it('is not sent while the socket is not connected: the caller posts it', () => {
    expect(client.placeBid(1)).toBeNull()
    socket.serverConnects()
    socket.drops()
    expect(client.placeBid(1)).toBeNull()
    expect(socket.acking).toEqual([])
  })

  it('sends placeBid with the auction and the UI language, and resolves with the accepted bid', async () => {
    socket.serverConnects()
    const placing = client.placeBid(1)
    expect(sentBid()).toMatchObject({ event: 'placeBid', data: { auctionId: 1, lang: 'ru' }, timeoutMs: BID_ACK_TIMEOUT_MS })
    sentBid().ack({ status: 200, body: ANSWER })
    await expect(placing).resolves.toEqual(ANSWER)
    expect(posts).not.toHaveBeenCalled()
  })

  it('resolves with null for a server from before socket bids (it acks {ok: true}): the caller posts it', async () => {
    socket.serverConnects()
    const placing = client.placeBid(1)
    sentBid().ack({ ok: true } as unknown as PlaceBidAck)
    await expect(placing).resolves.toBeNull()
  })

  it('rejects a refusal with the ApiError the POST would throw, showing the server’s text', async () => {
    socket.serverConnects()
    const placing = client.placeBid(1)
    sentBid().ack({ status: 409, body: { code: 'insufficient_bids', error: 'Недостаточно бидов на балансе' } })
    const error = await refusal(placing)
    expect(error).toMatchObject({ status: 409, code: 'insufficient_bids', retryAfter: null })
    expect(messageOf(error, 'Не удалось сделать ставку')).toBe('Недостаточно бидов на балансе')
  })

  it('carries the wait of a 429 as the POST’s Retry-After', async () => {
    socket.serverConnects()
    const placing = client.placeBid(1)
    sentBid().ack({ status: 429, body: { code: 'rate_limited', error: 'Слишком много ставок, подождите' }, retryAfter: 1 })
    const error = await refusal(placing)
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 1, message: 'Слишком много ставок, подождите' })
  })

  it('says the outcome is unknown when no ack comes in time, and never posts the bid', async () => {
    socket.serverConnects()
    const placing = client.placeBid(1)
    sentBid().timesOut()
    const error = await refusal(placing)
    expect(error).toMatchObject({ status: 0, code: 'bid_outcome_unknown' })
    expect(error.message).toBe('Сервер не ответил вовремя: ставка могла пройти, а могла и нет. Проверьте историю ставок и баланс.')
    expect(posts).not.toHaveBeenCalled()
    expect(socket.acking).toHaveLength(1)
  })

  it('asks for refusals, and says an unknown outcome, in the language shown', async () => {
    await loadLanguage('en')
    await i18n.changeLanguage('en')
    try {
      socket.serverConnects()
      const placing = client.placeBid(1)
      expect(sentBid().data).toEqual({ auctionId: 1, lang: 'en' })
      sentBid().timesOut()
      expect((await refusal(placing)).message).toBe('The server did not answer in time: the bid may or may not have been placed. Check the bid history and your balance.')
    } finally {
      await i18n.changeLanguage('ru')
    }
  })
})
