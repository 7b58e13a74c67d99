// @vitest-environment jsdom
//! The service worker waits 10 s after the first screen, or registers at the reader's first tap or
//! key, once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WORKER_DELAY_MS, registerWorkerSoon } from './startup'

describe('registerWorkerSoon', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('registers after the delay when nobody acts, once', () => {
    const register = vi.fn()
    registerWorkerSoon(register)
    vi.advanceTimersByTime(WORKER_DELAY_MS - 1)
    expect(register).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    window.dispatchEvent(new Event('pointerdown'))
    expect(register).toHaveBeenCalledTimes(1)
  })

  it('registers at the first tap or key, and not again when the delay runs out', () => {
    const register = vi.fn()
    registerWorkerSoon(register)
    window.dispatchEvent(new Event('keydown'))
    window.dispatchEvent(new Event('pointerdown'))
    vi.advanceTimersByTime(WORKER_DELAY_MS)
    expect(register).toHaveBeenCalledTimes(1)
  })
})
