//! The Socket.IO client against a stand-in WebSocket that plays the server's side of the protocol
//! (src/ws/protocol.rs): the handshake, events both ways, acks, pings, drops and reconnects. The
//! real server is met by the e2e suites, whose pages use this client.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SocketClient, socketUrl, type WebSocketLike } from './socket-client'

const OPTIONS = { path: '/socket.io/', reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20000 }
const OPEN_PACKET = `0${JSON.stringify({ sid: 's', upgrades: [], pingInterval: 25000, pingTimeout: 20000, maxPayload: 1e6 })}`

class FakeWebSocket {
  static made: FakeWebSocket[] = []
  readyState = 0
  sent: string[] = []
  closed = false
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: unknown) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this)
  }
  send(data: string) {
    this.sent.push(data)
  }
  close() {
    this.closed = true
    this.readyState = 3
  }
  /** The server's frames. */
  serve(...packets: string[]) {
    this.readyState = 1
    for (const packet of packets) this.onmessage?.({ data: packet })
  }
  /** The connection ends from the server's or the network's side. */
  end() {
    this.readyState = 3
    this.onclose?.({})
  }
}

const last = () => FakeWebSocket.made[FakeWebSocket.made.length - 1]

function connected() {
  const socket = new SocketClient('ws://h/socket.io/?EIO=4&transport=websocket', OPTIONS, FakeWebSocket as unknown as WebSocketLike)
  const events: string[] = []
  socket.on('connect', () => events.push('connect'))
  socket.on('disconnect', (reason: string) => events.push(`disconnect:${reason}`))
  socket.on('connect_error', () => events.push('connect_error'))
  last().serve(OPEN_PACKET, '40{"sid":"n"}')
  return { socket, events, ws: last() }
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeWebSocket.made = []
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the socket client', () => {
  it('opens the WebSocket transport on the page’s own host', () => {
    expect(socketUrl('/socket.io/', { protocol: 'https:', host: 'tyiyn.kg' })).toBe('wss://tyiyn.kg/socket.io/?EIO=4&transport=websocket')
    expect(socketUrl('/socket.io/', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/socket.io/?EIO=4&transport=websocket')
  })

  it('connects the namespace after the handshake and says so once', () => {
    const { socket, events, ws } = connected()
    expect(ws.sent).toEqual(['40'])
    expect(socket.connected).toBe(true)
    expect(events).toEqual(['connect'])
  })

  it('hands server events to their listeners and sends events as JSON', () => {
    const { socket, ws } = connected()
    const seen: unknown[] = []
    socket.on('timerUpdate', (data: unknown) => seen.push(data))
    ws.serve('42["timerUpdate",{"timers":[]}]', '42["other",1]')
    expect(seen).toEqual([{ timers: [] }])
    socket.emit('joinAuction', 7)
    expect(ws.sent.at(-1)).toBe('42["joinAuction",7]')
  })

  it('answers pings, and drops a connection whose pings stop', () => {
    const { socket, events, ws } = connected()
    vi.advanceTimersByTime(40_000)
    ws.serve('2')
    expect(ws.sent.at(-1)).toBe('3')
    vi.advanceTimersByTime(44_000)
    expect(socket.connected).toBe(true)
    vi.advanceTimersByTime(1_000)
    expect(socket.connected).toBe(false)
    expect(events).toEqual(['connect', 'disconnect:ping timeout'])
    expect(ws.closed).toBe(true)
  })

  it('resolves an ack with the server’s answer, and rejects one that does not come in time', async () => {
    const { socket, ws } = connected()
    const answered = socket.timeout(15_000).emitWithAck('placeBid', { auctionId: 1 })
    expect(ws.sent.at(-1)).toBe('420["placeBid",{"auctionId":1}]')
    ws.serve('430[{"status":200,"body":{"ok":true}}]')
    await expect(answered).resolves.toEqual({ status: 200, body: { ok: true } })
    const silent = socket.timeout(15_000).emitWithAck('placeBid', { auctionId: 2 })
    vi.advanceTimersByTime(15_000)
    await expect(silent).rejects.toThrow('timed out')
  })

  it('rejects pending acks when the connection drops, says why, and reconnects with a growing delay', async () => {
    const { socket, events, ws } = connected()
    const pending = socket.timeout(15_000).emitWithAck('placeBid', { auctionId: 1 })
    ws.end()
    await expect(pending).rejects.toThrow('transport close')
    expect(events).toEqual(['connect', 'disconnect:transport close'])
    expect(FakeWebSocket.made).toHaveLength(1)
    vi.advanceTimersByTime(1_500)
    expect(FakeWebSocket.made).toHaveLength(2)
    // The next try fails before it is accepted: a connect_error, then a longer wait.
    last().end()
    expect(events.at(-1)).toBe('connect_error')
    vi.advanceTimersByTime(999)
    expect(FakeWebSocket.made).toHaveLength(2)
    vi.advanceTimersByTime(2_000)
    expect(FakeWebSocket.made).toHaveLength(3)
    last().serve(OPEN_PACKET, '40{"sid":"m"}')
    expect(socket.connected).toBe(true)
    expect(events.at(-1)).toBe('connect')
  })

  it('does not reconnect by itself after the server’s disconnect, only when asked', () => {
    const { socket, events } = connected()
    last().serve('41')
    expect(events).toEqual(['connect', 'disconnect:io server disconnect'])
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.made).toHaveLength(1)
    socket.connect()
    expect(FakeWebSocket.made).toHaveLength(2)
  })

  it('tells the server when the page disconnects, and stays disconnected', () => {
    const { socket, events, ws } = connected()
    socket.disconnect()
    expect(ws.sent.at(-1)).toBe('41')
    expect(events).toEqual(['connect', 'disconnect:io client disconnect'])
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.made).toHaveLength(1)
    socket.emit('joinAuction', 1)
    expect(ws.sent.at(-1)).toBe('41')
  })

  it('gives up on a connection not accepted in time and tries again', () => {
    const socket = new SocketClient('ws://h/', OPTIONS, FakeWebSocket as unknown as WebSocketLike)
    const errors: unknown[] = []
    socket.on('connect_error', (error: Error) => errors.push(error.message))
    vi.advanceTimersByTime(20_000)
    expect(errors).toEqual(['timeout'])
    expect(FakeWebSocket.made[0].closed).toBe(true)
    vi.advanceTimersByTime(1_500)
    expect(FakeWebSocket.made).toHaveLength(2)
  })
})
