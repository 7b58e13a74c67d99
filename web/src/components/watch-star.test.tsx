// @vitest-environment jsdom
//! The watch star (issue 24): a visitor is asked to log in; a user's stars come from their
//! watchlist, a press lights or puts one out at once, and a refused press goes back with the
//! server's reason.
import { createStore, Provider } from 'jotai'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../lib/api-types'
import { loginDialogAtom } from '../lib/dialogs'
import { loadSessionAtom } from '../lib/session'
import { iso, liveAuction } from '../lib/test-fixtures'
import { toastsAtom } from '../lib/toast'
import { render, unmountAll } from '../test/render'
import { WatchStar } from './watch-star'

const NOW = Date.parse('2026-11-24T10:00:00Z')
const upcoming = (id: number) => liveAuction(NOW, { id, title: `Лот ${id}`, status: 'upcoming', endsAt: null, startTime: iso(NOW + 3_600_000) })

type Answer = { status: number; body: unknown }
const json = (status: number, body: unknown): Answer => ({ status, body })

/** Stubs `fetch` with `route(method, path)`'s answers; returns the requests made. */
function serve(route: (method: string, path: string) => Answer) {
  const requests: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const { pathname } = new URL(request.url)
      requests.push(`${request.method} ${pathname}`)
      const { status, body } = route(request.method, pathname)
      return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))
    }),
  )
  return requests
}

/** Lets the pending answers and the renders they cause run. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((done) => setTimeout(done, 0))
  })
}

const star = (page: HTMLElement, id: number) => page.querySelector<HTMLButtonElement>(`[data-testid="watch-star-${id}"]`)

/** A store whose signed-in user is 7 (the startup check answered with them). */
async function signedIn() {
  document.cookie = 'tyiyn_signed_in=1'
  const store = createStore()
  await store.set(loadSessionAtom)
  return store
}

describe('the watch star', () => {
  afterEach(() => {
    unmountAll()
    vi.unstubAllGlobals()
    document.cookie = 'tyiyn_signed_in=; max-age=0'
  })

  it('asks a visitor to log in and sends nothing', async () => {
    const requests = serve(() => json(500, {}))
    const store = createStore()
    await store.set(loadSessionAtom)
    const page = render(
      <Provider store={store}>
        <WatchStar auction={upcoming(8)} />
      </Provider>,
    )
    const button = star(page, 8)
    expect(button?.getAttribute('aria-pressed')).toBe('false')
    expect(button?.getAttribute('aria-label')).toBe('Избранное: «Лот 8»')
    act(() => button?.click())
    expect(store.get(loginDialogAtom)).toEqual({ open: true, tab: 'login' })
    expect(store.get(toastsAtom)[0]?.title).toBe('Требуется авторизация')
    expect(requests).toEqual([])
  })

  it('shows the user’s stars and lights one at once when pressed', async () => {
    const requests = serve((method, path) => {
      if (path === '/api/auth/me') return json(200, { user: { id: 7, username: 'asel' } as User })
      if (path === '/api/me/watchlist') return json(200, { auctions: [], ids: [9], total: 1, totalPages: 1 })
      if (method === 'PUT' && path === '/api/auctions/8/watch') return json(200, { auctionId: 8, watched: true })
      return json(404, { error: 'Не найдено', code: 'not_found' })
    })
    const store = await signedIn()
    const page = render(
      <Provider store={store}>
        <WatchStar auction={upcoming(8)} />
        <WatchStar auction={upcoming(9)} variant="labeled" />
      </Provider>,
    )
    await settle()
    expect(star(page, 9)?.getAttribute('aria-pressed')).toBe('true')
    expect(star(page, 9)?.textContent).toBe('Избранное')
    expect(star(page, 8)?.getAttribute('aria-pressed')).toBe('false')

    act(() => star(page, 8)?.click())
    expect(star(page, 8)?.getAttribute('aria-pressed')).toBe('true')
    await settle()
    expect(star(page, 8)?.getAttribute('aria-pressed')).toBe('true')
    expect(requests.filter((r) => r.endsWith('/watch'))).toEqual(['PUT /api/auctions/8/watch'])
    // Two stars, one read of the watchlist.
    expect(requests.filter((r) => r.endsWith('/watchlist'))).toEqual(['GET /api/me/watchlist'])
    expect(store.get(toastsAtom)[0]).toMatchObject({ title: 'Добавлено в избранное', description: 'За 5 минут до старта пришлём уведомление.' })
  })

  it('keeps a press made while the watchlist is still on its way', async () => {
    // The read left the server before the press (a slow network): its answer lacks the new star.
    let answerWatchlist: () => void = () => {}
    const held = new Promise<void>((done) => (answerWatchlist = done))
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const { pathname } = new URL(request.url)
        const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
        if (pathname === '/api/auth/me') return answer(200, { user: { id: 7, username: 'asel' } as User })
        if (pathname === '/api/me/watchlist') {
          await held
          return answer(200, { auctions: [], ids: [9], total: 1, totalPages: 1 })
        }
        return answer(200, { auctionId: 8, watched: true })
      }),
    )
    const store = await signedIn()
    const page = render(
      <Provider store={store}>
        <WatchStar auction={upcoming(8)} />
        <WatchStar auction={upcoming(9)} />
      </Provider>,
    )
    await settle()
    act(() => star(page, 8)?.click())
    await settle()
    expect(store.get(toastsAtom)[0]?.title).toBe('Добавлено в избранное')
    answerWatchlist()
    await settle()
    expect(star(page, 8)?.getAttribute('aria-pressed')).toBe('true')
    expect(star(page, 9)?.getAttribute('aria-pressed')).toBe('true')
  })

  it('puts a refused star back out and says why', async () => {
    serve((_method, path) => {
      if (path === '/api/auth/me') return json(200, { user: { id: 7, username: 'asel' } as User })
      if (path === '/api/me/watchlist') return json(200, { auctions: [], ids: [], total: 0, totalPages: 1 })
      return json(409, { error: 'В избранном уже столько аукционов, сколько можно', code: 'watchlist_full' })
    })
    const store = await signedIn()
    const page = render(
      <Provider store={store}>
        <WatchStar auction={upcoming(8)} />
      </Provider>,
    )
    await settle()
    act(() => star(page, 8)?.click())
    await settle()
    expect(star(page, 8)?.getAttribute('aria-pressed')).toBe('false')
    expect(store.get(toastsAtom)[0]).toMatchObject({
      title: 'Не удалось изменить избранное',
      description: 'В избранном уже столько аукционов, сколько можно',
      variant: 'destructive',
    })
  })
})
