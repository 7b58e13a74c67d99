//! The realtime client: one object, the façade over the socket.io connection, the joined auctions,
//! the fallback polling and the list and detail state it writes into jotai atoms. It wires four
//! parts together and says what each server event means; the socket comes from an injected
//! `connect` (lib/socket-client.ts's `SocketClient` in the app, a fake in tests), and so do the
//! store, the query cache and the toast. `realtime.ts` makes the app's one instance and exports its
//! atoms and actions.
//!
//! - realtime-transport.ts, the socket (WebSocket transport only, `/socket.io/`): it starts with the
//!   app, reconnects after login and logout so the server knows who is watching, and carries a
//!   live bid (`placeBid`, with an ack carrying the answer `POST /api/auctions/{id}/bid` would
//!   give); while the socket is not connected `placeBid` says so (`null`) and the caller posts the
//!   bid instead.
//! - realtime-subscriptions.ts, what is watched: a detail page joins its auction (`joinAuction`,
//!   again after every reconnect) and gets a `snapshot`, then every change of it; everyone gets the
//!   compact lobby updates, the once-a-second `timerUpdate`, their own `bidBalanceUpdate` and
//!   `orderUpdate` (written into the TanStack Query cache of their orders) and `notification` (into
//!   the cached notices, whose unread count the header's bell shows). While it has joined an
//!   auction and shows no list (an auction's page) the lobby updates are off (`watchLobby` false,
//!   again after every reconnect); leaving the last one, or showing a list, turns them back on
//!   (`watchLobby` true) and refetches the lists, which went stale meanwhile. Every connection asks
//!   for them in one `lobbyUpdates` frame per flush (`batchLobby` true: one frame for all the
//!   auctions that changed, not one per auction); a server that does not know `batchLobby` ignores
//!   it and sends `auctionUpdate` frames of type `lobby`, handled alike.
//! - realtime-views.ts, the list and detail atoms and every change applied to them.
//! - realtime-polling.ts: while the socket is not connected, `GET /api/timers` and the watched
//!   detail pages (`GET /api/auctions/{id}` and `/bids`) are polled every second instead.
//!
//! Socket payloads are typed by the generated contract (`ServerEvent`, `ClientEvent`): every server
//! event has one handler taking its payload type (`serverEvents`), and `auctionUpdate` is told
//! apart by its `type`. Nothing here (or in a component) checks a payload's shape by hand.
import type { QueryClient } from '@tanstack/react-query'
import type { Atom } from 'jotai'
import type { Auction, AuctionUpdate, Bid, BidAnswer, BidBalanceUpdate, PrebidAnswer } from './api-types'
import { notificationsQuery, queryKeys } from './queries'
import { applyNotification, applyOrderUpdate } from './realtime-personal'
import { PollingFallback } from './realtime-polling'
import { Subscriptions } from './realtime-subscriptions'
import { RealtimeTransport } from './realtime-transport'
import type { Connection, RealtimeSocket, ServerListeners, TransportOptions } from './realtime-transport'
import type { AuctionDetailState, AuctionListState, AuctionViews } from './realtime-views'
import { currentUserAtom, setBidBalanceAtom } from './session'
import type { ToastInput } from './toast'

export { CATCH_UP_TIMEOUT_MS } from './realtime-subscriptions'
export { BID_ACK_TIMEOUT_MS } from './realtime-transport'
export type { AckingSocket, ClientAcks, Connection, LobbySinceAck, PlaceBidAck, RealtimeSocket, ServerListeners, Store } from './realtime-transport'
export { EMPTY_DETAIL } from './realtime-views'
export type { AuctionDetailState, AuctionListState } from './realtime-views'

export interface RealtimeOptions extends TransportOptions {
  queryClient: QueryClient
  toast: (input: ToastInput) => void
  /** How often the fallback polls while the socket is not connected. */
  pollIntervalMs: number
  /** Reads the signed-in user's balance afresh: a `bidBalanceUpdate` sent while no socket was
   * connected (before the first connect, or between a drop and the reconnect) is never repeated. */
  refreshBalance?: () => Promise<void> | void
}

/**
 * Whether an auction change alters the logged-in user's own history: a finish decides won or
 * lost, a go-live turns pre-bids into bids, a deletion refunds them.
 */
export function changesHistory(update: AuctionUpdate): boolean {
  if (update.type === 'lobby') return update.status === 'finished' || update.deleted
  return update.type === 'finished' || update.type === 'started' || update.type === 'deleted'
}

export class RealtimeClient {
  readonly connectionAtom: Atom<Connection>
  readonly listAtom: Atom<AuctionListState>
  /** Detail state per watched key (a slug, or a numeric id from older links). */
  readonly detailsAtom: Atom<Record<string, AuctionDetailState>>

  readonly #options: RealtimeOptions
  readonly #transport: RealtimeTransport
  readonly #views: AuctionViews
  readonly #subscriptions: Subscriptions
  readonly #polling: PollingFallback

  constructor(options: RealtimeOptions) {
    this.#options = options
    this.#transport = new RealtimeTransport(options, {
      listeners: this.#serverEvents,
      connected: () => this.#onConnect(),
      changed: () => this.#polling.ensure(),
    })
    this.#subscriptions = new Subscriptions(options.store, this.#transport, () => this.#polling.ensure())
    this.#views = this.#subscriptions.views
    this.#polling = new PollingFallback(options.pollIntervalMs, this.#transport, this.#subscriptions)
    this.connectionAtom = this.#transport.connectionAtom
    this.listAtom = this.#views.listAtom
    this.detailsAtom = this.#views.detailsAtom
  }

  /** The socket, once opened (for tests and diagnostics). */
  get socket(): RealtimeSocket | null {
    return this.#transport.socket
  }

  // -------------------------------------------------------------------------------------------
  // Changes the app applies at once

  /** An auction was deleted: a page showing it says so (and goes home); a cached one is just gone. */
  markDeleted(id: number) {
    this.#views.markDeleted(id)
  }

  /** Merges a fresher copy of one auction into every view of it (an admin's save, say). */
  receiveAuction(auction: Auction) {
    this.#views.receiveAuction(auction)
  }

  /** Applies the answer to the user's own bid at once, without waiting for the socket. */
  bidAccepted(answer: { auction: Auction; bid: Bid }) {
    this.#views.bidAccepted(answer)
  }

  /** An admin (un)promoted an auction: the lists show the one promoted auction at once. */
  auctionPromoted(saved: Auction) {
    this.#views.auctionPromoted(saved)
  }

  /** Applies the answer to the user's own pre-bid (the auction's new pre-bid count) at once. */
  prebidAccepted(answer: PrebidAnswer) {
    this.#views.prebidAccepted(answer)
  }

  // -------------------------------------------------------------------------------------------
  // What is watched

  /** Keeps `listAtom` fresh while the returned function has not been called. */
  watchList(): () => void {
    return this.#subscriptions.watchList()
  }

  /** Keeps the detail of one auction (by slug or id) fresh while watched. */
  watchAuction(key: string): () => void {
    return this.#subscriptions.watchAuction(key)
  }

  /** The auction ids this client has joined on the socket (what a reconnect joins again). */
  joinedAuctions(): number[] {
    return this.#subscriptions.joinedAuctions()
  }

  // -------------------------------------------------------------------------------------------
  // The server's events

  #onConnect() {
    this.#transport.emit('batchLobby', true)
    this.#subscriptions.resume()
    // Notices may have been missed while disconnected too (a cached list refetches; none is
    // fetched for a visitor), and so may balance changes.
    void this.#options.queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey })
    if (this.#options.store.get(currentUserAtom)) void this.#options.refreshBalance?.()
  }

  /** A watched auction's change, or a compact change for the lists. */
  #onAuctionUpdate(update: AuctionUpdate) {
    if (update.type === 'lobby') this.#views.applyLobby(update)
    else this.#views.applyUpdate(update)
    // The history screens never go stale on their own (spec section 9); these changes refetch them.
    if (changesHistory(update) && this.#options.store.get(currentUserAtom)) {
      void this.#options.queryClient.invalidateQueries({ queryKey: queryKeys.user })
    }
  }

  #onBalance({ userId, bidBalance }: BidBalanceUpdate) {
    const store = this.#options.store
    if (store.get(currentUserAtom)?.id === userId) store.set(setBidBalanceAtom, bidBalance)
  }

  /** The handler of every server event: an event added to the contract fails to compile here until
   * it has one. */
  readonly #serverEvents: ServerListeners = {
    auctionUpdate: (update) => this.#onAuctionUpdate(update),
    lobbyUpdates: ({ updates }) => {
      for (const update of updates) this.#onAuctionUpdate(update)
    },
    timerUpdate: ({ timers }) => void this.#views.applyTimers(timers),
    bidBalanceUpdate: (balance) => this.#onBalance(balance),
    orderUpdate: (update) => applyOrderUpdate(this.#options, update),
    notification: (notice) => applyNotification(this.#options, notice, Boolean(this.#options.store.get(currentUserAtom))),
  }

  // -------------------------------------------------------------------------------------------
  // The socket

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
    return this.#transport.placeBid(auctionId)
  }

  /** Opens the socket (once). Until it has connected the polling fallback keeps the pages live. */
  start(): Promise<void> {
    return this.#transport.start()
  }

  /** Closes the socket and stops every timer and subscription (a test's teardown). */
  stop() {
    this.#transport.stop()
    this.#polling.stop()
  }
}
