//! The auctions the signed-in user watches (the stars on the cards and the auction page), kept in
//! one jotai atom: read from `GET /api/me/watchlist` (its `ids` name every watched auction) once
//! per user, and changed by a star at once (`PUT`/`DELETE /api/auctions/{id}/watch`), put back if
//! the server refuses. A press made while the first read is on its way is applied again over its
//! answer, which may have left the server before the press (a slow network). The public lists
//! carry nothing per user, so they stay one answer for
//! everyone (docs/rules/watchlist.md, "Watchlist"). The profile's page of watched auctions is a query
//! (`userWatchlistQuery`).
import { atom, useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { api, dataOf } from './api'
import { currentUserAtom } from './session'

/** Whose stars these are: a set belongs to one user and is never shown to another. While the first
 * read is on its way, `presses` keeps what the user pressed meanwhile, in order. */
type Stars = { userId: number; ids: ReadonlySet<number>; presses?: ReadonlyMap<number, boolean> }

const NONE: ReadonlySet<number> = new Set()

const starsBaseAtom = atom<Stars | null>(null)

/** The ids of the auctions the current user watches (none for a visitor, and until loaded). */
export const watchedIdsAtom = atom((get) => {
  const user = get(currentUserAtom)
  const stars = get(starsBaseAtom)
  return user && stars?.userId === user.id ? stars.ids : NONE
})

/** `ids` with `id` lit or put out. */
function withStar(ids: ReadonlySet<number>, id: number, watched: boolean): ReadonlySet<number> {
  const next = new Set(ids)
  if (watched) next.add(id)
  else next.delete(id)
  return next
}

/** Reads the current user's stars, once per user (a failure leaves them to the next mount). */
export const loadWatchlistAtom = atom(null, async (get, set) => {
  const user = get(currentUserAtom)
  if (!user || get(starsBaseAtom)?.userId === user.id) return
  set(starsBaseAtom, { userId: user.id, ids: NONE, presses: new Map() })
  try {
    const { ids } = await dataOf(api.GET('/api/me/watchlist', { params: { query: { limit: 1 } } }))
    const now = get(starsBaseAtom)
    if (now?.userId !== user.id) return
    let read: ReadonlySet<number> = new Set(ids)
    for (const [id, watched] of now.presses ?? []) read = withStar(read, id, watched)
    set(starsBaseAtom, { userId: user.id, ids: read })
  } catch {
    if (get(starsBaseAtom)?.userId === user.id) set(starsBaseAtom, null)
  }
})

/** Lights or puts out the star of auction `id` for the current user: shown at once, sent, and put
 * back when the server refuses (the error is thrown on, for the caller's toast). */
export const setWatchedAtom = atom(null, async (get, set, { id, watched }: { id: number; watched: boolean }) => {
  const user = get(currentUserAtom)
  if (!user) return
  const turn = (on: boolean) => {
    const stars = get(starsBaseAtom)
    const mine = stars?.userId === user.id ? stars : undefined
    const presses = mine?.presses && new Map(mine.presses).set(id, on)
    set(starsBaseAtom, { userId: user.id, ids: withStar(mine?.ids ?? NONE, id, on), presses })
  }
  turn(watched)
  try {
    const init = { params: { path: { id } } }
    await dataOf(watched ? api.PUT('/api/auctions/{id}/watch', init) : api.DELETE('/api/auctions/{id}/watch', init))
  } catch (error) {
    turn(!watched)
    throw error
  }
})

/** The current user's stars, read the first time a star is shown to them. */
export function useWatchedIds(): ReadonlySet<number> {
  const user = useAtomValue(currentUserAtom)
  const load = useSetAtom(loadWatchlistAtom)
  const userId = user?.id
  useEffect(() => {
    if (userId !== undefined) void load()
  }, [userId, load])
  return useAtomValue(watchedIdsAtom)
}
