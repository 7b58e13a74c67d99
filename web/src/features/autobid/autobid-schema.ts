//! The auto-bid form: how many bids (1–500) and, optionally, the highest price they may make, in
//! som with at most two decimals. The server checks the same (`PUT /api/auctions/{id}/autobid`).
import { z } from '../../lib/zod'

export const MAX_AUTOBIDS = 500

export const autobidSchema = z.object({
  bids: z
    .string()
    .trim()
    .regex(/^\d+$/, 'autobid.bidsInvalid')
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_AUTOBIDS, 'autobid.bidsInvalid'),
  maxPrice: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,11}([.,]\d{1,2})?$/.test(v) && Number(v.replace(',', '.')) > 0), 'autobid.priceInvalid'),
})

export type AutobidValues = z.infer<typeof autobidSchema>

/** The request body, `maxPrice` in som, left out when blank (a two-decimal number prints exactly). */
export function autobidPayload(values: AutobidValues): { bids: number; maxPrice?: number } {
  const maxPrice = values.maxPrice.trim().replace(',', '.')
  return maxPrice ? { bids: Number(values.bids), maxPrice: Number(maxPrice) } : { bids: Number(values.bids) }
}
