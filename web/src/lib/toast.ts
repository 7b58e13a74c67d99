//! App-wide toasts (Radix Toast underneath): one at a time, 5 s each, variants default and
//! destructive. Call `useToast().toast({...})` in components or `showToast` elsewhere.
import { atom, useSetAtom } from 'jotai'
import { useMemo } from 'react'
import { appStore } from './store'

export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
}

export interface ToastItem extends ToastInput {
  id: number
  open: boolean
}

const toastsBaseAtom = atom<ToastItem[]>([])
let nextId = 0

export const toastsAtom = atom((get) => get(toastsBaseAtom))

/** Shows a toast, replacing the one on screen (the limit is one). Returns its id. */
export const showToastAtom = atom(null, (get, set, input: ToastInput) => {
  nextId += 1
  const item: ToastItem = { variant: 'default', ...input, id: nextId, open: true }
  set(toastsBaseAtom, [item, ...get(toastsBaseAtom)].slice(0, TOAST_LIMIT))
  return item.id
})

/** Closes a toast; it leaves the list later, as Radix animates it out. */
export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsBaseAtom,
    get(toastsBaseAtom).map((item) => (item.id === id ? { ...item, open: false } : item)),
  )
  setTimeout(() => {
    set(toastsBaseAtom, (items) => items.filter((item) => item.id !== id))
  }, TOAST_REMOVE_DELAY_MS)
})

/** For code outside React. */
export function showToast(input: ToastInput): number {
  return appStore.set(showToastAtom, input)
}

export function useToast() {
  const toast = useSetAtom(showToastAtom)
  const dismiss = useSetAtom(dismissToastAtom)
  return useMemo(() => ({ toast, dismiss }), [toast, dismiss])
}
