import { afterEach, describe, expect, it, vi } from 'vitest'
import { noteServerTime, serverNow } from './clock'

describe("the server's clock", () => {
  afterEach(() => vi.useRealTimers())

  it('follows a fresh payload, and an older one by when it was received', () => {
    vi.useFakeTimers()
    vi.setSystemTime(Date.parse('2026-12-06T10:00:10Z'))
    // Fresh: the server's clock is 2 s ahead of this one.
    noteServerTime('2026-12-06T10:00:12Z')
    expect(new Date(serverNow()).toISOString()).toBe('2026-12-06T10:00:12.000Z')
    // The page's HTML, received 3 s ago, said 10:00:09: the server is 2 s ahead, not 1 s behind.
    noteServerTime('2026-12-06T10:00:09Z', Date.parse('2026-12-06T10:00:07Z'))
    expect(new Date(serverNow()).toISOString()).toBe('2026-12-06T10:00:12.000Z')
  })
})
