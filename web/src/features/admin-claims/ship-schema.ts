//! The ship dialog's one field: the carrier's tracking note, optional, at most 200 characters.
import { z } from '../../lib/zod'
import type { AdminClaim } from '../../lib/api-types'

export const TRACKING_MAX = 200

export const shipSchema = z.object({
  tracking: z.string().trim().max(TRACKING_MAX, 'adminClaims.ship.trackingMax'),
})

export type ShipValues = z.infer<typeof shipSchema>

/** The `POST /api/admin/claims/{id}/ship` body: no tracking when the note is blank. */
export function shipPayload(values: ShipValues): { tracking?: string } {
  const tracking = values.tracking.trim()
  return tracking ? { tracking } : {}
}

/** What an admin can do next with a won item: ship a paid one that is brought, mark delivered a
 * shipped one or a paid pickup. */
export function nextAction(claim: Pick<AdminClaim, 'state' | 'deliveryMethod'>): 'ship' | 'deliver' | null {
  if (claim.state === 'paid') return claim.deliveryMethod === 'pickup' ? 'deliver' : 'ship'
  if (claim.state === 'shipped') return 'deliver'
  return null
}
