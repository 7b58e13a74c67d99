//! What the realtime client watches, and how it keeps it fresh: the lists (`watchList`) and the
//! auction pages (`watchAuction`) being shown, the auctions joined on the socket (`joinAuction`,
//! `leaveAuction`, two keys of one auction sharing a join), the lobby switch (`watchLobby` off while
//! only auction pages are shown), the lobby catch-up after a connect (`lobbySince`), and the HTTP
//! reads (`GET /api/auctions`, one auction and its bids) that fill the views before the socket's
//! changes and whenever those may have been missed. It owns the views it fills (realtime-views.ts).
import { ApiError, api, dataOf } from './api'
import type { Auction, AuctionLists, Bid } from './api-types'
import { noteServerTime } from './clock'
import { carriedAt, takeInitial } from './initial-answers'
import { newerAuction } from './realtime-reducers'
import type { RealtimeTransport, Store } from './realtime-transport'
import { AuctionViews, EMPTY_DETAIL } from './realtime-views'

/** How long a `lobbySince` waits for its ack before the lists are read again instead. */
export const CATCH_UP_TIMEOUT_MS = 5_000

/** `GET /api/auctions/{id}` for an id, else `GET /api/auctions/slug/{slug}`. */
function fetchAuction(key: string): Promise<Auction> {
  if (/^\d+$/.test(key)) return dataOf(api.GET('/api/auctions/{id}', { params: { path: { id: Number(key) } } }))
  return dataOf(api.GET('/api/auctions/slug/{slug}', { params: { path: { slug: key } } }))
}

export class Subscriptions {
  /** The lists and details this fills and keeps fresh. */
  readonly views: AuctionViews
  readonly #transport: RealtimeTransport
  /** Called whenever what is watched changes (the polling fallback decides again). */
  readonly #watchChanged: () => void

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

  constructor(store: Store, transport: RealtimeTransport, watchChanged: () => void) {
    this.views = new AuctionViews(store, this)
    this.#transport = transport
    this.#watchChanged = watchChanged
  }

  /** Whether any list is shown. */
  get listWatched(): boolean {
    return this.#listWatchers > 0
  }

  /** Whether anything (a list or an auction page) is shown. */
  get watching(): boolean {
    return this.#listWatchers > 0 || this.#detailWatchers.size > 0
  }

  /** The keys (slug or id) of the auction pages shown. */
  watchedKeys(): string[] {
    return [...this.#detailWatchers.keys()]
  }

  isWatched(key: string): boolean {
    return this.#detailWatchers.has(key)
  }

  /** The auction ids this client has joined on the socket (what a reconnect joins again). */
  joinedAuctions(): number[] {
    return [...this.#joinedIds.keys()]
  }

  // -------------------------------------------------------------------------------------------
  // The auction lists

  /** Fetches `GET /api/auctions` (one request at a time; a call meanwhile fetches once more after). */
  refreshList(): Promise<void> {
    if (this.#listRequest) {
      this.#listAgain = true
      return this.#listRequest
    }
    this.#listRequest = (async () => {
      do {
        this.#listAgain = false
        await this.#readList()
      } while (this.#listAgain)
    })().finally(() => {
      this.#listRequest = null
    })
    return this.#listRequest
  }

  async #readList() {
    const views = this.views
    try {
      const carried = takeInitial<AuctionLists>('/api/auctions')
      const data = carried ?? (await dataOf(api.GET('/api/auctions')))
      const first = data.live[0] ?? data.upcoming[0] ?? data.finished[0]
      if (first) noteServerTime(first.serverTime, carried ? carriedAt() : undefined)
      views.listAsOf = first ? Date.parse(first.serverTime) || null : null
      views.list = { status: 'ready', data }
    } catch {
      const previous = views.list
      views.list = { status: previous.data ? 'ready' : 'error', data: previous.data }
    }
  }

  /** Keeps the lists fresh while the returned function has not been called. */
  watchList(): () => void {
    this.#listWatchers += 1
    if (this.#listWatchers === 1) void this.refreshList()
    this.#watchChanged()
    this.#syncLobby()
    let done = false
    return () => {
      if (done) return
      done = true
      this.#listWatchers -= 1
      this.#watchChanged()
      this.#syncLobby()
    }
  }

  /** Whether lists are shown or cached (and would go stale when lobby updates are missed). */
  #listKept(): boolean {
    return this.#listWatchers > 0 || this.views.list.data !== null
  }

  /**
   * Brings the shown lists up to date over a socket that just connected: the server sends the
   * lobby frames since the moment they are as of (`lobbySince`), so a first visit reads
   * `/api/auctions` once, with its HTML. The lists are read again when the server cannot say
   * (it started later, minutes have passed, an older server), or does not answer in time.
   */
  #catchUpList() {
    if (!this.#listKept()) return
    const since = this.views.listAsOf
    const acked = since === null ? null : this.#transport.emitWithAck('lobbySince', { since: new Date(since).toISOString() }, CATCH_UP_TIMEOUT_MS)
    if (!acked) return void this.refreshList()
    acked.then(
      (ack) => {
        if (ack?.complete !== true) void this.refreshList()
      },
      () => void this.refreshList(),
    )
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
    if (wanted === this.#lobbyOn || !this.#transport.emit('watchLobby', wanted)) return
    this.#lobbyOn = wanted
    if (wanted && this.#listKept()) void this.refreshList()
  }

  // -------------------------------------------------------------------------------------------
  // Auction detail pages

  /** Fetches one auction and its bids over HTTP (the first load, and the polling fallback). */
  async #fetchDetail(key: string): Promise<void> {
    const views = this.views
    const knownId = this.#keyIds.get(key)
    const revision = knownId === undefined ? 0 : views.revision(knownId)
    const previous = views.detail(key) ?? EMPTY_DETAIL
    try {
      // By id once known (the slug changes with the title); the first time, maybe from the HTML.
      const carried = knownId === undefined ? takeInitial<Auction>(`/api/auctions/slug/${key}`) : undefined
      const auction = carried ?? (await fetchAuction(knownId === undefined ? key : String(knownId)))
      this.#keyIds.set(key, auction.id)
      const bids =
        takeInitial<Bid[]>(`/api/auctions/${auction.id}/bids`) ?? (await dataOf(api.GET('/api/auctions/{id}/bids', { params: { path: { id: auction.id } } })))
      const current = views.detail(key)
      const shown = current?.auction?.id === auction.id ? current.auction : null
      // The socket (or an own bid) changed the shown auction meanwhile: what is shown is newer.
      if (shown && views.revision(auction.id) !== revision) return
      noteServerTime(auction.serverTime, carried ? carriedAt() : undefined)
      if (newerAuction(shown, auction) === auction) views.setDetail(key, { status: 'ready', auction, bids })
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        const deleted = previous.status === 'deleted' || (previous.auction !== null && previous.status === 'ready')
        views.setDetail(key, { status: deleted ? 'deleted' : 'notFound', auction: null, bids: [] })
        return
      }
      const current = views.detail(key) ?? previous
      views.setDetail(key, { ...current, status: current.auction ? 'ready' : 'error' })
    }
  }

  #joinKey(key: string) {
    const id = this.#keyIds.get(key)
    if (id === undefined || this.#joinedKeys.has(key)) return
    this.#joinedKeys.add(key)
    const count = this.#joinedIds.get(id) ?? 0
    this.#joinedIds.set(id, count + 1)
    if (count > 0) return
    this.#transport.emit('joinAuction', id)
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
      this.#transport.emit('leaveAuction', id)
      this.#syncLobby()
    }
  }

  /** First load of a watched detail, then the join (if still watched and found). */
  openDetail(key: string): Promise<void> {
    let loading = this.#loadingKeys.get(key)
    if (!loading) {
      loading = this.#fetchDetail(key).finally(() => this.#loadingKeys.delete(key))
      this.#loadingKeys.set(key, loading)
    }
    return loading.then(() => {
      if (this.#detailWatchers.has(key) && this.views.detail(key)?.auction) this.#joinKey(key)
    })
  }

  /** Keeps the detail of one auction (by slug or id) fresh while watched. */
  watchAuction(key: string): () => void {
    const count = this.#detailWatchers.get(key) ?? 0
    this.#detailWatchers.set(key, count + 1)
    if (count === 0) void this.openDetail(key)
    this.#watchChanged()
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
        if (this.views.detail(key)?.status === 'deleted') this.views.setDetail(key, { status: 'notFound', auction: null, bids: [] })
      }
      this.#watchChanged()
    }
  }

  /** A (re)connected socket: joins what is joined again, says the lobby switch again, loads the
   * pages whose first load failed, and catches the lists up. */
  resume() {
    for (const id of this.#joinedIds.keys()) this.#transport.emit('joinAuction', id)
    // Every connection starts with the lobby updates on.
    this.#lobbyOn = true
    this.#syncLobby()
    // A watched page whose first load failed loads (and joins) now; a missing or deleted auction
    // stays so (asking again only repeats the 404).
    for (const key of this.#detailWatchers.keys()) {
      const status = this.views.detail(key)?.status
      if (!this.#joinedKeys.has(key) && status !== 'notFound' && status !== 'deleted') void this.openDetail(key)
    }
    // Lobby updates may have been missed while disconnected (or since the lists in the HTML).
    this.#catchUpList()
  }
}
