//! Which app-level dialog is open. Any feature may ask for the login dialog (e.g. a visitor who
//! presses "bid"); the app layout renders it.
import { atom } from 'jotai'

export type AuthTab = 'login' | 'register'

const loginDialogBaseAtom = atom<{ open: boolean; tab: AuthTab }>({ open: false, tab: 'login' })

export const loginDialogAtom = atom((get) => get(loginDialogBaseAtom))

export const openLoginDialogAtom = atom(null, (_get, set, tab: AuthTab = 'login') => {
  set(loginDialogBaseAtom, { open: true, tab })
})

export const closeLoginDialogAtom = atom(null, (get, set) => {
  set(loginDialogBaseAtom, { ...get(loginDialogBaseAtom), open: false })
})

export const setLoginTabAtom = atom(null, (get, set, tab: AuthTab) => {
  set(loginDialogBaseAtom, { ...get(loginDialogBaseAtom), tab })
})
