import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Auction, Order, ServerEventData, ServerEventName, User } from './api-types'
import { auctionListAtom, startRealtime, watchAuctionList } from './realtime'
import { currentUserAtom, loadSessionAtom } from './session'
import { notificationsQuery, queryKeys, userOrderQuery, userOrdersQuery } from './queries'
import { queryClient } from './query-client'
import { appStore } from './store'
import { iso, liveAuction, lobbyUpdate, testUser } from './test-fixtures'
import { toastsAtom } from './toast'

/** A socket.io client stand-in: records listeners, lets a test push server frames. */
const fake = vi.hoisted(() => {
  const listeners = new Map<string, (data?: unknown) => void>()
  const socket = {
    connected: false,
    on(name: string, listener: (data?: unknown) => void) {
      listeners.set(name, listener)
      return socket
    },
    emit: () => socket,
    connect: () => socket,
    disconnect: () => socket,
  }
  return { socket, listeners }
})

vi.mock('./socket-client', () => ({ SocketClient: function SocketClient() {
  return fake.socket
}, socketUrl: () => 'ws://test/socket.io/' }))

/** Pushes one server frame, typed as the contract types it. */
function push<E extends ServerEventName>(name: E, data: ServerEventData<E>) {
  const listener = fake.listeners.get(name)
  if (!listener) throw new Error(`no listener for ${name}`)
  listener(data)
}

const NOW = Date.now()

const LIVE: Auction = liveAuction(NOW)

const USER: User = testUser(NOW)

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

const shown = () => appStore.get(auctionListAtom).data?.live[0]

describe('realtime: server frames reach the atoms by their type', () => {
  let unwatch = () => {}

  beforeAll(async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname
        if (path === '/api/auth/me') return jsonResponse({ user: USER })
        if (path === '/api/auctions') return jsonResponse({ live: [LIVE], upcoming: [], finished: [] })
        return jsonResponse({ error: 'Не найдено', code: 'not_found' }, 404)
      }),
    )
    vi.stubGlobal('document', { cookie: 'tyiyn_signed_in=1' })
    await appStore.set(loadSessionAtom)
    startRealtime()
    await vi.waitFor(() => expect(fake.listeners.has('auctionUpdate')).toBe(true))
    fake.socket.connected = true
    fake.listeners.get('connect')?.()
    unwatch = watchAuctionList()
    await vi.waitFor(() => expect(appStore.get(auctionListAtom).status).toBe('ready'))
  })

  afterAll(() => {
    unwatch()
    vi.unstubAllGlobals()
  })

  it('listens to every server event of the contract', () => {
    for (const name of ['auctionUpdate', 'timerUpdate', 'bidBalanceUpdate', 'orderUpdate', 'notification']) expect(fake.listeners.has(name), name).toBe(true)
  })

  it('applies a lobby update (type lobby) to the list', () => {
    push('auctionUpdate', lobbyUpdate(NOW))
    expect(shown()).toMatchObject({ currentPrice: 0.51, lastBidder: 'demo', totalBids: 51 })
  })

  it('applies a joined auction event (type bidsPlaced) to the list', () => {
    const auction = { ...LIVE, currentPrice: 0.52, totalBids: 52, lastBidder: 'aibek' }
    push('auctionUpdate', { type: 'bidsPlaced', auction, bids: [] })
    expect(shown()).toMatchObject({ currentPrice: 0.52, totalBids: 52 })
  })

  it('corrects a countdown from timerUpdate.timers', () => {
    const before = Date.parse(shown()?.endsAt ?? '')
    push('timerUpdate', { type: 'timers', timers: { '1': 60 } })
    expect(Date.parse(shown()?.endsAt ?? '')).toBeGreaterThan(before + 30_000)
  })

  it('takes the own balance from bidBalanceUpdate, not someone else’s', () => {
    push('bidBalanceUpdate', { type: 'bidBalance', userId: 8, bidBalance: 1 })
    expect(appStore.get(currentUserAtom)?.bidBalance).toBe(5)
    push('bidBalanceUpdate', { type: 'bidBalance', userId: 7, bidBalance: 4 })
    expect(appStore.get(currentUserAtom)?.bidBalance).toBe(4)
  })

  it('shows a toast for an auctionStarted notification', () => {
    push('notification', { id: null, type: 'auctionStarted', auctionId: 1, title: 'Lot', read: false, createdAt: iso(NOW) })
    expect(appStore.get(toastsAtom).at(0)?.description).toContain('Lot')
  })

  it('puts a stored notice in front of the cached list and counts it unread, once', async () => {
    const shipped = { id: 41, type: 'itemShipped', title: 'Lot', claimId: 3, tracking: 'EMS 1', read: false, createdAt: iso(NOW) } as const
    queryClient.setQueryData(notificationsQuery().queryKey, { notifications: [{ ...shipped, id: 40, type: 'auctionWon', read: true }], unread: 0 })
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    push('notification', shipped)
    push('notification', shipped)
    const list = queryClient.getQueryData(notificationsQuery().queryKey)
    expect(list?.unread).toBe(1)
    expect(list?.notifications.map((notice) => notice.id)).toEqual([41, 40])
    expect(spy).toHaveBeenCalledWith({ queryKey: queryKeys.userClaims })
    // The toast waits for the notices' words, which are not in the first load.
    await vi.waitFor(() => expect(appStore.get(toastsAtom).at(0)?.title).toBe('Лот отправлен'))
    spy.mockRestore()
  })

  it('refetches the list for a live notice without an id', () => {
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    push('notification', { id: null, type: 'auctionStarted', auctionId: 1, title: 'Lot', read: false, createdAt: iso(NOW) })
    expect(spy).toHaveBeenCalledWith({ queryKey: notificationsQuery().queryKey })
    spy.mockRestore()
  })

  it('refetches the user’s history when a finish decides it, not on every bid', async () => {
    const spy = vi.spyOn(queryClient, 'invalidateQueries')
    push('auctionUpdate', { type: 'bidsPlaced', auction: { ...LIVE, totalBids: 52 }, bids: [] })
    expect(spy).not.toHaveBeenCalled()
    push('auctionUpdate', { type: 'finished', auction: { ...LIVE, status: 'finished', endsAt: null }, bids: [] })
    expect(spy).toHaveBeenCalledWith({ queryKey: queryKeys.user })
    spy.mockRestore()
  })

  it('writes an orderUpdate into the cached orders and says when it is paid', () => {
    const pending: Order = {
      id: 12,
      state: 'pending',
      kind: 'package',
      packageId: 3,
      claimId: null,
      bids: 250,
      amount: 3750,
      currency: 'KGS',
      method: 'card',
      paymentUrl: '/pay/demo/12',
      qr: null,
      createdAt: iso(NOW),
      paidAt: null,
    }
    const older: Order = { ...pending, id: 11, state: 'failed' }
    queryClient.setQueryData(userOrdersQuery().queryKey, { orders: [older] })
    queryClient.setQueryData(userOrderQuery(12).queryKey, { order: pending })
    push('orderUpdate', { type: 'order', order: { ...pending, state: 'paid', paidAt: iso(NOW) } })
    expect(queryClient.getQueryData(userOrderQuery(12).queryKey)?.order.state).toBe('paid')
    expect(queryClient.getQueryData(userOrdersQuery().queryKey)?.orders.map((order) => [order.id, order.state])).toEqual([
      [12, 'paid'],
      [11, 'failed'],
    ])
    expect(appStore.get(toastsAtom).at(0)).toMatchObject({ title: 'Оплата получена', description: 'Зачислено бидов: 250' })
  })

  it('does not toast again for an order state already shown', () => {
    const before = appStore.get(toastsAtom).at(0)?.id
    const order = queryClient.getQueryData(userOrderQuery(12).queryKey)?.order
    if (!order) throw new Error('order 12 is not cached')
    push('orderUpdate', { type: 'order', order })
    expect(appStore.get(toastsAtom).at(0)?.id).toBe(before)
  })

  it('drops an auction on a deleted event', () => {
    push('auctionUpdate', { type: 'deleted', auction: { ...LIVE, totalBids: 52 }, bids: [] })
    expect(appStore.get(auctionListAtom).data?.live).toEqual([])
  })
})
