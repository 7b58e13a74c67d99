//! The browser's Socket.IO client: Socket.IO v5 over Engine.IO v4's WebSocket transport, the one
//! transport the server speaks (src/ws/protocol.rs), in the default namespace with JSON payloads.
//! It does what `RealtimeClient` needs of socket.io-client (`on`, `emit`,
//! `timeout(ms).emitWithAck`, `connect`, `disconnect`, `connected`) and keeps socket.io-client's
//! behaviour there: it connects on creation, answers the server's pings and closes a connection
//! whose pings stop, reconnects with a growing randomized delay after a drop, and does not
//! reconnect after the server's own disconnect (`io server disconnect`) or the page's. It is a
//! thirtieth of socket.io-client's size, which the first visit's budget cannot afford
//! (docs/rules/web-app.md, "The first screen on mobile data").

/** What `connect` takes: socket.io-client's options of the realtime contract (`SOCKET_OPTIONS`). */
export interface SocketOptions {
  path: string
  reconnectionDelay: number
  reconnectionDelayMax: number
  /** How long a connection may take to be accepted before it is dropped and tried again. */
  timeout: number
}

type Listener = (...args: never[]) => void

/** The `WebSocket` constructor: the browser's, or a test's stand-in. */
export type WebSocketLike = new (url: string) => Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: unknown) => void) | null
  onerror: ((event: unknown) => void) | null
}

const OPEN = 1
/** socket.io-client's randomization of the reconnect delay: ± half of it. */
const JITTER = 0.5

/** The socket's URL on this page's own host (the session cookie goes with it). */
export function socketUrl(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}${path}?EIO=4&transport=websocket`
}

export class SocketClient {
  /** Whether the namespace is connected (the server answered `40`). */
  connected = false
  readonly #url: string
  readonly #options: SocketOptions
  readonly #WebSocket: WebSocketLike
  readonly #listeners = new Map<string, Listener[]>()
  readonly #acks = new Map<number, (error: Error | null, data?: unknown) => void>()
  #nextAck = 0
  #ws: InstanceType<WebSocketLike> | null = null
  /** Whether the page wants a connection: `connect()` until `disconnect()` or the server's `41`. */
  #wanted = false
  #attempts = 0
  #retryTimer: ReturnType<typeof setTimeout> | null = null
  #acceptTimer: ReturnType<typeof setTimeout> | null = null
  #heartbeatTimer: ReturnType<typeof setTimeout> | null = null
  #heartbeatMs = 0

  constructor(url: string, options: SocketOptions, WebSocketImpl: WebSocketLike = WebSocket as unknown as WebSocketLike) {
    this.#url = url
    this.#options = options
    this.#WebSocket = WebSocketImpl
    this.connect()
  }

  on(event: string, listener: Listener): this {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener])
    return this
  }

  /** Sends an event; one emitted while not connected is dropped (the realtime client sends only
   * while connected, and repeats its joins on every connect). */
  emit(event: string, data: unknown): this {
    if (this.connected) this.#send(`2${JSON.stringify([event, data])}`)
    return this
  }

  /** The next emit waits at most `ms` for its ack; it rejects then, or when the connection drops. */
  timeout(ms: number) {
    return {
      emitWithAck: (event: string, data: unknown): Promise<never> =>
        new Promise((resolve, reject) => {
          if (!this.connected) return reject(new Error('socket is not connected'))
          const id = this.#nextAck++
          const timer = setTimeout(() => {
            this.#acks.delete(id)
            reject(new Error('operation has timed out'))
          }, ms)
          this.#acks.set(id, (error, answer) => {
            clearTimeout(timer)
            this.#acks.delete(id)
            if (error) reject(error)
            else resolve(answer as never)
          })
          this.#send(`2${id}${JSON.stringify([event, data])}`)
        }),
    }
  }

  connect(): this {
    this.#wanted = true
    if (!this.#ws && !this.#retryTimer) this.#open()
    return this
  }

  disconnect(): this {
    this.#wanted = false
    this.#clearRetry()
    if (this.connected) this.#send('1')
    this.#drop('io client disconnect')
    return this
  }

  #open() {
    const ws = new this.#WebSocket(this.#url)
    this.#ws = ws
    this.#acceptTimer = setTimeout(() => this.#fail(ws, 'timeout'), this.#options.timeout)
    ws.onmessage = (event) => {
      if (this.#ws === ws && typeof event.data === 'string') this.#receive(event.data)
    }
    ws.onclose = () => {
      if (this.#ws !== ws) return
      if (this.connected) this.#lost('transport close')
      else this.#fail(ws, 'websocket error')
    }
    ws.onerror = () => undefined
  }

  #receive(packet: string) {
    const type = packet[0]
    if (type === '0') {
      const { pingInterval, pingTimeout } = JSON.parse(packet.slice(1)) as { pingInterval: number; pingTimeout: number }
      this.#heartbeatMs = pingInterval + pingTimeout
      this.#heartbeat()
      this.#send('0')
    } else if (type === '2') {
      this.#heartbeat()
      this.#sendRaw('3')
    } else if (type === '1') {
      this.#lost('transport close')
    } else if (type === '4') {
      this.#message(packet.slice(1))
    }
  }

  /** A Socket.IO packet: `0` connected, `1` disconnected, `2` an event, `3` an ack, `4` refused. */
  #message(packet: string) {
    const type = packet[0]
    if (type === '0') {
      this.#clearAccept()
      this.connected = true
      this.#attempts = 0
      this.#fire('connect')
    } else if (type === '1') {
      this.#wanted = false
      this.#drop('io server disconnect')
    } else if (type === '2' || type === '3') {
      const start = packet.indexOf('[')
      if (start < 0) return
      const args = JSON.parse(packet.slice(start)) as unknown[]
      if (type === '2') this.#fire(String(args[0]), ...args.slice(1))
      else this.#acks.get(Number(packet.slice(1, start)))?.(null, args[0])
    } else if (type === '4') {
      this.#fail(this.#ws, 'connect error')
    }
  }

  #heartbeat() {
    if (this.#heartbeatTimer) clearTimeout(this.#heartbeatTimer)
    this.#heartbeatTimer = setTimeout(() => this.#lost('ping timeout'), this.#heartbeatMs)
  }

  /** A connected socket's connection ended: `disconnect`, then a reconnect if still wanted. */
  #lost(reason: string) {
    this.#drop(reason)
    this.#scheduleRetry()
  }

  /** A connection that was never accepted: `connect_error`, then a reconnect if still wanted. */
  #fail(ws: InstanceType<WebSocketLike> | null, reason: string) {
    if (ws !== this.#ws) return
    this.#close()
    this.#fire('connect_error', new Error(reason))
    this.#scheduleRetry()
  }

  /** Closes the connection; if the namespace was connected, fails its pending acks and says so. */
  #drop(reason: string) {
    const wasConnected = this.connected
    this.#close()
    if (!wasConnected) return
    for (const settle of [...this.#acks.values()]) settle(new Error(reason))
    this.#fire('disconnect', reason)
  }

  #close() {
    this.connected = false
    this.#clearAccept()
    if (this.#heartbeatTimer) clearTimeout(this.#heartbeatTimer)
    this.#heartbeatTimer = null
    const ws = this.#ws
    this.#ws = null
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null
      try {
        ws.close()
      } catch {
        // Closing a socket that never opened may throw in some browsers: it is gone either way.
      }
    }
  }

  #scheduleRetry() {
    if (!this.#wanted || this.#retryTimer) return
    const { reconnectionDelay, reconnectionDelayMax } = this.#options
    const base = Math.min(reconnectionDelayMax, reconnectionDelay * 2 ** this.#attempts)
    const delay = Math.min(reconnectionDelayMax, base * (1 + JITTER * (Math.random() * 2 - 1)))
    this.#attempts++
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null
      if (this.#wanted && !this.#ws) this.#open()
    }, delay)
  }

  #clearRetry() {
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
    this.#retryTimer = null
  }

  #clearAccept() {
    if (this.#acceptTimer) clearTimeout(this.#acceptTimer)
    this.#acceptTimer = null
  }

  /** Sends a Socket.IO packet (inside an Engine.IO message). */
  #send(packet: string) {
    this.#sendRaw(`4${packet}`)
  }

  /** Sends an Engine.IO packet. */
  #sendRaw(packet: string) {
    if (this.#ws?.readyState === OPEN) this.#ws.send(packet)
  }

  #fire(event: string, ...args: unknown[]) {
    for (const listener of this.#listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args)
  }
}
