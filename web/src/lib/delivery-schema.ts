//! The claim form of a won item (spec sections 4 and 9): the delivery method, the address (for a
//! courier in Bishkek or a carrier to the regions, 5–300 characters), the phone (+996 and nine
//! digits), and what it all costs: the won price plus the method's fee, in som.
import { z } from './zod'
import type { Claim, ClaimState, DeliveryMethod, DeliveryOption, PayMethod } from './api-types'
import { PHONE_PATTERN, isPhoneBlank } from './validation'

/** The methods in the order the form lists them. */
export const DELIVERY_METHODS = ['pickup', 'courier', 'region'] as const satisfies readonly DeliveryMethod[]

export const ADDRESS_MIN = 5
export const ADDRESS_MAX = 300

/** Whether `method` brings the item to an address (the address is then required). */
export function needsAddress(method: string): boolean {
  return method === 'courier' || method === 'region'
}

export const deliverySchema = z
  .object({
    method: z.enum(DELIVERY_METHODS, { message: 'claims.form.methodRequired' }),
    address: z.string().trim().max(ADDRESS_MAX, 'claims.form.addressMax'),
    phone: z
      .string()
      .trim()
      .refine((value) => !isPhoneBlank(value), { message: 'claims.form.phoneRequired', abort: true })
      .refine((value) => PHONE_PATTERN.test(value), 'validation.phoneFormat'),
  })
  .superRefine((values, context) => {
    if (!needsAddress(values.method)) return
    if (values.address.length === 0) context.addIssue({ code: 'custom', path: ['address'], message: 'claims.form.addressRequired' })
    else if (values.address.length < ADDRESS_MIN) context.addIssue({ code: 'custom', path: ['address'], message: 'claims.form.addressMin' })
  })

export type DeliveryValues = z.input<typeof deliverySchema>

/** The form's starting values: the method chosen before (if any), its address, the claim's
 * phone or else the profile's. */
export function deliveryDefaults(claim: Pick<Claim, 'deliveryMethod' | 'address' | 'phone'>, profilePhone: string | null | undefined): DeliveryValues {
  return {
    method: (claim.deliveryMethod ?? 'pickup') as DeliveryValues['method'],
    address: claim.address ?? '',
    phone: claim.phone ?? profilePhone ?? '',
  }
}

/** The `POST /api/claims/{id}/delivery` (and `/buy-now`) body; `paymentMethod` absent: card. */
export type DeliveryPayload = { method: DeliveryMethod; address?: string; phone: string; paymentMethod?: PayMethod }

/** The `POST /api/claims/{id}/delivery` body: no address for a pickup. */
export function deliveryPayload(values: DeliveryValues): DeliveryPayload {
  const phone = values.phone.trim()
  return needsAddress(values.method) ? { method: values.method, address: values.address.trim(), phone } : { method: values.method, phone }
}

/** Tyiyn in som amounts (numbers with two decimals) → integer tyiyn, so sums never drift. */
const toTyiyn = (som: number) => Math.round(som * 100)

/** The fee of `method` in som (`0` when the server did not list it). */
export function feeOf(options: readonly DeliveryOption[], method: string): number {
  return options.find((option) => option.method === method)?.fee ?? 0
}

/** The won price plus the delivery fee, in som, summed in whole tyiyn: `0.31 + 200 = 200.31`. */
export function claimTotal(price: number, fee: number): number {
  return (toTyiyn(price) + toTyiyn(fee)) / 100
}

/** The states in which the winner can still choose delivery and pay, or decline. */
export const OPEN_CLAIM_STATES: readonly ClaimState[] = ['reserved', 'claimed']

export function isOpenClaim(claim: Pick<Claim, 'state'>): boolean {
  return OPEN_CLAIM_STATES.includes(claim.state)
}
