//! Live auction data. This module owns the socket.io connection (reconnection, joined auctions,
//! the fallback polling) and writes everything it learns into the atoms below through the app's
//! single store; components read the atoms and never fetch live prices themselves.
//!
//! - The socket (WebSocket transport only, `/socket.io/`) starts with the app and reconnects after
//!   login and logout so the server knows who is watching.
//! - A detail page joins its auction (`joinAuction`, again after every reconnect) and gets a
//!   `snapshot`, then every change of it; everyone gets the compact lobby updates, the
//!   once-a-second `timerUpdate`, their own `bidBalanceUpdate` and `orderUpdate` (written into the
//!   TanStack Query cache of their orders) and `notification` (into the cached notices, whose
//!   unread count the header's bell shows).
//! - While the socket is not connected, `GET /api/timers` and the watched detail pages
//!   (`GET /api/auctions/{id}` and `/bids`) are polled every second instead.
//!
//! Socket payloads are typed by the generated contract (`ServerEvent`, `ClientEvent`): every server
//! event has one handler taking its payload type (`SERVER_EVENTS`), and `auctionUpdate` is told
//! apart by its `type`. Nothing here (or in a component) checks a payload's shape by hand.
import { atom } from 'jotai'
import type { Socket } from 'socket.io-client'
import { ApiError, api, dataOf } from './api'
import type {
  Auction,
  AuctionEvent,
  AuctionLists,
  AuctionUpdate,
  Bid,
  BidBalanceUpdate,
  ClientEventData,
  ClientEventName,
  LobbyUpdate,
  Notification,
  OrderUpdate,
  PrebidAnswer,
  ServerEventData,
  ServerEventName,
  TimerMap,
  TimerUpdate,
} from './api-types'
import { noteServerTime, serverNow } from './clock'
import i18n from './i18n'
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
import { notificationsQuery, queryKeys, rememberOrder, userOrderQuery } from './queries'
import { noticeText, touchesClaims, withNotice } from './notifications'
import { queryClient } from './query-client'
import { appStore } from './store'
import { showToast } from './toast'

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

const connectionBaseAtom = atom<Connection>('disconnected')
const listBaseAtom = atom<AuctionListState>({ status: 'loading', data: null })
const detailsBaseAtom = atom<Record<string, AuctionDetailState>>({})

export const connectionAtom = atom((get) => get(connectionBaseAtom))
export const auctionListAtom = atom((get) => get(listBaseAtom))
/** Detail state per watched key (a slug, or a numeric id from older links). */
export const auctionDetailsAtom = atom((get) => get(detailsBaseAtom))

export const EMPTY_DETAIL: AuctionDetailState = { status: 'loading', auction: null, bids: [] }

// ---------------------------------------------------------------------------------------------
// Writing into the atoms

/** Auction id → how many changes the socket (or an own bid) applied: an HTTP answer that was
 * requested before the latest of them is older than what is shown, and is dropped. */
const revisions = new Map<number, number>()

function bump(id: number) {
  revisions.set(id, (revisions.get(id) ?? 0) + 1)
}

/** Applies `change` to every detail showing auction `id`. */
function updateDetails(id: number, change: (state: AuctionDetailState & { auction: Auction }) => AuctionDetailState) {
  const details = appStore.get(detailsBaseAtom)
  let next: Record<string, AuctionDetailState> | null = null
  for (const [key, state] of Object.entries(details)) {
    if (state.auction?.id !== id) continue
    const updated = change(state as AuctionDetailState & { auction: Auction })
    if (updated === state) continue
    next ??= { ...details }
    next[key] = updated
  }
  if (next) appStore.set(detailsBaseAtom, next)
}

function updateList(change: (list: AuctionLists) => { list: AuctionLists; refetch: boolean }) {
  const state = appStore.get(listBaseAtom)
  if (!state.data) return
  const { list, refetch } = change(state.data)
  if (list !== state.data) appStore.set(listBaseAtom, { status: 'ready', data: list })
  if (refetch) void refreshList()
}

/** An auction was deleted: a page showing it says so (and goes home); a cached one is just gone. */
function markDeleted(id: number) {
  const details = appStore.get(detailsBaseAtom)
  const next = { ...details }
  let changed = false
  for (const [key, state] of Object.entries(details)) {
    if (state.auction?.id !== id) continue
    next[key] = { status: detailWatchers.has(key) ? 'deleted' : 'notFound', auction: null, bids: [] }
    changed = true
  }
  if (changed) appStore.set(detailsBaseAtom, next)
  updateList((list) => ({ list: removeFromList(list, id), refetch: false }))
}

function applyUpdate(update: AuctionEvent) {
  const { auction } = update
  noteServerTime(auction.serverTime)
  bump(auction.id)
  if (update.type === 'deleted') {
    markDeleted(auction.id)
    return
  }
  updateDetails(auction.id, (state) => {
    const next = applyAuctionUpdate({ auction: state.auction, bids: state.bids }, update)
    if (!next || (next.auction === state.auction && next.bids === state.bids)) return state
    return { status: 'ready', auction: next.auction, bids: next.bids }
  })
  updateList((list) => applyAuctionToList(list, auction))
}

function applyLobby(patch: LobbyUpdate) {
  noteServerTime(patch.serverTime)
  if (patch.deleted) {
    markDeleted(patch.auctionId)
    return
  }
  updateList((list) => applyLobbyPatch(list, patch))
  updateDetails(patch.auctionId, (state) => {
    const auction = patchAuction(state.auction, patch)
    return auction === state.auction ? state : { ...state, auction }
  })
}

/** Corrects countdowns; says whether the list looks stale (see `applyTimersToList`). */
function applyTimers(timers: TimerMap): boolean {
  const now = serverNow()
  let stale = false
  const state = appStore.get(listBaseAtom)
  if (state.data) {
    const change = applyTimersToList(state.data, timers, now)
    stale = change.stale
    if (change.list !== state.data) appStore.set(listBaseAtom, { status: 'ready', data: change.list })
  }
  const details = appStore.get(detailsBaseAtom)
  let next: Record<string, AuctionDetailState> | null = null
  for (const [key, detail] of Object.entries(details)) {
    if (!detail.auction) continue
    const auction = applyTimersToAuction(detail.auction, timers, now)
    if (auction === detail.auction) continue
    next ??= { ...details }
    next[key] = { ...detail, auction }
  }
  if (next) appStore.set(detailsBaseAtom, next)
  return stale
}

/** Merges a fresher copy of one auction into every view of it. */
function receiveAuction(auction: Auction) {
  noteServerTime(auction.serverTime)
  bump(auction.id)
  updateDetails(auction.id, (state) => {
    const next = newerAuction(state.auction, auction)
    return next === state.auction ? state : { ...state, auction: next }
  })
  updateList((list) => applyAuctionToList(list, auction))
}

/** Applies the answer to the user's own bid at once, without waiting for the socket. */
export const bidAcceptedAtom = atom(null, (_get, _set, { auction, bid }: { auction: Auction; bid: Bid }) => {
  receiveAuction(auction)
  updateDetails(auction.id, (state) => {
    const bids = prependBids(state.bids, [bid])
    return bids === state.bids ? state : { ...state, bids }
  })
})

/** Applies an admin's change at once (the answer to a create, an edit or a finish), without
 * waiting for the socket; an auction the lists do not hold yet makes them refetch. */
export const auctionSavedAtom = atom(null, (_get, _set, auction: Auction) => {
  receiveAuction(auction)
})

/** An admin (un)promoted an auction: the lists show the one promoted auction at once. */
export const auctionPromotedAtom = atom(null, (_get, _set, saved: Auction) => {
  updateList((list) => ({ list: applyPromotion(list, saved), refetch: false }))
  updateDetails(saved.id, (state) => (state.auction.isPromoted === saved.isPromoted ? state : { ...state, auction: { ...state.auction, isPromoted: saved.isPromoted } }))
})

/** An admin deleted an auction: every view drops it at once. */
export const auctionDeletedAtom = atom(null, (_get, _set, id: number) => {
  markDeleted(id)
})

/** Applies the answer to the user's own pre-bid (the auction's new pre-bid count) at once. */
export const prebidAcceptedAtom = atom(null, (_get, _set, { prebid, prebidsCount }: PrebidAnswer) => {
  updateDetails(prebid.auctionId, (state) => {
    const auction = withPrebidsCount(state.auction, prebidsCount)
    return auction === state.auction ? state : { ...state, auction }
  })
})

// ---------------------------------------------------------------------------------------------
// The auction lists

let listWatchers = 0
let listRequest: Promise<void> | null = null
let listAgain = false

/** Fetches `GET /api/auctions` (one request at a time; a call meanwhile fetches once more after). */
function refreshList(): Promise<void> {
  if (listRequest) {
    listAgain = true
    return listRequest
  }
  listRequest = (async () => {
    do {
      listAgain = false
      try {
        const data = await dataOf(api.GET('/api/auctions'))
        const first = data.live[0] ?? data.upcoming[0] ?? data.finished[0]
        if (first) noteServerTime(first.serverTime)
        appStore.set(listBaseAtom, { status: 'ready', data })
      } catch {
        const previous = appStore.get(listBaseAtom)
        appStore.set(listBaseAtom, { status: previous.data ? 'ready' : 'error', data: previous.data })
      }
    } while (listAgain)
  })().finally(() => {
    listRequest = null
  })
  return listRequest
}

/** Keeps `auctionListAtom` fresh while the returned function has not been called. */
export function watchAuctionList(): () => void {
  listWatchers += 1
  if (listWatchers === 1) void refreshList()
  ensureFallback()
  let done = false
  return () => {
    if (done) return
    done = true
    listWatchers -= 1
    ensureFallback()
  }
}

// ---------------------------------------------------------------------------------------------
// Auction detail pages

/** Watched key (slug or id) → number of watchers. */
const detailWatchers = new Map<string, number>()
/** Key → the auction id it resolved to. */
const keyIds = new Map<string, number>()
/** Keys whose auction this client joined on the socket. */
const joinedKeys = new Set<string>()
/** Joined auction id → number of joined keys (two keys may name one auction). */
const joinedIds = new Map<number, number>()
const loadingKeys = new Map<string, Promise<void>>()

function setDetail(key: string, state: AuctionDetailState) {
  appStore.set(detailsBaseAtom, (all) => ({ ...all, [key]: state }))
}

/** `GET /api/auctions/{id}` for an id, else `GET /api/auctions/slug/{slug}`. */
function fetchAuction(key: string): Promise<Auction> {
  if (/^\d+$/.test(key)) return dataOf(api.GET('/api/auctions/{id}', { params: { path: { id: Number(key) } } }))
  return dataOf(api.GET('/api/auctions/slug/{slug}', { params: { path: { slug: key } } }))
}

/** Fetches one auction and its bids over HTTP (the first load, and the polling fallback). */
async function fetchDetail(key: string): Promise<void> {
  const knownId = keyIds.get(key)
  const revision = knownId === undefined ? 0 : (revisions.get(knownId) ?? 0)
  const previous = appStore.get(detailsBaseAtom)[key] ?? EMPTY_DETAIL
  try {
    // By id once known (the slug changes with the title).
    const auction = await fetchAuction(knownId === undefined ? key : String(knownId))
    keyIds.set(key, auction.id)
    const bids = await dataOf(api.GET('/api/auctions/{id}/bids', { params: { path: { id: auction.id } } }))
    const current = appStore.get(detailsBaseAtom)[key]
    const shown = current?.auction?.id === auction.id ? current.auction : null
    // The socket (or an own bid) changed the shown auction meanwhile: what is shown is newer.
    if (shown && (revisions.get(auction.id) ?? 0) !== revision) return
    noteServerTime(auction.serverTime)
    if (newerAuction(shown, auction) === auction) setDetail(key, { status: 'ready', auction, bids })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      const deleted = previous.status === 'deleted' || (previous.auction !== null && previous.status === 'ready')
      setDetail(key, { status: deleted ? 'deleted' : 'notFound', auction: null, bids: [] })
      return
    }
    const current = appStore.get(detailsBaseAtom)[key] ?? previous
    setDetail(key, { ...current, status: current.auction ? 'ready' : 'error' })
  }
}

function emit(event: ClientEventName, id: number) {
  if (socket?.connected) socket.emit(event, id)
}

function joinKey(key: string) {
  const id = keyIds.get(key)
  if (id === undefined || joinedKeys.has(key)) return
  joinedKeys.add(key)
  const count = joinedIds.get(id) ?? 0
  joinedIds.set(id, count + 1)
  if (count === 0) emit('joinAuction', id)
}

function leaveKey(key: string) {
  const id = keyIds.get(key)
  if (id === undefined || !joinedKeys.delete(key)) return
  const count = (joinedIds.get(id) ?? 1) - 1
  if (count > 0) {
    joinedIds.set(id, count)
  } else {
    joinedIds.delete(id)
    emit('leaveAuction', id)
  }
}

/** First load of a watched detail, then the join (if still watched and found). */
function openDetail(key: string): Promise<void> {
  let loading = loadingKeys.get(key)
  if (!loading) {
    loading = fetchDetail(key).finally(() => loadingKeys.delete(key))
    loadingKeys.set(key, loading)
  }
  return loading.then(() => {
    const state = appStore.get(detailsBaseAtom)[key]
    if (detailWatchers.has(key) && state?.auction) joinKey(key)
  })
}

/** Keeps the detail of one auction (by slug or id) fresh while watched. */
export function watchAuction(key: string): () => void {
  const count = detailWatchers.get(key) ?? 0
  detailWatchers.set(key, count + 1)
  if (count === 0) void openDetail(key)
  ensureFallback()
  let done = false
  return () => {
    if (done) return
    done = true
    const left = (detailWatchers.get(key) ?? 1) - 1
    if (left > 0) {
      detailWatchers.set(key, left)
    } else {
      detailWatchers.delete(key)
      leaveKey(key)
      // The next visit shows a plain not-found page, without the deletion toast again.
      if (appStore.get(detailsBaseAtom)[key]?.status === 'deleted') setDetail(key, { status: 'notFound', auction: null, bids: [] })
    }
    ensureFallback()
  }
}

// ---------------------------------------------------------------------------------------------
// Polling while the socket is not connected

let fallbackTimer: ReturnType<typeof setTimeout> | null = null
let fallbackRunning = false

function fallbackNeeded(): boolean {
  return appStore.get(connectionBaseAtom) !== 'connected' && (listWatchers > 0 || detailWatchers.size > 0)
}

/** Starts or stops the polling loop; the first poll waits one interval (the socket may connect). */
function ensureFallback() {
  if (fallbackNeeded()) {
    if (!fallbackTimer && !fallbackRunning) fallbackTimer = setTimeout(() => void fallbackTick(), POLL_INTERVAL_MS)
  } else if (fallbackTimer) {
    clearTimeout(fallbackTimer)
    fallbackTimer = null
  }
}

function detailNeedsPolling(key: string): boolean {
  const state = appStore.get(detailsBaseAtom)[key]
  if (!state) return true
  // A finished, missing or deleted auction no longer changes.
  if (state.status === 'notFound' || state.status === 'deleted') return false
  return state.auction?.status !== 'finished'
}

async function fallbackTick() {
  fallbackTimer = null
  if (!fallbackNeeded()) return
  fallbackRunning = true
  try {
    const timers = await dataOf(api.GET('/api/timers')).catch(() => null)
    if (fallbackNeeded()) {
      const stale = timers ? applyTimers(timers) : false
      const list = appStore.get(listBaseAtom)
      if (listWatchers > 0 && (stale || list.status !== 'ready')) void refreshList()
      const keys = [...detailWatchers.keys()].filter(detailNeedsPolling)
      await Promise.all(keys.map(openDetail))
    }
  } finally {
    fallbackRunning = false
    ensureFallback()
  }
}

// ---------------------------------------------------------------------------------------------
// The socket

/** The socket as the generated contract types it: one listener per `ServerEvent`, one emitter per
 * `ClientEvent`, each with its payload type. */
type ServerListeners = { [E in ServerEventName]: (data: ServerEventData<E>) => void }
type ClientEmitters = { [E in ClientEventName]: (data: ClientEventData<E>) => void }
type ContractSocket = Socket<ServerListeners, ClientEmitters>

let socket: ContractSocket | null = null

function setConnection(connection: Connection) {
  if (appStore.get(connectionBaseAtom) !== connection) appStore.set(connectionBaseAtom, connection)
  ensureFallback()
}

function onConnect() {
  setConnection('connected')
  for (const id of joinedIds.keys()) emit('joinAuction', id)
  // A watched page whose first load failed loads (and joins) now.
  for (const key of detailWatchers.keys()) if (!joinedKeys.has(key)) void openDetail(key)
  // Lobby updates may have been missed while disconnected.
  if (listWatchers > 0 || appStore.get(listBaseAtom).data) void refreshList()
  // So may notices (a cached list refetches; none is fetched for a visitor).
  void queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey })
}

/**
 * Whether an auction change alters the logged-in user's own history: a finish decides won or
 * lost, a go-live turns pre-bids into bids, a deletion refunds them.
 */
export function changesHistory(update: AuctionUpdate): boolean {
  if (update.type === 'lobby') return update.status === 'finished' || update.deleted
  return update.type === 'finished' || update.type === 'started' || update.type === 'deleted'
}

/** A watched auction's change, or a compact change for the lists. */
function onAuctionUpdate(update: AuctionUpdate) {
  if (update.type === 'lobby') applyLobby(update)
  else applyUpdate(update)
  // The history screens never go stale on their own (spec section 9); these changes refetch them.
  if (changesHistory(update) && appStore.get(currentUserAtom)) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.user })
  }
}

function onTimers({ timers }: TimerUpdate) {
  applyTimers(timers)
}

function onBalance({ userId, bidBalance }: BidBalanceUpdate) {
  if (appStore.get(currentUserAtom)?.id === userId) appStore.set(setBidBalanceAtom, bidBalance)
}

/** One of the user's orders changed state: the cached order and the order list show it at once,
 * and a toast says whether the payment went through (the balance follows by `bidBalanceUpdate`). */
function onOrderUpdate({ order }: OrderUpdate) {
  const known = queryClient.getQueryData(userOrderQuery(order.id).queryKey)?.order
  rememberOrder(queryClient, order)
  if (known?.state === order.state) return
  // A won item's order: its claim is paid (or still open) now.
  if (order.kind === 'claim') void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
  if (order.state === 'paid' && order.kind === 'claim') {
    showToast({ title: i18n.t('topup.paidToast.title'), description: i18n.t('claims.paidToast', { id: order.id }) })
  } else if (order.state === 'paid') {
    showToast({ title: i18n.t('topup.paidToast.title'), description: i18n.t('topup.paidToast.text', { bids: order.bids }) })
  } else if (order.state === 'failed') {
    showToast({ title: i18n.t('topup.failedToast.title'), description: i18n.t('topup.failedToast.text', { id: order.id }), variant: 'destructive' })
  }
}

/** A personal notice: the bell's list shows it at once (its unread count rises); a notice about a
 * won item refetches the won items; an auction a pre-bid waited for says so in a toast too. */
function onNotification(notice: Notification) {
  if (appStore.get(currentUserAtom)) {
    const key = notificationsQuery().queryKey
    const list = queryClient.getQueryData(key)
    const next = list ? withNotice(list, notice) : null
    if (next) queryClient.setQueryData(key, next)
    else void queryClient.invalidateQueries({ queryKey: key })
    if (touchesClaims(notice.type)) void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
  }
  switch (notice.type) {
    case 'auctionStarted':
      // An auction this user pre-bid on has started (the pre-bid is now a bid).
      showToast({ title: i18n.t('auction.startedNoticeTitle'), description: i18n.t('auction.startedNoticeText', { title: notice.title }) })
      break
    case 'itemShipped':
    case 'claimPassed':
    case 'reservationExpiring': {
      const { title, text } = noticeText(i18n.t, notice, i18n.language)
      showToast({ title, description: text })
      break
    }
  }
}

/** The handler of every server event: an event added to the contract fails to compile here until
 * it has one. */
const SERVER_EVENTS: ServerListeners = {
  auctionUpdate: onAuctionUpdate,
  timerUpdate: onTimers,
  bidBalanceUpdate: onBalance,
  orderUpdate: onOrderUpdate,
  notification: onNotification,
}

function listen(target: ContractSocket) {
  for (const name of Object.keys(SERVER_EVENTS) as ServerEventName[]) {
    // TypeScript cannot pair `name` with `SERVER_EVENTS[name]` across the union; the map's type did.
    target.on(name, SERVER_EVENTS[name] as never)
  }
}

/** Reconnects when the logged-in user changes, so the server sees the new session cookie. */
function followSession() {
  let known: number | null | undefined
  const check = () => {
    if (appStore.get(authStatusAtom) !== 'ready') return
    const id = appStore.get(currentUserAtom)?.id ?? null
    if (known !== undefined && id !== known && socket) {
      socket.disconnect()
      socket.connect()
    }
    known = id
  }
  appStore.sub(currentUserAtom, check)
  appStore.sub(authStatusAtom, check)
  check()
}

let started = false

/** Opens the socket (once). Called at startup; the client library loads in its own chunk, and
 * until it has connected the polling fallback keeps the pages live. */
export function startRealtime() {
  if (started) return
  started = true
  void import('socket.io-client')
    .then(({ io }) => {
      const created: ContractSocket = io(SOCKET_OPTIONS)
      socket = created
      created.on('connect', onConnect)
      created.on('disconnect', (reason) => {
        setConnection('disconnected')
        // The server closed this socket on purpose: socket.io does not retry by itself then.
        if (reason === 'io server disconnect') {
          setTimeout(() => {
            if (!created.connected) created.connect()
          }, SOCKET_OPTIONS.reconnectionDelay)
        }
      })
      created.on('connect_error', () => setConnection('disconnected'))
      listen(created)
      followSession()
    })
    .catch(() => {
      // The chunk failed to load (offline, a new deploy): the pages stay live by polling.
      started = false
    })
}
