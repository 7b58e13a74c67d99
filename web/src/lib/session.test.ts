import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserAtom, holdsSession, loadSessionAtom } from './session'

describe('the startup check of who is signed in', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('reads the hint cookie among others', () => {
    expect(holdsSession('lang=ru; tyiyn_signed_in=1')).toBe(true)
    expect(holdsSession('lang=ru')).toBe(false)
    expect(holdsSession('')).toBe(false)
    expect(holdsSession('not_tyiyn_signed_in=1')).toBe(false)
  })

  it('asks nothing for a visitor, so no 401 reaches the console', async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const store = createStore()
    await store.set(loadSessionAtom)
    expect(fetch).not.toHaveBeenCalled()
    expect(store.get(currentUserAtom)).toBeNull()
  })

  it('asks the server when the browser holds a session', async () => {
    const user = { id: 3, username: 'aibek' }
    const fetch = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ user }), { headers: { 'Content-Type': 'application/json' } })),
    )
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { cookie: 'lang=en; tyiyn_signed_in=1' })
    const store = createStore()
    await store.set(loadSessionAtom)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(store.get(currentUserAtom)).toMatchObject({ id: 3 })
  })
})
