//! Welcome first, then complete-profile once the welcome modal has closed (and, where a phone must
//! be confirmed, once it is: the phone's page comes first). Each modal's code loads
//! when it first opens (the complete-profile form brings zod and react-hook-form with it).
import { useAtomValue, useSetAtom } from 'jotai'
import { Suspense, lazy, useEffect } from 'react'
import {
  closeCompleteProfileAtom,
  closeWelcomeAtom,
  completeProfileOpenAtom,
  openCompleteProfileIfFlaggedAtom,
  welcomeAtom,
} from '../../lib/onboarding'
import { withAllTexts } from '../../lib/i18n'
import { currentUserAtom, needsPhoneAtom } from '../../lib/session'
import { useLatch } from '../../lib/use-latch'

const WelcomeModal = lazy(withAllTexts(() => import('./welcome-modal').then((m) => ({ default: m.WelcomeModal }))))
const CompleteProfileModal = lazy(
  withAllTexts(() => import('./complete-profile-modal').then((m) => ({ default: m.CompleteProfileModal }))),
)

export function OnboardingModals() {
  const welcome = useAtomValue(welcomeAtom)
  const user = useAtomValue(currentUserAtom)
  const needsPhone = useAtomValue(needsPhoneAtom)
  const completeOpen = useAtomValue(completeProfileOpenAtom)
  const closeWelcome = useSetAtom(closeWelcomeAtom)
  const closeComplete = useSetAtom(closeCompleteProfileAtom)
  const openIfFlagged = useSetAtom(openCompleteProfileIfFlaggedAtom)
  const welcomeWanted = useLatch(welcome.open)

  useEffect(() => {
    openIfFlagged(user !== null && !needsPhone)
  }, [user, needsPhone, welcome.open, openIfFlagged])

  return (
    <Suspense fallback={null}>
      {welcomeWanted && <WelcomeModal open={welcome.open} username={welcome.username} onClose={closeWelcome} />}
      {user && completeOpen && <CompleteProfileModal user={user} onClose={closeComplete} />}
    </Suspense>
  )
}
