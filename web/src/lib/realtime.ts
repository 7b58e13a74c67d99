//! Live auction data. Components read the atoms below and never fetch live prices themselves.
//! For now the module polls the HTTP API once a second; a socket.io client will replace the
//! polling here (joinAuction / auctionUpdate) without changing the atoms.
import { atom } from 'jotai'
import { ApiError, api } from './api'
import { noteServerTime } from './clock'
import { appStore } from './store'
import type { Auction, AuctionBid, AuctionList } from './types'

export const POLL_INTERVAL_MS = 1000

export type Connection = 'connected' | 'disconnected'

export interface AuctionListState {
  status: 'loading' | 'ready' | 'error'
  data: AuctionList | null
}

export interface AuctionDetailState {
  status: 'loading' | 'ready' | 'notFound' | 'error'
  auction: Auction | null
  bids: AuctionBid[]
}

const connectionBaseAtom = atom<Connection>('disconnected')
const listBaseAtom = atom<AuctionListState>({ status: 'loading', data: null })
const detailsBaseAtom = atom<Record<string, AuctionDetailState>>({})

export const connectionAtom = atom((get) => get(connectionBaseAtom))
export const auctionListAtom = atom((get) => get(listBaseAtom))
/** Detail state per watched key (a slug, or a numeric id from older links). */
export const auctionDetailsAtom = atom((get) => get(detailsBaseAtom))

export const EMPTY_DETAIL: AuctionDetailState = { status: 'loading', auction: null, bids: [] }

function replaceIn(list: Auction[], auction: Auction): Auction[] {
  return list.map((item) => (item.id === auction.id ? auction : item))
}

/** Merges a fresher copy of one auction (e.g. the answer to a bid) into every view of it. */
export const auctionReceivedAtom = atom(null, (get, set, auction: Auction) => {
  noteServerTime(auction.serverTime)
  const list = get(listBaseAtom)
  if (list.data) {
    const { live, upcoming, finished } = list.data
    set(listBaseAtom, {
      ...list,
      data: { live: replaceIn(live, auction), upcoming: replaceIn(upcoming, auction), finished: replaceIn(finished, auction) },
    })
  }
  const details = get(detailsBaseAtom)
  const next = { ...details }
  for (const [key, state] of Object.entries(details)) {
    if (state.auction?.id === auction.id) next[key] = { ...state, auction }
  }
  set(detailsBaseAtom, next)
})

function markConnection(ok: boolean) {
  appStore.set(connectionBaseAtom, ok ? 'connected' : 'disconnected')
}

/** Runs `poll` every second while at least one watcher holds it; never two polls at once. */
function createPoller(poll: () => Promise<boolean>) {
  let watchers = 0
  let timer: ReturnType<typeof setTimeout> | null = null
  let running = false

  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay)
  }
  const tick = async () => {
    timer = null
    if (watchers === 0 || running) return
    running = true
    const keepGoing = await poll().catch(() => true)
    running = false
    if (watchers > 0 && keepGoing) schedule(POLL_INTERVAL_MS)
  }
  return () => {
    watchers += 1
    if (watchers === 1 && !timer && !running) schedule(0)
    return () => {
      watchers -= 1
      if (watchers === 0 && timer) {
        clearTimeout(timer)
        timer = null
      }
    }
  }
}

async function pollList(): Promise<boolean> {
  try {
    const data = await api.get<AuctionList>('/api/auctions')
    const first = data.live[0] ?? data.upcoming[0] ?? data.finished[0]
    if (first) noteServerTime(first.serverTime)
    appStore.set(listBaseAtom, { status: 'ready', data })
    markConnection(true)
  } catch {
    const previous = appStore.get(listBaseAtom)
    appStore.set(listBaseAtom, { status: previous.data ? 'ready' : 'error', data: previous.data })
    markConnection(false)
  }
  return true
}

/** Keeps `auctionListAtom` fresh while the returned function has not been called. */
export const watchAuctionList = createPoller(pollList)

function setDetail(key: string, state: AuctionDetailState) {
  appStore.set(detailsBaseAtom, (all) => ({ ...all, [key]: state }))
}

function auctionUrl(key: string): string {
  return /^\d+$/.test(key) ? `/api/auctions/${key}` : `/api/auctions/slug/${encodeURIComponent(key)}`
}

async function pollDetail(key: string): Promise<boolean> {
  const previous = appStore.get(detailsBaseAtom)[key] ?? EMPTY_DETAIL
  try {
    const auction = await api.get<Auction>(auctionUrl(key))
    noteServerTime(auction.serverTime)
    const bids = await api.get<AuctionBid[]>(`/api/auctions/${auction.id}/bids`)
    setDetail(key, { status: 'ready', auction, bids })
    markConnection(true)
    // A finished auction no longer changes: one fetch is enough.
    return auction.status !== 'finished'
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      setDetail(key, { status: 'notFound', auction: null, bids: [] })
      return false
    }
    setDetail(key, { ...previous, status: previous.auction ? 'ready' : 'error' })
    markConnection(false)
    return true
  }
}

const detailPollers = new Map<string, () => () => void>()

/** Keeps the detail of one auction (by slug or id) fresh while watched. */
export function watchAuction(key: string): () => void {
  let start = detailPollers.get(key)
  if (!start) {
    start = createPoller(() => pollDetail(key))
    detailPollers.set(key, start)
  }
  return start()
}
