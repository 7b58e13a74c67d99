//! The server's clock as the client sees it. Every auction payload carries `serverTime`; countdowns
//! use `deadline - serverNow()` so a wrong local clock does not change what users see.
import { useSyncExternalStore } from 'react'

const TICK_MS = 250
let offsetMs = 0
let current = Date.now()
let timer: ReturnType<typeof setInterval> | null = null
const listeners = new Set<() => void>()

/** Records the server's time from a payload this browser received at `receivedAt` (its own clock,
 * ms since the epoch; a fresh payload: now). */
export function noteServerTime(serverTime: string | null | undefined, receivedAt: number = Date.now()) {
  const parsed = serverTime ? Date.parse(serverTime) : Number.NaN
  if (!Number.isNaN(parsed)) offsetMs = parsed - receivedAt
}

export function serverNow(): number {
  return Date.now() + offsetMs
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    current = serverNow()
    timer = setInterval(() => {
      current = serverNow()
      listeners.forEach((notify) => notify())
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

/** The server's time now, re-rendering four times a second. */
export function useServerNow(): number {
  return useSyncExternalStore(subscribe, () => current)
}

/** Milliseconds from `now` until `iso` (negative once passed; 0 when `iso` is missing). */
export function msUntil(iso: string | null | undefined, now: number): number {
  const target = iso ? Date.parse(iso) : Number.NaN
  return Number.isNaN(target) ? 0 : target - now
}
