//! The current user. Loaded once at startup from `GET /api/auth/me` (any failure = logged out);
//! login and registration set it; logout clears it. Whenever the user changes (login,
//! registration, logout) the whole query cache is cleared, so no answer of one user outlives them.
import { atom } from 'jotai'
import { api } from './api'
import { queryClient } from './query-client'
import type { User } from './types'

type AuthState = { status: 'loading'; user: null } | { status: 'ready'; user: User | null }

const authBaseAtom = atom<AuthState>({ status: 'loading', user: null })

/** `loading` until the startup check has answered. */
export const authStatusAtom = atom((get) => get(authBaseAtom).status)
export const currentUserAtom = atom((get) => get(authBaseAtom).user)
export const isAdminAtom = atom((get) => get(authBaseAtom).user?.role === 'admin')

/** Accepts both `{user}` and a bare user object, as the API returns either. */
export function unwrapUser(body: unknown): User {
  if (body && typeof body === 'object' && 'user' in body) return (body as { user: User }).user
  return body as User
}

export const loadSessionAtom = atom(null, async (_get, set) => {
  try {
    const user = unwrapUser(await api.get<unknown>('/api/auth/me'))
    set(authBaseAtom, { status: 'ready', user })
  } catch {
    set(authBaseAtom, { status: 'ready', user: null })
  }
})

export interface Credentials {
  username: string
  password: string
}

export interface Registration extends Credentials {
  email: string
}

export const loginAtom = atom(null, async (_get, set, credentials: Credentials) => {
  const user = unwrapUser(await api.post<unknown>('/api/auth/login', credentials))
  queryClient.clear()
  set(authBaseAtom, { status: 'ready', user })
  return user
})

export const registerAtom = atom(null, async (_get, set, registration: Registration) => {
  const user = unwrapUser(await api.post<unknown>('/api/auth/register', registration))
  queryClient.clear()
  set(authBaseAtom, { status: 'ready', user })
  return user
})

export const logoutAtom = atom(null, async (_get, set) => {
  try {
    await api.post('/api/auth/logout')
  } finally {
    set(authBaseAtom, { status: 'ready', user: null })
    queryClient.clear()
  }
})

/** Replaces the current user with a fresher copy (profile save). */
export const setUserAtom = atom(null, (_get, set, user: User) => {
  set(authBaseAtom, { status: 'ready', user })
})

/** Applies a new bid balance reported by the server (bid, pre-bid). */
export const setBidBalanceAtom = atom(null, (get, set, bidBalance: number) => {
  const { user } = get(authBaseAtom)
  if (user) set(authBaseAtom, { status: 'ready', user: { ...user, bidBalance } })
})
