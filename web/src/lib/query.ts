//! A small server-state cache in the app store: one entry per GET path. Entries never go stale
//! unless a caller asks (`staleMs`); there are no retries and no refetch on focus (spec section 9).
//! Logout clears everything through `clearQueryCacheAtom`.
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useCallback, useEffect } from 'react'
import { api } from './api'

interface Entry {
  status: 'loading' | 'success' | 'error'
  data?: unknown
  error?: Error
  fetchedAt: number
}

const cacheBaseAtom = atom<Record<string, Entry>>({})
let generation = 0

function patch(entries: Record<string, Entry>, key: string, entry: Entry | undefined) {
  const next = { ...entries }
  if (entry) next[key] = entry
  else delete next[key]
  return next
}

/** Fetches `path` into the cache (one request at a time per path). */
export const fetchQueryAtom = atom(null, async (get, set, path: string) => {
  const current = get(cacheBaseAtom)[path]
  if (current?.status === 'loading') return
  const started = generation
  set(cacheBaseAtom, (all) => patch(all, path, { ...current, status: 'loading', fetchedAt: Date.now() }))
  try {
    const data = await api.get<unknown>(path)
    if (started !== generation) return
    set(cacheBaseAtom, (all) => patch(all, path, { status: 'success', data, fetchedAt: Date.now() }))
  } catch (cause) {
    if (started !== generation) return
    const error = cause instanceof Error ? cause : new Error(String(cause))
    set(cacheBaseAtom, (all) => patch(all, path, { status: 'error', error, fetchedAt: Date.now() }))
  }
})

/** Drops every cached path that starts with `prefix`; mounted readers fetch it again. */
export const invalidateQueryAtom = atom(null, (get, set, prefix: string) => {
  const entries = get(cacheBaseAtom)
  const kept = Object.fromEntries(Object.entries(entries).filter(([key]) => !key.startsWith(prefix)))
  set(cacheBaseAtom, kept)
})

/** Forgets all cached server data (logout). */
export const clearQueryCacheAtom = atom(null, (_get, set) => {
  generation += 1
  set(cacheBaseAtom, {})
})

export interface QueryResult<T> {
  data: T | undefined
  error: Error | undefined
  loading: boolean
  refetch: () => void
}

/** Reads `path` from the cache, fetching it when missing or older than `staleMs`. `null` = idle. */
export function useQuery<T>(path: string | null, staleMs = Number.POSITIVE_INFINITY): QueryResult<T> {
  const entries = useAtomValue(cacheBaseAtom)
  const fetchQuery = useSetAtom(fetchQueryAtom)
  const entry = path ? entries[path] : undefined

  useEffect(() => {
    if (!path) return
    const stale = !entry || (entry.status !== 'loading' && Date.now() - entry.fetchedAt > staleMs)
    if (stale) void fetchQuery(path)
  }, [path, entry, staleMs, fetchQuery])

  const refetch = useCallback(() => {
    if (path) void fetchQuery(path)
  }, [path, fetchQuery])

  return {
    data: entry?.data as T | undefined,
    error: entry?.status === 'error' ? entry.error : undefined,
    loading: path !== null && (!entry || (entry.status === 'loading' && entry.data === undefined)),
    refetch,
  }
}
