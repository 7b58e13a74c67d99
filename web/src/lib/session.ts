//! The current user. Loaded once at startup from `GET /api/auth/me` (any failure = logged out), and
//! only when the server's `tyiyn_signed_in` cookie says this browser holds a session: a visitor's
//! pages then make no request that answers 401. Login and registration set it; logout clears it. Whenever the user changes (login,
//! registration, logout) the whole query cache is cleared, so no answer of one user outlives them.
import { atom } from 'jotai'
import { ApiError, api, dataOf } from './api'
import type { LoginBody, RegisterBody, User } from './api-types'
import { queryClient } from './query-client'

/** `needsPhone`: the account must confirm a phone number before it may bid (the server says so). */
type AuthState =
  | { status: 'loading'; user: null; needsPhone: false }
  | { status: 'ready'; user: User | null; needsPhone: boolean }

const authBaseAtom = atom<AuthState>({ status: 'loading', user: null, needsPhone: false })
const signedOut: AuthState = { status: 'ready', user: null, needsPhone: false }

/** `loading` until the startup check has answered. */
export const authStatusAtom = atom((get) => get(authBaseAtom).status)
export const currentUserAtom = atom((get) => get(authBaseAtom).user)
export const isAdminAtom = atom((get) => get(authBaseAtom).user?.role === 'admin')
/** Whether the logged-in account must confirm a phone number before it may bid. */
export const needsPhoneAtom = atom((get) => get(authBaseAtom).needsPhone)

/** Whether the server marked this browser as holding a session (its session cookie itself is
 * HttpOnly). */
export function holdsSession(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((part) => part.trim().startsWith('tyiyn_signed_in='))
}

/** The requests in flight that end or replace this browser's session (logout, log out everywhere, a
 * password change): the server closes the user's sockets as they happen, and the realtime client
 * reconnects only once they have settled, with the cookie they set and the user they leave. */
let sessionChanges: Promise<unknown> = Promise.resolve()

/** Runs `request` as a change of this browser's session (see `sessionSettled`). */
export function changingSession<T>(request: Promise<T>): Promise<T> {
  sessionChanges = Promise.allSettled([sessionChanges, request])
  return request
}

/** Resolves once every session change begun so far has settled. */
export function sessionSettled(): Promise<unknown> {
  return sessionChanges
}

export const loadSessionAtom = atom(null, async (_get, set) => {
  if (!holdsSession()) {
    set(authBaseAtom, signedOut)
    return
  }
  try {
    const { user, needsPhone } = await dataOf(api.GET('/api/auth/me'))
    set(authBaseAtom, { status: 'ready', user, needsPhone })
  } catch {
    set(authBaseAtom, signedOut)
  }
})

export const loginAtom = atom(null, async (_get, set, credentials: LoginBody) => {
  const { user, needsPhone } = await dataOf(api.POST('/api/auth/login', { body: credentials }))
  queryClient.clear()
  set(authBaseAtom, { status: 'ready', user, needsPhone })
  return user
})

export const registerAtom = atom(null, async (_get, set, registration: RegisterBody) => {
  const { user, needsPhone } = await dataOf(api.POST('/api/auth/register', { body: registration }))
  queryClient.clear()
  set(authBaseAtom, { status: 'ready', user, needsPhone })
  return { user, needsPhone }
})

export const logoutAtom = atom(null, async (_get, set) => {
  try {
    await changingSession(dataOf(api.POST('/api/auth/logout')))
  } finally {
    set(authBaseAtom, signedOut)
    queryClient.clear()
  }
})

/** Forgets the signed-in user here (their session already ended on the server). */
export const forgetUserAtom = atom(null, (_get, set) => {
  set(authBaseAtom, signedOut)
  queryClient.clear()
})

/** Applies a new bid balance reported by the server (bid, pre-bid). */
/** Counts balance changes heard (answers to own bids, socket updates), so a fresh read that
 * started before one of them does not put an older balance back. */
let balanceChanges = 0

export const setBidBalanceAtom = atom(null, (get, set, bidBalance: number) => {
  balanceChanges += 1
  const { user, needsPhone } = get(authBaseAtom)
  if (user) set(authBaseAtom, { status: 'ready', user: { ...user, bidBalance }, needsPhone })
})

/** Reads the signed-in user's balance afresh (the realtime client does on every connect). A failed
 * read, another user's answer, or a change heard meanwhile leaves the balance as it is; a 401 means
 * the session ended elsewhere (logged out everywhere on another device, the password changed
 * there): the user is forgotten here too. */
export const refreshBalanceAtom = atom(null, async (get, set) => {
  const before = get(authBaseAtom).user
  if (!before) return
  const changes = balanceChanges
  try {
    const { user } = await dataOf(api.GET('/api/auth/me'))
    const now = get(authBaseAtom).user
    if (user && now && user.id === now.id && changes === balanceChanges && user.bidBalance !== now.bidBalance) {
      set(authBaseAtom, { status: 'ready', user: { ...now, bidBalance: user.bidBalance }, needsPhone: get(authBaseAtom).needsPhone })
    }
  } catch (error) {
    // Offline: the next update or connect corrects it. Signed out meanwhile: so is this page.
    if (error instanceof ApiError && error.status === 401 && get(authBaseAtom).user?.id === before.id) set(forgetUserAtom)
  }
})

/** Puts an answer that names the account and whether it needs a phone (a confirmation) in place. */
export const applyUserAnswerAtom = atom(null, (_get, set, answer: { user: User; needsPhone: boolean }) => {
  set(authBaseAtom, { status: 'ready', user: answer.user, needsPhone: answer.needsPhone })
})
