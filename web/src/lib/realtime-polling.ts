//! The realtime client's polling fallback: while the socket has been tried and is not connected,
//! and something is shown, `GET /api/timers` corrects the countdowns every interval, a list that
//! looks stale is read again, and the shown auction pages that can still change are read again.
import { api, dataOf } from './api'
import type { Subscriptions } from './realtime-subscriptions'
import type { RealtimeTransport } from './realtime-transport'

export class PollingFallback {
  readonly #intervalMs: number
  readonly #transport: RealtimeTransport
  readonly #subscriptions: Subscriptions
  #timer: ReturnType<typeof setTimeout> | null = null
  #running = false

  constructor(intervalMs: number, transport: RealtimeTransport, subscriptions: Subscriptions) {
    this.#intervalMs = intervalMs
    this.#transport = transport
    this.#subscriptions = subscriptions
  }

  /** Polling stands in for a socket that was tried and is not connected: before the first try
   * (just after the first screen) the page shows what came with it, and a slow phone's first
   * seconds are not spent reading it again every second. */
  #needed(): boolean {
    return this.#transport.down && this.#subscriptions.watching
  }

  /** Starts or stops the polling loop; the first poll waits one interval (the socket may connect). */
  ensure() {
    if (this.#needed()) {
      if (!this.#timer && !this.#running) this.#timer = setTimeout(() => void this.#tick(), this.#intervalMs)
    } else {
      this.stop()
    }
  }

  stop() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  #detailNeedsPolling(key: string): boolean {
    const state = this.#subscriptions.views.detail(key)
    if (!state) return true
    // A finished, missing or deleted auction no longer changes.
    if (state.status === 'notFound' || state.status === 'deleted') return false
    return state.auction?.status !== 'finished'
  }

  async #tick() {
    this.#timer = null
    if (!this.#needed()) return
    this.#running = true
    try {
      const timers = await dataOf(api.GET('/api/timers')).catch(() => null)
      if (this.#needed()) {
        const subscriptions = this.#subscriptions
        const stale = timers ? subscriptions.views.applyTimers(timers) : false
        if (subscriptions.listWatched && (stale || subscriptions.views.list.status !== 'ready')) void subscriptions.refreshList()
        const keys = subscriptions.watchedKeys().filter((key) => this.#detailNeedsPolling(key))
        await Promise.all(keys.map((key) => subscriptions.openDetail(key)))
      }
    } finally {
      this.#running = false
      this.ensure()
    }
  }
}
