//! The realtime client's transport: the one socket.io connection. It opens the socket (through the
//! injected `connect`), says whether it is connected (`connectionAtom`), sends client events while
//! it is, waits for acks with a timeout (a live bid's answer), reconnects a socket the server closed,
//! and reconnects when the signed-in user changes so the server knows who is watching. What the
//! server's events mean is not its business: it hands them to the listeners it was given.
import type { Atom } from 'jotai'
import { atom } from 'jotai'
import { ApiError, errorFromBody } from './api'
import type { BidAnswer, ClientEventData, ClientEventName, ErrorBody, ServerEventData, ServerEventName } from './api-types'
import i18n, { currentLanguage } from './i18n'
import { authStatusAtom, currentUserAtom } from './session'
import type { appStore } from './store'

export type Connection = 'connected' | 'disconnected'

export type Store = typeof appStore

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

export interface TransportOptions {
  /** Opens the socket (`new SocketClient(…, SOCKET_OPTIONS)` in the app). */
  connect: () => RealtimeSocket | Promise<RealtimeSocket>
  store: Store
  /** How long to wait before reconnecting a socket the server closed (socket.io does not retry then). */
  reconnectDelayMs: number
  /** Resolves once this browser's session changes in flight have settled (`sessionSettled`): a
   * socket the server closed because the user signed out reconnects after them, never with the
   * cookie that just ended. */
  sessionSettled?: () => Promise<unknown>
  /** How long a bid sent over the socket waits for its ack (`BID_ACK_TIMEOUT_MS` if not said). */
  bidAckTimeoutMs?: number
}

/** What the transport tells its owner. */
export interface TransportEvents {
  /** The handler of every server event. */
  listeners: ServerListeners
  /** The socket (re)connected and `connectionAtom` says so. */
  connected: () => void
  /** `connectionAtom` may have changed, or the socket was tried for the first time. */
  changed: () => void
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

export class RealtimeTransport {
  readonly #connection = atom<Connection>('disconnected')
  readonly connectionAtom: Atom<Connection> = atom((get) => get(this.#connection))

  readonly #options: TransportOptions
  readonly #events: TransportEvents
  #socket: RealtimeSocket | null = null
  #started = false
  /** Whether the socket has been tried (`start`): it is not down before that. */
  #tried = false
  #stopped = false
  #reconnectTimer: ReturnType<typeof setTimeout> | null = null
  /** The logged-in user's id the socket was opened for (`undefined` until the session is known). */
  #sessionUser: number | null | undefined = undefined
  readonly #unsubscribe: (() => void)[] = []

  constructor(options: TransportOptions, events: TransportEvents) {
    this.#options = options
    this.#events = events
  }

  /** The socket, once opened. */
  get socket(): RealtimeSocket | null {
    return this.#socket
  }

  /** Whether the socket is down: tried (`start`), not stopped, and not connected now. The
   * polling fallback stands in for it then. */
  get down(): boolean {
    return this.#tried && !this.#stopped && this.#options.store.get(this.#connection) !== 'connected'
  }

  /** Sends `event` if the socket is connected (a reconnect sends what still holds again). */
  emit<E extends ClientEventName>(event: E, data: ClientEventData<E>): boolean {
    if (!this.#socket?.connected) return false
    this.#socket.emit(event, data)
    return true
  }

  /** Sends `event` and waits up to `timeoutMs` for its ack; `null` while not connected. */
  emitWithAck<E extends keyof ClientAcks>(event: E, data: ClientEventData<E>, timeoutMs: number): Promise<ClientAcks[E]> | null {
    const socket = this.#socket
    if (!socket?.connected) return null
    return socket.timeout(timeoutMs).emitWithAck(event, data)
  }

  /** See `RealtimeClient.placeBid`. */
  placeBid(auctionId: number): Promise<BidAnswer | null> | null {
    const acked = this.emitWithAck('placeBid', { auctionId, lang: currentLanguage() }, this.#options.bidAckTimeoutMs ?? BID_ACK_TIMEOUT_MS)
    return (
      acked?.then(bidAnswerOf, () => {
        throw outcomeUnknown()
      }) ?? null
    )
  }

  #setConnection(connection: Connection) {
    const store = this.#options.store
    if (store.get(this.#connection) !== connection) store.set(this.#connection, connection)
    this.#events.changed()
  }

  #onConnect() {
    this.#setConnection('connected')
    this.#events.connected()
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

  #listen(socket: RealtimeSocket) {
    socket.on('connect', () => this.#onConnect())
    socket.on('disconnect', (reason) => this.#onDisconnect(socket, reason))
    socket.on('connect_error', () => this.#setConnection('disconnected'))
    const listeners = this.#events.listeners
    for (const name of Object.keys(listeners) as ServerEventName[]) {
      // TypeScript cannot pair `name` with `listeners[name]` across the union; the map's type did.
      socket.on(name, listeners[name] as never)
    }
  }

  /** Reconnects when the logged-in user changes, so the server sees the new session cookie. */
  #followSession() {
    const store = this.#options.store
    const check = () => {
      if (store.get(authStatusAtom) !== 'ready') return
      const id = store.get(currentUserAtom)?.id ?? null
      const socket = this.#socket
      if (this.#sessionUser !== undefined && id !== this.#sessionUser && socket) {
        // A socket the server already closed (logging out everywhere closes them all) is not
        // closed again: that would write to a closed WebSocket.
        if (socket.connected) socket.disconnect()
        socket.connect()
      }
      this.#sessionUser = id
    }
    this.#unsubscribe.push(store.sub(currentUserAtom, check), store.sub(authStatusAtom, check))
    check()
  }

  /** Opens the socket (once). */
  async start(): Promise<void> {
    if (this.#started || this.#stopped) return
    this.#started = true
    this.#tried = true
    this.#events.changed()
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

  /** Closes the socket and stops the reconnect timer and the session subscription. */
  stop() {
    this.#stopped = true
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe()
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer)
    this.#reconnectTimer = null
    this.#socket?.disconnect()
    this.#socket = null
  }
}
