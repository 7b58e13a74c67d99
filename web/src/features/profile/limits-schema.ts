//! The spend-limits form: bids per rolling day, week and month (a whole number from 0 to
//! 1,000,000) and som spent on bid packages per rolling month (0 to 10,000,000, at most two
//! decimals); empty means no limit. The server checks the same (`PUT /api/users/limits`).
import { z } from '../../lib/zod'

export const MAX_BID_LIMIT = 1_000_000
export const MAX_SPEND_LIMIT = 10_000_000

export const BID_LIMITS = ['dailyBids', 'weeklyBids', 'monthlyBids'] as const
export type LimitField = (typeof BID_LIMITS)[number] | 'monthlySpend'
export const LIMIT_FIELDS: readonly LimitField[] = [...BID_LIMITS, 'monthlySpend']

const bids = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) <= MAX_BID_LIMIT), 'limits.bidsInvalid')

export const limitsSchema = z.object({
  dailyBids: bids,
  weeklyBids: bids,
  monthlyBids: bids,
  monthlySpend: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,8}([.,]\d{1,2})?$/.test(v) && Number(v.replace(',', '.')) <= MAX_SPEND_LIMIT), 'limits.spendInvalid'),
})

export type LimitsValues = z.infer<typeof limitsSchema>

/** The limits in force, as the server answers them (`null`: no limit). */
export type CurrentLimits = Record<LimitField, number | null>

/** The form's starting values: each limit in force, empty for none. */
export function limitsDefaults(current: CurrentLimits): LimitsValues {
  const text = (v: number | null) => (v === null ? '' : String(v))
  return {
    dailyBids: text(current.dailyBids),
    weeklyBids: text(current.weeklyBids),
    monthlyBids: text(current.monthlyBids),
    monthlySpend: text(current.monthlySpend),
  }
}

/**
 * The request body: only the limits the user changed (an unchanged one left out stays as it is,
 * and so does any higher limit still waiting its 24 hours), `null` for a field emptied.
 */
export function limitsPayload(values: LimitsValues, current: CurrentLimits): Partial<CurrentLimits> {
  const body: Partial<CurrentLimits> = {}
  for (const field of LIMIT_FIELDS) {
    const raw = values[field].trim().replace(',', '.')
    const value = raw === '' ? null : Number(raw)
    if (value !== current[field]) body[field] = value
  }
  return body
}
