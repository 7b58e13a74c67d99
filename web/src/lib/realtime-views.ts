//! What the realtime client shows: the auction lists and the watched auctions' details, kept in
//! jotai atoms (components read them through `listAtom` and `detailsAtom`), and every change
//! applied to them: the socket's events, the polled timers, an own bid or pre-bid, an admin's
//! save, promotion or deletion. Each change goes through the pure reducers of
//! realtime-reducers.ts; this module only finds the views a change touches and writes them.
import type { Atom } from 'jotai'
import { atom } from 'jotai'
import type { Auction, AuctionEvent, AuctionLists, Bid, LobbyUpdate, PrebidAnswer, TimerMap } from './api-types'
import { noteServerTime, serverNow } from './clock'
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
import type { Store } from './realtime-transport'

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

type ShownDetail = AuctionDetailState & { auction: Auction }

/** What the views ask of whoever keeps them fresh (realtime-subscriptions.ts). */
export interface ViewsSource {
  /** Reads the lists again (a change they cannot apply, such as an auction they do not hold). */
  refreshList(): Promise<void>
  /** Whether a page is showing the detail under `key` now. */
  isWatched(key: string): boolean
}

export class AuctionViews {
  readonly #list = atom<AuctionListState>({ status: 'loading', data: null })
  readonly #details = atom<Record<string, AuctionDetailState>>({})
  readonly listAtom: Atom<AuctionListState> = atom((get) => get(this.#list))
  /** Detail state per watched key (a slug, or a numeric id from older links). */
  readonly detailsAtom: Atom<Record<string, AuctionDetailState>> = atom((get) => get(this.#details))

  /** The server time (ms) the shown lists are as of: their read's, or the newest lobby frame's since. */
  listAsOf: number | null = null

  readonly #store: Store
  readonly #source: ViewsSource
  /** Auction id → how many changes the socket (or an own bid) applied: an HTTP answer that was
   * requested before the latest of them is older than what is shown, and is dropped. */
  readonly #revisions = new Map<number, number>()

  constructor(store: Store, source: ViewsSource) {
    this.#store = store
    this.#source = source
  }

  /** How many changes were applied to auction `id` (see `#revisions`). */
  revision(id: number): number {
    return this.#revisions.get(id) ?? 0
  }

  #bump(id: number) {
    this.#revisions.set(id, this.revision(id) + 1)
  }

  get list(): AuctionListState {
    return this.#store.get(this.#list)
  }

  set list(state: AuctionListState) {
    this.#store.set(this.#list, state)
  }

  detail(key: string): AuctionDetailState | undefined {
    return this.#store.get(this.#details)[key]
  }

  setDetail(key: string, state: AuctionDetailState) {
    this.#store.set(this.#details, (all) => ({ ...all, [key]: state }))
  }

  /** Applies `change` to every detail (under its key); writes the atom only if one changed. */
  #mapDetails(change: (state: AuctionDetailState, key: string) => AuctionDetailState) {
    const details = this.#store.get(this.#details)
    let next: Record<string, AuctionDetailState> | null = null
    for (const [key, state] of Object.entries(details)) {
      const updated = change(state, key)
      if (updated === state) continue
      next ??= { ...details }
      next[key] = updated
    }
    if (next) this.#store.set(this.#details, next)
  }

  /** Applies `change` to every detail showing auction `id`. */
  #updateDetails(id: number, change: (state: ShownDetail) => AuctionDetailState) {
    this.#mapDetails((state) => (state.auction?.id === id ? change(state as ShownDetail) : state))
  }

  #updateList(change: (list: AuctionLists) => { list: AuctionLists; refetch: boolean }) {
    const state = this.list
    if (!state.data) return
    const { list, refetch } = change(state.data)
    if (list !== state.data) this.list = { status: 'ready', data: list }
    if (refetch) void this.#source.refreshList()
  }

  /** An auction was deleted: a page showing it says so (and goes home); a cached one is just gone. */
  markDeleted(id: number) {
    this.#mapDetails((state, key) =>
      state.auction?.id === id ? { status: this.#source.isWatched(key) ? 'deleted' : 'notFound', auction: null, bids: [] } : state,
    )
    this.#updateList((list) => ({ list: removeFromList(list, id), refetch: false }))
  }

  /** A watched auction's change (`auctionUpdate` of any type but `lobby`). */
  applyUpdate(update: AuctionEvent) {
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

  /** A compact change for the lists (the lobby), which a shown detail takes too. */
  applyLobby(patch: LobbyUpdate) {
    noteServerTime(patch.serverTime)
    const at = Date.parse(patch.serverTime)
    if (this.listAsOf !== null && at > this.listAsOf) this.listAsOf = at
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
  applyTimers(timers: TimerMap): boolean {
    const now = serverNow()
    let stale = false
    const state = this.list
    if (state.data) {
      const change = applyTimersToList(state.data, timers, now)
      stale = change.stale
      if (change.list !== state.data) this.list = { status: 'ready', data: change.list }
    }
    this.#mapDetails((detail) => {
      const auction = detail.auction && applyTimersToAuction(detail.auction, timers, now)
      return auction === detail.auction ? detail : { ...detail, auction }
    })
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
}
