//! The signed-in user's own changes: the password, the profile, and ending every session. Loaded with the profile page and
//! the complete-profile modal, never with the first screen.
import { atom, useSetAtom } from 'jotai'
import { api, dataOf } from './api'
import type { PasswordBody, ProfileBody } from './api-types'
import { applyUserAnswerAtom, changingSession, forgetUserAtom, needsPhoneAtom } from './session'
import { useEndSession } from './use-logout'

/** Changes the password (`PUT /api/users/password`). The server ends the user's other sessions and
 * gives this browser a new session cookie; the user stays the same, so nothing here changes. */
export const changePasswordAtom = atom(null, async (_get, _set, body: PasswordBody) => {
  await changingSession(dataOf(api.PUT('/api/users/password', { body })))
})

/** Saves the profile (`PUT /api/users/profile`) and shows the user the server answers with. */
export const saveProfileAtom = atom(null, async (get, set, profile: ProfileBody) => {
  const user = await dataOf(api.PUT('/api/users/profile', { body: profile }))
  set(applyUserAnswerAtom, { user, needsPhone: get(needsPhoneAtom) })
  return user
})

/** Ends every session of the user, this one included (`POST /api/users/sessions/logout-all`); then
 * like logout. Unlike logout, a failure is thrown and the user stays logged in. */
export const logoutEverywhereAtom = atom(null, async (_get, set) => {
  await changingSession(dataOf(api.POST('/api/users/sessions/logout-all')))
  set(forgetUserAtom)
})

/** Ends every session of the user, then like logout; a failure is thrown (the user stays). */
export function useLogoutEverywhere() {
  const logoutEverywhere = useSetAtom(logoutEverywhereAtom)
  return useEndSession(logoutEverywhere, 'profile.loggedOutEverywhere')
}
