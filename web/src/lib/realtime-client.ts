//! The realtime client: one object that owns the socket.io connection, the joined auctions, the
//! fallback polling and the list and detail state it writes into jotai atoms. Everything it knows
//! is a field of the object; the socket comes from an injected `connect` (lib/socket-client.ts's `SocketClient`
//! in the app, a fake in tests), and so do the store, the query cache and the toast. `realtime.ts`
//! makes the app's one instance and exports its atoms and actions.
//!
//! - The socket (WebSocket transport only, `/socket.io/`) starts with the app and reconnects after
//!   login and logout so the server knows who is watching.
//! - A detail page joins its auction (`joinAuction`, again after every reconnect) and gets a
//!   `snapshot`, then every change of it; everyone gets the compact lobby updates, the
//!   once-a-second `timerUpdate`, their own `bidBalanceUpdate` and `orderUpdate` (written into the
//!   TanStack Query cache of their orders) and `notification` (into the cached notices, whose
//!   unread count the header's bell shows).
//! - While it has joined an auction and shows no list (an auction's page) the lobby updates are
//!   off (`watchLobby` false, again after every reconnect); leaving the last one, or showing a list,
//!   turns them back on (`watchLobby` true) and refetches the lists, which went stale meanwhile.
//!   Every connection asks for them in one `lobbyUpdates` frame per flush (`batchLobby` true: one
//!   frame for all the auctions that changed, not one per auction); a server that does not know
//!   `batchLobby` ignores it and sends `auctionUpdate` frames of type `lobby`, handled alike.
//! - A live bid goes over the connected socket (`placeBid`, with an ack carrying the answer
//!   `POST /api/auctions/{id}/bid` would give); while the socket is not connected `placeBid` says
//!   so (`null`) and the caller posts the bid instead.
//! - While the socket is not connected, `GET /api/timers` and the watched detail pages
//!   (`GET /api/auctions/{id}` and `/bids`) are polled every second instead.
//!
//! Socket payloads are typed by the generated contract (`ServerEvent`, `ClientEvent`): every server
//! event has one handler taking its payload type (`serverEvents`), and `auctionUpdate` is told
//! apart by its `type`. Nothing here (or in a component) checks a payload's shape by hand.
import type { QueryClient } from '@tanstack/react-query'
import { atom } from 'jotai'
import type { Atom } from 'jotai'
import { ApiError, api, dataOf, errorFromBody } from './api'
import type {
  Auction,
  AuctionEvent,
  AuctionLists,
  AuctionUpdate,
  Bid,
  BidAnswer,
  BidBalanceUpdate,
  ClientEventData,
  ClientEventName,
  ErrorBody,
  LobbyUpdate,
  PrebidAnswer,
  ServerEventData,
  ServerEventName,
  TimerMap,
  TimerUpdate,
} from './api-types'
import { noteServerTime, serverNow } from './clock'
import { carriedAt, takeInitial } from './initial-answers'
import i18n, { currentLanguage } from './i18n'
import { notificationsQuery, queryKeys } from './queries'
import { applyNotification, applyOrderUpdate } from './realtime-personal'
import {
  applyAuctionToList,
  applyAuctionUpdate,
  applyLobbyPatch,
  applyPromotion,
  applyTimersToAuction,
  applyTimersToList,
  newerAuction,
  patchAuction,
  prependBids,
  removeFromList,
  withPrebidsCount,
} from './realtime-reducers'
import { authStatusAtom, currentUserAtom, setBidBalanceAtom } from './session'
import type { appStore } from './store'
import type { ToastInput } from './toast'

export type Connection = 'connected' | 'disconnected'

export interface AuctionListState {
  status: 'loading' | 'ready' | 'error'
  data: AuctionLists | null
}

export interface AuctionDetailState {
  /** `deleted`: an admin deleted the auction while it was shown. */
  status: 'loading' | 'ready' | 'notFound' | 'deleted' | 'error'
  auction: Auction | null
  bids: Bid[]
}

export const EMPTY_DETAIL: AuctionDetailState = { status: 'loading', auction: null, bids: [] }

/** One listener per `ServerEvent`, each with its payload type (the generated contract). */
export type ServerListeners = { [E in ServerEventName]: (data: ServerEventData<E>) => void }

/**
 * The ack of `placeBid`: the answer `POST /api/auctions/{id}/bid` would have given, in one frame.
 * `status` is that answer's HTTP status; `body` a `BidAnswer` for 200, else the `ErrorBody` of
 * every refusal (in the language the event named); `retryAfter` (seconds) only with 429 and 503.
 * (The events schema describes what a client emits, not the acks, so this one is written here.)
 */
export interface PlaceBidAck {
  status: number
  body: BidAnswer | ErrorBody
  retryAfter?: number | null
}

/** The ack of `lobbySince`: whether the frames sent before it were every change since the
 * moment asked (`false`, or an older server's `{ok: true}`: the lists are read again). */
export interface LobbySinceAck {
  complete?: boolean
}

/** The ack of each client event that is sent with one. */
export interface ClientAcks {
  placeBid: PlaceBidAck
  lobbySince: LobbySinceAck
}

/** A socket whose next emit waits for the server's ack (socket.io's `socket.timeout(ms)`):
 * `emitWithAck` resolves with the ack, and rejects when none came in time or the connection
 * dropped first. */
export interface AckingSocket {
  emitWithAck<E extends keyof ClientAcks>(event: E, data: ClientEventData<E>): Promise<ClientAcks[E]>
}

/** How long a `lobbySince` waits for its ack before the lists are read again instead. */
export const CATCH_UP_TIMEOUT_MS = 5_000

/** How long a bid sent over the socket waits for its ack before its outcome counts as unknown. */
export const BID_ACK_TIMEOUT_MS = 15_000

/** What the client needs of a Socket.IO client socket, typed by the contract: lib/socket-client.ts's
 * `SocketClient` has it (as socket.io-client's `Socket` does), and so does a test's fake. */
export interface RealtimeSocket {
  readonly connected: boolean
  on(event: 'connect', listener: () => void): unknown
  on(event: 'disconnect', listener: (reason: string) => void): unknown
  on(event: 'connect_error', listener: (error: Error) => void): unknown
  on<E extends ServerEventName>(event: E, listener: ServerListeners[E]): unknown
  emit<E extends ClientEventName>(event: E, data: ClientEventData<E>): unknown
  timeout(ms: number): AckingSocket
  connect(): unknown
  disconnect(): unknown
}

export type Store = typeof appStore

export interface RealtimeOptions {
  /** Opens the socket (`new SocketClient(…, SOCKET_OPTIONS)` in the app). */
  connect: () => RealtimeSocket | Promise<RealtimeSocket>
  store: Store
  queryClient: QueryClient
  toast: (input: ToastInput) => void
  /** How often the fallback polls while the socket is not connected. */
  pollIntervalMs: number
  /** How long to wait before reconnecting a socket the server closed (socket.io does not retry then). */
  reconnectDelayMs: number
  /** Reads the signed-in user's balance afresh: a `bidBalanceUpdate` sent while no socket was
   * connected (before the first connect, or between a drop and the reconnect) is never repeated. */
  refreshBalance?: () => Promise<void> | void
  /** Resolves once this browser's session changes in flight have settled (`sessionSettled`): a
   * socket the server closed because the user signed out reconnects after them, never with the
   * cookie that just ended. */
  sessionSettled?: () => Promise<unknown>
  /** How long a bid sent over the socket waits for its ack (`BID_ACK_TIMEOUT_MS` if not said). */
  bidAckTimeoutMs?: number
}

/**
 * Whether an auction change alters the logged-in user's own history: a finish decides won or
 * lost, a go-live turns pre-bids into bids, a deletion refunds them.
 */
export function changesHistory(update: AuctionUpdate): boolean {
  if (update.type === 'lobby') return update.status === 'finished' || update.deleted
  return update.type === 'finished' || update.type === 'started' || update.type === 'deleted'
}

/** The bid's answer from its ack; a refusal throws the `ApiError` the POST would have thrown.
 * `null` for an ack without a status: a server from before socket bids acks every event it does
 * not know with `{ok: true}` and places nothing, so the bid may be posted instead. */
function bidAnswerOf(ack: PlaceBidAck): BidAnswer | null {
  if (typeof ack?.status !== 'number') return null
  // The status says which body it is (the contract's two shapes share no tag).
  if (ack.status >= 200 && ack.status < 300) return ack.body as BidAnswer
  throw errorFromBody(ack.status, '', ack.body, ack.retryAfter ?? null)
}

/** A bid sent whose ack never came (timed out, or the connection dropped): it may have been
 * placed or not, and only the bid history can tell. */
function outcomeUnknown(): ApiError {
  return new ApiError(0, i18n.t('bid.outcomeUnknown'), 'bid_outcome_unknown')
}

export class RealtimeClient {
  // The state components read, through the read-only atoms below.
  readonly #connection = atom<Connection>('disconnected')
  readonly #list = atom<AuctionListState>({ status: 'loading', data: null })
  readonly #details = atom<Record<string, AuctionDetailState>>({})
  readonly connectionAtom: Atom<Connection> = atom((get) => get(this.#connection))
  readonly listAtom: Atom<AuctionListState> = atom((get) => get(this.#list))
  /** Detail state per watched key (a slug, or a numeric id from older links). */
  readonly detailsAtom: Atom<Record<string, AuctionDetailState>> = atom((get) => get(this.#details))

  readonly #options: RealtimeOptions
  readonly #store: Store

  /** Auction id → how many changes the socket (or an own bid) applied: an HTTP answer that was
   * requested before the latest of them is older than what is shown, and is dropped. */
  readonly #revisions = new Map<number, number>()

  // The auction lists.
  #listWatchers = 0
  /** Whether this connection has the lobby updates on (`watchLobby`), as last said. */
  #lobbyOn = true
  #listRequest: Promise<void> | null = null
  #listAgain = false

  // Auction detail pages.
  /** Watched key (slug or id) → number of watchers. */
  readonly #detailWatchers = new Map<string, number>()
  /** Key → the auction id it resolved to. */
  readonly #keyIds = new Map<string, number>()
  /** Keys whose auction this client joined on the socket. */
  readonly #joinedKeys = new Set<string>()
  /** Joined auction id → number of joined keys (two keys may name one auction). */
  readonly #joinedIds = new Map<number, number>()
  readonly #loadingKeys = new Map<string, Promise<void>>()

  // Polling while the socket is not connected.
  #fallbackTimer: ReturnType<typeof setTimeout> | null = null
  /** Whether the socket has been tried (`start`): polling waits for that. */
  #socketTried = false
  #fallbackRunning = false

  /** The server time (ms) the shown lists are as of: their read's, or the newest lobby frame's since. */
  #listAsOf: number | null = null
  // The socket.
  #socket: RealtimeSocket | null = null
  #started = false
  #stopped = false
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null
  /** The logged-in user's id the socket was opened for (`undefined` until the session is known). */
  #sessionUser: number | null | undefined = undefined
  readonly #unsubscribe: (() => void)[] = []

  constructor(options: RealtimeOptions) {
    this.#options = options
    this.#store = options.store
  }

  /** The socket, once opened (for tests and diagnostics). */
  get socket(): RealtimeSocket | null {
    return this.#socket
  }

  // -------------------------------------------------------------------------------------------
  // Writing into the atoms

  #bump(id: number) {
    this.#revisions.set(id, (this.#revisions.get(id) ?? 0) + 1)
  }

  /** Applies `change` to every detail showing auction `id`. */
  #updateDetails(id: number, change: (state: AuctionDetailState & { auction: Auction }) => AuctionDetailState) {
    const details = this.#store.get(this.#details)
    let next: Record<string, AuctionDetailState> | null = null
    for (const [key, state] of Object.entries(details)) {
      if (state.auction?.id !== id) continue
      const updated = change(state as AuctionDetailState & { auction: Auction })
      if (updated === state) continue
      next ??= { ...details }
      next[key] = updated
    }
    if (next) this.#store.set(this.#details, next)
  }

  #updateList(change: (list: AuctionLists) => { list: AuctionLists; refetch: boolean }) {
    const state = this.#store.get(this.#list)
    if (!state.data) return
    const { list, refetch } = change(state.data)
    if (list !== state.data) this.#store.set(this.#list, { status: 'ready', data: list })
    if (refetch) void this.#refreshList()
  }

  #setDetail(key: string, state: AuctionDetailState) {
    this.#store.set(this.#details, (all) => ({ ...all, [key]: state }))
  }

  /** An auction was deleted: a page showing it says so (and goes home); a cached one is just gone. */
  markDeleted(id: number) {
    const details = this.#store.get(this.#details)
    const next = { ...details }
    let changed = false
    for (const [key, state] of Object.entries(details)) {
      if (state.auction?.id !== id) continue
      next[key] = { status: this.#detailWatchers.has(key) ? 'deleted' : 'notFound', auction: null, bids: [] }
      changed = true
    }
    if (changed) this.#store.set(this.#details, next)
    this.#updateList((list) => ({ list: removeFromList(list, id), refetch: false }))
  }

  #applyUpdate(update: AuctionEvent) {
    const { auction } = update
    noteServerTime(auction.serverTime)
    this.#bump(auction.id)
    if (update.type === 'deleted') {
      this.markDeleted(auction.id)
      return
    }
    this.#updateDetails(auction.id, (state) => {
      const next = applyAuctionUpdate({ auction: state.auction, bids: state.bids }, update)
      if (!next || (next.auction === state.auction && next.bids === state.bids)) return state
      return { status: 'ready', auction: next.auction, bids: next.bids }
    })
    this.#updateList((list) => applyAuctionToList(list, auction))
  }

  #applyLobby(patch: LobbyUpdate) {
    noteServerTime(patch.serverTime)
    const at = Date.parse(patch.serverTime)
    if (this.#listAsOf !== null && at > this.#listAsOf) this.#listAsOf = at
    if (patch.deleted) {
      this.markDeleted(patch.auctionId)
      return
    }
    this.#updateList((list) => applyLobbyPatch(list, patch))
    this.#updateDetails(patch.auctionId, (state) => {
      const auction = patchAuction(state.auction, patch)
      return auction === state.auction ? state : { ...state, auction }
    })
  }

  /** Corrects countdowns; says whether the list looks stale (see `applyTimersToList`). */
  #applyTimers(timers: TimerMap): boolean {
    const now = serverNow()
    let stale = false
    const state = this.#store.get(this.#list)
    if (state.data) {
      const change = applyTimersToList(state.data, timers, now)
      stale = change.stale
      if (change.list !== state.data) this.#store.set(this.#list, { status: 'ready', data: change.list })
    }
    const details = this.#store.get(this.#details)
    let next: Record<string, AuctionDetailState> | null = null
    for (const [key, detail] of Object.entries(details)) {
      if (!detail.auction) continue
      const auction = applyTimersToAuction(detail.auction, timers, now)
      if (auction === detail.auction) continue
      next ??= { ...details }
      next[key] = { ...detail, auction }
    }
    if (next) this.#store.set(this.#details, next)
    return stale
  }

  /** Merges a fresher copy of one auction into every view of it (an admin's save, say). */
  receiveAuction(auction: Auction) {
    noteServerTime(auction.serverTime)
    this.#bump(auction.id)
    this.#updateDetails(auction.id, (state) => {
      const next = newerAuction(state.auction, auction)
      return next === state.auction ? state : { ...state, auction: next }
    })
    this.#updateList((list) => applyAuctionToList(list, auction))
  }

  /** Applies the answer to the user's own bid at once, without waiting for the socket. */
  bidAccepted({ auction, bid }: { auction: Auction; bid: Bid }) {
    this.receiveAuction(auction)
    this.#updateDetails(auction.id, (state) => {
      const bids = prependBids(state.bids, [bid])
      return bids === state.bids ? state : { ...state, bids }
    })
  }

  /** An admin (un)promoted an auction: the lists show the one promoted auction at once. */
  auctionPromoted(saved: Auction) {
    this.#updateList((list) => ({ list: applyPromotion(list, saved), refetch: false }))
    this.#updateDetails(saved.id, (state) =>
      state.auction.isPromoted === saved.isPromoted ? state : { ...state, auction: { ...state.auction, isPromoted: saved.isPromoted } },
    )
  }

  /** Applies the answer to the user's own pre-bid (the auction's new pre-bid count) at once. */
  prebidAccepted({ prebid, prebidsCount }: PrebidAnswer) {
    this.#updateDetails(prebid.auctionId, (state) => {
      const auction = withPrebidsCount(state.auction, prebidsCount)
      return auction === state.auction ? state : { ...state, auction }
    })
  }

  // -------------------------------------------------------------------------------------------
  // The auction lists

  /** Fetches `GET /api/auctions` (one request at a time; a call meanwhile fetches once more after). */
  #refreshList(): Promise<void> {
    if (this.#listRequest) {
      this.#listAgain = true
      return this.#listRequest
    }
    this.#listRequest = (async () => {
      do {
        this.#listAgain = false
        try {
          const carried = takeInitial<AuctionLists>('/api/auctions')
          const data = carried ?? (await dataOf(api.GET('/api/auctions')))
          const first = data.live[0] ?? data.upcoming[0] ?? data.finished[0]
          if (first) noteServerTime(first.serverTime, carried ? carriedAt() : undefined)
          this.#listAsOf = first ? Date.parse(first.serverTime) || null : null
          this.#store.set(this.#list, { status: 'ready', data })
        } catch {
          const previous = this.#store.get(this.#list)
          this.#store.set(this.#list, { status: previous.data ? 'ready' : 'error', data: previous.data })
        }
      } while (this.#listAgain)
    })().finally(() => {
      this.#listRequest = null
    })
    return this.#listRequest
  }

  /** Keeps `listAtom` fresh while the returned function has not been called. */
  watchList(): () => void {
    this.#listWatchers += 1
    if (this.#listWatchers === 1) void this.#refreshList()
    this.#ensureFallback()
    this.#syncLobby()
    let done = false
    return () => {
      if (done) return
      done = true
      this.#listWatchers -= 1
      this.#ensureFallback()
      this.#syncLobby()
    }
  }

  // -------------------------------------------------------------------------------------------
  // Auction detail pages

  /** `GET /api/auctions/{id}` for an id, else `GET /api/auctions/slug/{slug}`. */
  #fetchAuction(key: string): Promise<Auction> {
    if (/^\d+$/.test(key)) return dataOf(api.GET('/api/auctions/{id}', { params: { path: { id: Number(key) } } }))
    return dataOf(api.GET('/api/auctions/slug/{slug}', { params: { path: { slug: key } } }))
  }

  /** Fetches one auction and its bids over HTTP (the first load, and the polling fallback). */
  async #fetchDetail(key: string): Promise<void> {
    const knownId = this.#keyIds.get(key)
    const revision = knownId === undefined ? 0 : (this.#revisions.get(knownId) ?? 0)
    const previous = this.#store.get(this.#details)[key] ?? EMPTY_DETAIL
    try {
      // By id once known (the slug changes with the title); the first time, maybe from the HTML.
      const carried = knownId === undefined ? takeInitial<Auction>(`/api/auctions/slug/${key}`) : undefined
      const auction = carried ?? (await this.#fetchAuction(knownId === undefined ? key : String(knownId)))
      this.#keyIds.set(key, auction.id)
      const bids =
        takeInitial<Bid[]>(`/api/auctions/${auction.id}/bids`) ?? (await dataOf(api.GET('/api/auctions/{id}/bids', { params: { path: { id: auction.id } } })))
      const current = this.#store.get(this.#details)[key]
      const shown = current?.auction?.id === auction.id ? current.auction : null
      // The socket (or an own bid) changed the shown auction meanwhile: what is shown is newer.
      if (shown && (this.#revisions.get(auction.id) ?? 0) !== revision) return
      noteServerTime(auction.serverTime, carried ? carriedAt() : undefined)
      if (newerAuction(shown, auction) === auction) this.#setDetail(key, { status: 'ready', auction, bids })
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        const deleted = previous.status === 'deleted' || (previous.auction !== null && previous.status === 'ready')
        this.#setDetail(key, { status: deleted ? 'deleted' : 'notFound', auction: null, bids: [] })
        return
      }
      const current = this.#store.get(this.#details)[key] ?? previous
      this.#setDetail(key, { ...current, status: current.auction ? 'ready' : 'error' })
    }
  }

  /** Sends `event` if the socket is connected (a reconnect sends what still holds again). */
  #emit<E extends ClientEventName>(event: E, data: ClientEventData<E>): boolean {
    if (!this.#socket?.connected) return false
    this.#socket.emit(event, data)
    return true
  }

  /** Refetches the lists if any are shown or cached (after lobby updates may have been missed). */
  /**
   * Brings the shown lists up to date over a socket that just connected: the server sends the
   * lobby frames since the moment they are as of (`lobbySince`), so a first visit reads
   * `/api/auctions` once, with its HTML. The lists are read again when the server cannot say
   * (it started later, minutes have passed, an older server), or does not answer in time.
   */
  #catchUpList() {
    if (!(this.#listWatchers > 0 || this.#store.get(this.#list).data)) return
    const socket = this.#socket
    const since = this.#listAsOf
    if (since === null || !socket?.connected) return void this.#refreshList()
    socket
      .timeout(CATCH_UP_TIMEOUT_MS)
      .emitWithAck('lobbySince', { since: new Date(since).toISOString() })
      .then(
        (ack) => {
          if (ack?.complete !== true) void this.#refreshList()
        },
        () => void this.#refreshList(),
      )
  }

  #refreshListIfShown() {
    if (this.#listWatchers > 0 || this.#store.get(this.#list).data) void this.#refreshList()
  }

  #joinKey(key: string) {
    const id = this.#keyIds.get(key)
    if (id === undefined || this.#joinedKeys.has(key)) return
    this.#joinedKeys.add(key)
    const count = this.#joinedIds.get(id) ?? 0
    this.#joinedIds.set(id, count + 1)
    if (count > 0) return
    this.#emit('joinAuction', id)
    this.#syncLobby()
  }

  #leaveKey(key: string) {
    const id = this.#keyIds.get(key)
    if (id === undefined || !this.#joinedKeys.delete(key)) return
    const count = (this.#joinedIds.get(id) ?? 1) - 1
    if (count > 0) {
      this.#joinedIds.set(id, count)
    } else {
      this.#joinedIds.delete(id)
      this.#emit('leaveAuction', id)
      this.#syncLobby()
    }
  }

  /**
   * The lobby updates are off while the client has joined an auction and shows no list (an
   * auction's page: its own frames come, and the other auctions' lobby updates would only cost
   * the server); on otherwise, as every connection starts. Turned back on, the lists are
   * refetched: they missed the updates meanwhile. (Not connected: the next connect starts with
   * them on and refetches the lists anyway.)
   */
  #syncLobby() {
    const wanted = this.#joinedIds.size === 0 || this.#listWatchers > 0
    if (wanted === this.#lobbyOn || !this.#emit('watchLobby', wanted)) return
    this.#lobbyOn = wanted
    if (wanted) this.#refreshListIfShown()
  }

  /** First load of a watched detail, then the join (if still watched and found). */
  #openDetail(key: string): Promise<void> {
    let loading = this.#loadingKeys.get(key)
    if (!loading) {
      loading = this.#fetchDetail(key).finally(() => this.#loadingKeys.delete(key))
      this.#loadingKeys.set(key, loading)
    }
    return loading.then(() => {
      const state = this.#store.get(this.#details)[key]
      if (this.#detailWatchers.has(key) && state?.auction) this.#joinKey(key)
    })
  }

  /** Keeps the detail of one auction (by slug or id) fresh while watched. */
  watchAuction(key: string): () => void {
    const count = this.#detailWatchers.get(key) ?? 0
    this.#detailWatchers.set(key, count + 1)
    if (count === 0) void this.#openDetail(key)
    this.#ensureFallback()
    let done = false
    return () => {
      if (done) return
      done = true
      const left = (this.#detailWatchers.get(key) ?? 1) - 1
      if (left > 0) {
        this.#detailWatchers.set(key, left)
      } else {
        this.#detailWatchers.delete(key)
        this.#leaveKey(key)
        // The next visit shows a plain not-found page, without the deletion toast again.
        if (this.#store.get(this.#details)[key]?.status === 'deleted') this.#setDetail(key, { status: 'notFound', auction: null, bids: [] })
      }
      this.#ensureFallback()
    }
  }

  /** The auction ids this client has joined on the socket (what a reconnect joins again). */
  joinedAuctions(): number[] {
    return [...this.#joinedIds.keys()]
  }

  // -------------------------------------------------------------------------------------------
  // Polling while the socket is not connected

  /** Polling stands in for a socket that was tried and is not connected: before the first try
   * (just after the first screen) the page shows what came with it, and a slow phone's first
   * seconds are not spent reading it again every second. */
  #fallbackNeeded(): boolean {
    return (
      !this.#stopped &&
      this.#socketTried &&
      this.#store.get(this.#connection) !== 'connected' &&
      (this.#listWatchers > 0 || this.#detailWatchers.size > 0)
    )
  }

  /** Starts or stops the polling loop; the first poll waits one interval (the socket may connect). */
  #ensureFallback() {
    if (this.#fallbackNeeded()) {
      if (!this.#fallbackTimer && !this.#fallbackRunning) this.#fallbackTimer = setTimeout(() => void this.#fallbackTick(), this.#options.pollIntervalMs)
    } else if (this.#fallbackTimer) {
      clearTimeout(this.#fallbackTimer)
      this.#fallbackTimer = null
    }
  }

  #detailNeedsPolling(key: string): boolean {
    const state = this.#store.get(this.#details)[key]
    if (!state) return true
    // A finished, missing or deleted auction no longer changes.
    if (state.status === 'notFound' || state.status === 'deleted') return false
    return state.auction?.status !== 'finished'
  }

  async #fallbackTick() {
    this.#fallbackTimer = null
    if (!this.#fallbackNeeded()) return
    this.#fallbackRunning = true
    try {
      const timers = await dataOf(api.GET('/api/timers')).catch(() => null)
      if (this.#fallbackNeeded()) {
        const stale = timers ? this.#applyTimers(timers) : false
        const list = this.#store.get(this.#list)
        if (this.#listWatchers > 0 && (stale || list.status !== 'ready')) void this.#refreshList()
        const keys = [...this.#detailWatchers.keys()].filter((key) => this.#detailNeedsPolling(key))
        await Promise.all(keys.map((key) => this.#openDetail(key)))
      }
    } finally {
      this.#fallbackRunning = false
      this.#ensureFallback()
    }
  }

  // -------------------------------------------------------------------------------------------
  // The socket

  #setConnection(connection: Connection) {
    if (this.#store.get(this.#connection) !== connection) this.#store.set(this.#connection, connection)
    this.#ensureFallback()
  }

  #onConnect() {
    this.#setConnection('connected')
    this.#emit('batchLobby', true)
    for (const id of this.#joinedIds.keys()) this.#emit('joinAuction', id)
    // Every connection starts with the lobby updates on.
    this.#lobbyOn = true
    this.#syncLobby()
    // A watched page whose first load failed loads (and joins) now; a missing or deleted auction
    // stays so (asking again only repeats the 404).
    for (const key of this.#detailWatchers.keys()) {
      const status = this.#store.get(this.#details)[key]?.status
      if (!this.#joinedKeys.has(key) && status !== 'notFound' && status !== 'deleted') void this.#openDetail(key)
    }
    // Lobby updates may have been missed while disconnected (or since the lists in the HTML).
    this.#catchUpList()
    // So may notices (a cached list refetches; none is fetched for a visitor), and balance changes.
    void this.#options.queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey })
    if (this.#store.get(currentUserAtom)) void this.#options.refreshBalance?.()
  }

  #onDisconnect(socket: RealtimeSocket, reason: string) {
    this.#setConnection('disconnected')
    // The server closed this socket on purpose (the user signed out, here or elsewhere): socket.io
    // does not retry by itself then. This page's own logout or password change settles first.
    if (reason === 'io server disconnect' && !this.#reconnectTimer) {
      const reconnect = () => {
        this.#reconnectTimer = null
        if (!this.#stopped && !socket.connected) socket.connect()
      }
      this.#reconnectTimer = setTimeout(() => {
        const settled = this.#options.sessionSettled?.()
        if (settled) void settled.then(reconnect)
        else reconnect()
      }, this.#options.reconnectDelayMs)
    }
  }

  /** A watched auction's change, or a compact change for the lists. */
  #onAuctionUpdate(update: AuctionUpdate) {
    if (update.type === 'lobby') this.#applyLobby(update)
    else this.#applyUpdate(update)
    // The history screens never go stale on their own (spec section 9); these changes refetch them.
    if (changesHistory(update) && this.#store.get(currentUserAtom)) {
      void this.#options.queryClient.invalidateQueries({ queryKey: queryKeys.user })
    }
  }

  #onTimers({ timers }: TimerUpdate) {
    this.#applyTimers(timers)
  }

  #onBalance({ userId, bidBalance }: BidBalanceUpdate) {
    if (this.#store.get(currentUserAtom)?.id === userId) this.#store.set(setBidBalanceAtom, bidBalance)
  }

  /** The handler of every server event: an event added to the contract fails to compile here until
   * it has one. */
  readonly #serverEvents: ServerListeners = {
    auctionUpdate: (update) => this.#onAuctionUpdate(update),
    lobbyUpdates: ({ updates }) => {
      for (const update of updates) this.#onAuctionUpdate(update)
    },
    timerUpdate: (timers) => this.#onTimers(timers),
    bidBalanceUpdate: (balance) => this.#onBalance(balance),
    orderUpdate: (update) => applyOrderUpdate(this.#options, update),
    notification: (notice) => applyNotification(this.#options, notice, Boolean(this.#store.get(currentUserAtom))),
  }

  #listen(socket: RealtimeSocket) {
    socket.on('connect', () => this.#onConnect())
    socket.on('disconnect', (reason) => this.#onDisconnect(socket, reason))
    socket.on('connect_error', () => this.#setConnection('disconnected'))
    for (const name of Object.keys(this.#serverEvents) as ServerEventName[]) {
      // TypeScript cannot pair `name` with `serverEvents[name]` across the union; the map's type did.
      socket.on(name, this.#serverEvents[name] as never)
    }
  }

  /** Reconnects when the logged-in user changes, so the server sees the new session cookie. */
  #followSession() {
    const check = () => {
      if (this.#store.get(authStatusAtom) !== 'ready') return
      const id = this.#store.get(currentUserAtom)?.id ?? null
      const socket = this.#socket
      if (this.#sessionUser !== undefined && id !== this.#sessionUser && socket) {
        // A socket the server already closed (logging out everywhere closes them all) is not
        // closed again: that would write to a closed WebSocket.
        if (socket.connected) socket.disconnect()
        socket.connect()
      }
      this.#sessionUser = id
    }
    this.#unsubscribe.push(this.#store.sub(currentUserAtom, check), this.#store.sub(authStatusAtom, check))
    check()
  }

  /**
   * Places a live bid on auction `auctionId` over the socket (`placeBid`, refusals in the UI's
   * language); `null` while the socket is not connected, and the caller posts the bid instead.
   * Resolves with the `BidAnswer` of `POST /api/auctions/{id}/bid`, or with `null` when the
   * server (one from before socket bids, during an upgrade) placed nothing and the bid is to be
   * posted; rejects with the `ApiError` that POST would have thrown, or with `bid_outcome_unknown`
   * (status 0) when no ack came in time or the connection dropped first. A bid the server may have
   * placed is never sent again, over HTTP or otherwise: it could be charged twice.
   */
  placeBid(auctionId: number): Promise<BidAnswer | null> | null {
    const socket = this.#socket
    if (!socket?.connected) return null
    const acked = socket.timeout(this.#options.bidAckTimeoutMs ?? BID_ACK_TIMEOUT_MS).emitWithAck('placeBid', { auctionId, lang: currentLanguage() })
    return acked.then(bidAnswerOf, () => {
      throw outcomeUnknown()
    })
  }

  /** Opens the socket (once). Until it has connected the polling fallback keeps the pages live. */
  async start(): Promise<void> {
    if (this.#started || this.#stopped) return
    this.#started = true
    this.#socketTried = true
    this.#ensureFallback()
    let socket: RealtimeSocket
    try {
      socket = await this.#options.connect()
    } catch {
      // The socket could not be made: the pages stay live by polling.
      this.#started = false
      return
    }
    if (this.#stopped) {
      socket.disconnect()
      return
    }
    this.#socket = socket
    this.#listen(socket)
    this.#followSession()
    // A socket that connected before its listeners were attached missed its `connect` event.
    if (socket.connected) this.#onConnect()
  }

  /** Closes the socket and stops every timer and subscription (a test's teardown). */
  stop() {
    this.#stopped = true
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe()
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer)
    this.#reconnectTimer = null
    if (this.#fallbackTimer) clearTimeout(this.#fallbackTimer)
    this.#fallbackTimer = null
    this.#socket?.disconnect()
    this.#socket = null
  }
}
