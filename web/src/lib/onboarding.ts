//! What a new user sees after registering: the welcome modal first, then the complete-profile
//! modal. The latter is driven by a localStorage flag so it survives a reload.
import { atom } from 'jotai'

export const COMPLETE_PROFILE_FLAG = 'tyiyn.completeProfile'

const welcomeBaseAtom = atom<{ open: boolean; username: string }>({ open: false, username: '' })

export const welcomeAtom = atom((get) => get(welcomeBaseAtom))

/** Called once after a successful registration. */
export const startOnboardingAtom = atom(null, (_get, set, username: string) => {
  try {
    localStorage.setItem(COMPLETE_PROFILE_FLAG, '1')
  } catch {
    // Without storage the complete-profile modal is simply not offered.
  }
  set(welcomeBaseAtom, { open: true, username })
})

export const closeWelcomeAtom = atom(null, (get, set) => {
  set(welcomeBaseAtom, { ...get(welcomeBaseAtom), open: false })
})

export function hasCompleteProfileFlag(): boolean {
  try {
    return localStorage.getItem(COMPLETE_PROFILE_FLAG) === '1'
  } catch {
    return false
  }
}

export function clearCompleteProfileFlag() {
  try {
    localStorage.removeItem(COMPLETE_PROFILE_FLAG)
  } catch {
    // Nothing stored, nothing to clear.
  }
}

const completeProfileBaseAtom = atom(false)

export const completeProfileOpenAtom = atom((get) => get(completeProfileBaseAtom))

/** Opens the complete-profile modal once: when the flag is set, a user is present and the
 * welcome modal is closed. The flag is cleared as it opens. */
export const openCompleteProfileIfFlaggedAtom = atom(null, (get, set, hasUser: boolean) => {
  if (!hasUser || get(welcomeBaseAtom).open || !hasCompleteProfileFlag()) return
  clearCompleteProfileFlag()
  set(completeProfileBaseAtom, true)
})

export const closeCompleteProfileAtom = atom(null, (_get, set) => {
  set(completeProfileBaseAtom, false)
})
