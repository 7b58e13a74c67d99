//! Live auction data: the app's one realtime client (`RealtimeClient` in realtime-client.ts, which
//! owns the socket.io connection, reconnection, joined auctions and the fallback polling) and what
//! the rest of the app uses of it: its read-only atoms, the actions that apply an own bid or an
//! admin's change at once, `startRealtime` / `watchAuctionList` / `watchAuction`, and
//! `placeBidOverSocket`. Components read the atoms and never fetch live prices themselves.
import { atom } from 'jotai'
import type { Auction, Bid, BidAnswer, PrebidAnswer } from './api-types'
import { queryClient } from './query-client'
import { RealtimeClient } from './realtime-client'
import { SocketClient, socketUrl } from './socket-client'
import { refreshBalanceAtom, sessionSettled } from './session'
import { appStore } from './store'
import { showToast } from './toast'

export { BID_ACK_TIMEOUT_MS, EMPTY_DETAIL, RealtimeClient, changesHistory } from './realtime-client'
export type { AuctionDetailState, AuctionListState, Connection, PlaceBidAck, RealtimeSocket } from './realtime-client'

export const POLL_INTERVAL_MS = 1000

/** The socket options of the realtime contract (spec section 7, "Realtime"). */
export const SOCKET_OPTIONS = {
  path: '/socket.io/',
  transports: ['websocket'],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20000,
  withCredentials: true,
}

/** The app's client: a Socket.IO connection with the contract's options (lib/socket-client.ts). */
export const realtime = new RealtimeClient({
  connect: () => new SocketClient(socketUrl(SOCKET_OPTIONS.path), SOCKET_OPTIONS),
  store: appStore,
  queryClient,
  toast: showToast,
  pollIntervalMs: POLL_INTERVAL_MS,
  reconnectDelayMs: SOCKET_OPTIONS.reconnectionDelay,
  refreshBalance: () => appStore.set(refreshBalanceAtom),
  sessionSettled,
})

export const connectionAtom = realtime.connectionAtom
export const auctionListAtom = realtime.listAtom
/** Detail state per watched key (a slug, or a numeric id from older links). */
export const auctionDetailsAtom = realtime.detailsAtom

/** Opens the socket (once). Called at startup; until it has connected the polling fallback keeps
 * the pages live. */
export function startRealtime() {
  void realtime.start()
}

/** Keeps `auctionListAtom` fresh while the returned function has not been called. */
export function watchAuctionList(): () => void {
  return realtime.watchList()
}

/** Keeps the detail of one auction (by slug or id) fresh while watched. */
export function watchAuction(key: string): () => void {
  return realtime.watchAuction(key)
}

/** Places a live bid over the socket while it is connected (the answer and errors of
 * `POST /api/auctions/{id}/bid`); `null` when it is not, and the caller posts the bid instead. */
export function placeBidOverSocket(auctionId: number): Promise<BidAnswer | null> | null {
  return realtime.placeBid(auctionId)
}

/** Applies the answer to the user's own bid at once, without waiting for the socket. */
export const bidAcceptedAtom = atom(null, (_get, _set, answer: { auction: Auction; bid: Bid }) => {
  realtime.bidAccepted(answer)
})

/** Applies an admin's change at once (the answer to a create, an edit or a finish), without
 * waiting for the socket; an auction the lists do not hold yet makes them refetch. */
export const auctionSavedAtom = atom(null, (_get, _set, auction: Auction) => {
  realtime.receiveAuction(auction)
})

/** An admin (un)promoted an auction: the lists show the one promoted auction at once. */
export const auctionPromotedAtom = atom(null, (_get, _set, saved: Auction) => {
  realtime.auctionPromoted(saved)
})

/** An admin deleted an auction: every view drops it at once. */
export const auctionDeletedAtom = atom(null, (_get, _set, id: number) => {
  realtime.markDeleted(id)
})

/** Applies the answer to the user's own pre-bid (the auction's new pre-bid count) at once. */
export const prebidAcceptedAtom = atom(null, (_get, _set, answer: PrebidAnswer) => {
  realtime.prebidAccepted(answer)
})
