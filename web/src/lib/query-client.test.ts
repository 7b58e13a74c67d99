import { QueryObserver, type QueryKey } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import {
  adminSettingsQuery,
  keysChangedByBid,
  queryKeys,
  settingsQuery,
  userBidsQuery,
  userNoticesQuery,
  userPrebidsQuery,
  userRecentBidsQuery,
  userStatsQuery,
  userWonAuctionsQuery,
} from './queries'
import { PREBIDS_STALE_MS, SETTINGS_CACHE_MS, createQueryClient } from './query-client'

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

describe('the query client defaults (spec section 9)', () => {
  const client = createQueryClient()

  it('never goes stale, never refetches by itself and never retries', () => {
    const { queries, mutations } = client.getDefaultOptions()
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY)
    expect(queries?.retry).toBe(false)
    expect(queries?.refetchOnWindowFocus).toBe(false)
    expect(queries?.refetchOnReconnect).toBe(false)
    expect(queries?.refetchInterval).toBe(false)
    expect(mutations?.retry).toBe(false)
    expect(queries?.networkMode).toBe('always')
    expect(mutations?.networkMode).toBe('always')
  })

  it('keeps the settings 5 minutes and the pre-bid list 30 s', () => {
    expect(SETTINGS_CACHE_MS).toBe(300_000)
    expect(PREBIDS_STALE_MS).toBe(30_000)
    expect(client.defaultQueryOptions(settingsQuery()).staleTime).toBe(SETTINGS_CACHE_MS)
    expect(client.defaultQueryOptions(userPrebidsQuery()).staleTime).toBe(PREBIDS_STALE_MS)
  })

  it('asks for the notice settings again each time they are shown', () => {
    expect(client.defaultQueryOptions(userNoticesQuery()).staleTime).toBe(0)
  })

  it('leaves every other query fresh for ever', () => {
    const others: QueryKey[] = [
      adminSettingsQuery().queryKey,
      userBidsQuery().queryKey,
      userStatsQuery().queryKey,
      userWonAuctionsQuery().queryKey,
      userRecentBidsQuery().queryKey,
    ]
    for (const queryKey of others) {
      const defaulted = client.defaultQueryOptions({ queryKey })
      expect(defaulted.staleTime, queryKey.join('/')).toBe(Number.POSITIVE_INFINITY)
      expect(defaulted.retry).toBe(false)
      expect(defaulted.refetchOnWindowFocus).toBe(false)
    }
  })
})

describe('the query client at work', () => {
  const fetchMock = vi.fn<typeof fetch>()

  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })

  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('asks the server once for an answer that never goes stale', async () => {
    const client = createQueryClient()
    fetchMock.mockImplementation(async () => jsonResponse({ activeBids: 1, activePrebids: 0, wonAuctions: 0, totalSpent: 0 }))
    await client.query(userStatsQuery())
    const again = await client.query(userStatsQuery())
    expect(again.activeBids).toBe(1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(new URL((fetchMock.mock.calls[0][0] as Request).url).pathname).toBe('/api/users/stats')
  })

  it('asks again for the pre-bid list once it is 30 s old', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    fetchMock.mockImplementation(async () => jsonResponse([]))
    await client.query(userPrebidsQuery())
    vi.advanceTimersByTime(PREBIDS_STALE_MS - 1)
    await client.query(userPrebidsQuery())
    expect(fetchMock).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(2)
    await client.query(userPrebidsQuery())
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('does not retry a failed query, and keeps the error contract', async () => {
    const client = createQueryClient()
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Требуется вход', code: 'unauthorized' }, 401))
    const observer = new QueryObserver(client, userBidsQuery())
    const settled = new Promise<void>((resolve) => {
      const unsubscribe = observer.subscribe((result) => {
        if (result.status !== 'error') return
        unsubscribe()
        resolve()
      })
    })
    await settled
    const { error } = observer.getCurrentResult()
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(error?.message).toBe('Требуется вход')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('marks what a bid changes as stale, and nothing else', async () => {
    const client = createQueryClient()
    for (const key of Object.values(queryKeys)) client.setQueryData(key, [])
    await Promise.all(keysChangedByBid('bid').map((queryKey) => client.invalidateQueries({ queryKey })))
    const invalidated = (key: readonly string[]) => client.getQueryState(key)?.isInvalidated
    expect(invalidated(queryKeys.userBids)).toBe(true)
    expect(invalidated(queryKeys.userStats)).toBe(true)
    expect(invalidated(queryKeys.userRecentBids)).toBe(true)
    expect(invalidated(queryKeys.userPrebids)).toBe(false)
    expect(invalidated(queryKeys.settings)).toBe(false)
  })

  it('forgets everything on clear (logout)', () => {
    const client = createQueryClient()
    client.setQueryData(queryKeys.userStats, { activeBids: 1 })
    client.setQueryData(queryKeys.settings, { siteName: 'x' })
    client.clear()
    expect(client.getQueryCache().getAll()).toHaveLength(0)
  })
})
