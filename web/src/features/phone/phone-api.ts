//! The phone confirmation's two calls. Loaded with the confirmation page only.
import { atom } from 'jotai'
import { api, dataOf } from '../../lib/api'
import { applyUserAnswerAtom } from '../../lib/session'

/** Asks for a code by SMS to `phone` (`POST /api/auth/phone/code`); answers when another may be
 * asked for. */
export async function sendPhoneCode(phone: string) {
  return dataOf(api.POST('/api/auth/phone/code', { body: { phone } }))
}

/** Confirms `phone` with `code` (`POST /api/auth/phone/verify`): the account may bid from now on,
 * and its balance shows the free bids credited. Returns how many were credited. */
export const verifyPhoneAtom = atom(null, async (_get, set, body: { phone: string; code: string }) => {
  const { user, needsPhone, bonusBids } = await dataOf(api.POST('/api/auth/phone/verify', { body }))
  set(applyUserAnswerAtom, { user, needsPhone })
  return bonusBids
})
