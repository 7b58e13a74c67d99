//! Whether this screen is a phone's (narrow, or a finger for a pointer): there nobody can scan
//! their own screen, so the page offers the bank apps' buttons first and the QR code on request.
import { useSyncExternalStore } from 'react'

export const PHONE_QUERY = '(pointer: coarse), (max-width: 640px)'

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null
}

function subscribe(notify: () => void) {
  const list = media()
  list?.addEventListener('change', notify)
  return () => list?.removeEventListener('change', notify)
}

const isPhone = () => media()?.matches ?? false

/** `true` on a phone, re-rendering when the screen changes (a rotated tablet, a resized window). */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false)
}
