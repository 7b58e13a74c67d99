//! Welcome first, then complete-profile once the welcome modal has closed.
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import {
  closeCompleteProfileAtom,
  closeWelcomeAtom,
  completeProfileOpenAtom,
  openCompleteProfileIfFlaggedAtom,
  welcomeAtom,
} from '../../lib/onboarding'
import { currentUserAtom } from '../../lib/session'
import { CompleteProfileModal } from './complete-profile-modal'
import { WelcomeModal } from './welcome-modal'

export function OnboardingModals() {
  const welcome = useAtomValue(welcomeAtom)
  const user = useAtomValue(currentUserAtom)
  const completeOpen = useAtomValue(completeProfileOpenAtom)
  const closeWelcome = useSetAtom(closeWelcomeAtom)
  const closeComplete = useSetAtom(closeCompleteProfileAtom)
  const openIfFlagged = useSetAtom(openCompleteProfileIfFlaggedAtom)

  useEffect(() => {
    openIfFlagged(user !== null)
  }, [user, welcome.open, openIfFlagged])

  return (
    <>
      <WelcomeModal open={welcome.open} username={welcome.username} onClose={closeWelcome} />
      {user && completeOpen && <CompleteProfileModal user={user} onClose={closeComplete} />}
    </>
  )
}
