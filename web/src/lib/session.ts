//! The current user. Loaded once at startup from `GET /api/auth/me` (any failure = logged out), and
//! only when the server's `tyiyn_signed_in` cookie says this browser holds a session: a visitor's
//! pages then make no request that answers 401. Login and registration set it; logout clears it. Whenever the user changes (login,
//! registration, logout) the whole query cache is cleared, so no answer of one user outlives them.
import { atom } from 'jotai'
import { api, dataOf } from './api'
import type { LoginBody, PasswordBody, ProfileBody, RegisterBody, User } from './api-types'
import { queryClient } from './query-client'

type AuthState = { status: 'loading'; user: null } | { status: 'ready'; user: User | null }

const authBaseAtom = atom<AuthState>({ status: 'loading', user: null })

/** `loading` until the startup check has answered. */
export const authStatusAtom = atom((get) => get(authBaseAtom).status)
export const currentUserAtom = atom((get) => get(authBaseAtom).user)
export const isAdminAtom = atom((get) => get(authBaseAtom).user?.role === 'admin')

/** Whether the server marked this browser as holding a session (its session cookie itself is
 * HttpOnly). */
export function holdsSession(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith('tyiyn_signed_in='))
}

export const loadSessionAtom = atom(null, async (_get, set) => {
  if (!holdsSession()) {
    set(authBaseAtom, { status: 'ready', user: null })
    return
  }
  try {
    const { user } = await dataOf(api.GET('/api/auth/me'))
    set(authBaseAtom, { status: 'ready', user })
  } catch {
    set(authBaseAtom, { status: 'ready', user: null })
  }
})

export const loginAtom = atom(null, async (_get, set, credentials: LoginBody) => {
  const { user } = await dataOf(api.POST('/api/auth/login', { body: credentials }))
  queryClient.clear()
  set(authBaseAtom, { status: 'ready', user })
  return user
})

export const registerAtom = atom(null, async (_get, set, registration: RegisterBody) => {
  const { user } = await dataOf(api.POST('/api/auth/register', { body: registration }))
  queryClient.clear()
  set(authBaseAtom, { status: 'ready', user })
  return user
})

export const logoutAtom = atom(null, async (_get, set) => {
  try {
    await dataOf(api.POST('/api/auth/logout'))
  } finally {
    set(authBaseAtom, { status: 'ready', user: null })
    queryClient.clear()
  }
})

/** Ends every session of the user, this one included (`POST /api/users/sessions/logout-all`); then
 * like logout. Unlike logout, a failure is thrown and the user stays logged in. */
export const logoutEverywhereAtom = atom(null, async (_get, set) => {
  await dataOf(api.POST('/api/users/sessions/logout-all'))
  set(authBaseAtom, { status: 'ready', user: null })
  queryClient.clear()
})

/** Changes the password (`PUT /api/users/password`). The server ends the user's other sessions and
 * gives this browser a new session cookie; the user stays the same, so nothing here changes. */
export const changePasswordAtom = atom(null, async (_get, _set, body: PasswordBody) => {
  await dataOf(api.PUT('/api/users/password', { body }))
})

/** Saves the profile (`PUT /api/users/profile`) and shows the user the server answers with. */
export const saveProfileAtom = atom(null, async (_get, set, profile: ProfileBody) => {
  const user = await dataOf(api.PUT('/api/users/profile', { body: profile }))
  set(authBaseAtom, { status: 'ready', user })
  return user
})

/** Applies a new bid balance reported by the server (bid, pre-bid). */
/** Counts balance changes heard (answers to own bids, socket updates), so a fresh read that
 * started before one of them does not put an older balance back. */
let balanceChanges = 0

export const setBidBalanceAtom = atom(null, (get, set, bidBalance: number) => {
  balanceChanges += 1
  const { user } = get(authBaseAtom)
  if (user) set(authBaseAtom, { status: 'ready', user: { ...user, bidBalance } })
})

/** Reads the signed-in user's balance afresh (the realtime client does on every connect). A failed
 * read, another user's answer, or a change heard meanwhile leaves the balance as it is. */
export const refreshBalanceAtom = atom(null, async (get, set) => {
  const before = get(authBaseAtom).user
  if (!before) return
  const changes = balanceChanges
  try {
    const { user } = await dataOf(api.GET('/api/auth/me'))
    const now = get(authBaseAtom).user
    if (user && now && user.id === now.id && changes === balanceChanges && user.bidBalance !== now.bidBalance) {
      set(authBaseAtom, { status: 'ready', user: { ...now, bidBalance: user.bidBalance } })
    }
  } catch {
    // Offline or signed out meanwhile: the next update or connect corrects it.
  }
})
