//! The bid package form (the catalogue the top-up page sells): bids 1–100 000, a price above zero
//! in som, an original price not below the price, the popular and active flags, and a position
//! (the order on the top-up page, 0 first). The limits are the server's.
import { z } from '../../lib/zod'
import type { AdminPackage } from '../../lib/api-types'
import { PACKAGE_BIDS_MAX, parseSom } from './auction-schema'

const whole = (raw: string) => (/^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null)

export const packageSchema = z
  .object({
    bids: z
      .string()
      .trim()
      .refine((value) => {
        const bids = whole(value)
        return bids !== null && bids >= 1 && bids <= PACKAGE_BIDS_MAX
      }, 'adminPackages.form.bidsInvalid'),
    price: z.string().trim().refine((value) => parseSom(value) !== null, 'validation.priceInvalid'),
    originalPrice: z.string().trim().refine((value) => parseSom(value) !== null, 'validation.priceInvalid'),
    popular: z.boolean(),
    active: z.boolean(),
    position: z
      .string()
      .trim()
      .refine((value) => whole(value) !== null, 'adminPackages.form.positionInvalid'),
  })
  .superRefine((values, context) => {
    const price = parseSom(values.price)
    const original = parseSom(values.originalPrice)
    if (price !== null && original !== null && original < price) {
      context.addIssue({ code: 'custom', path: ['originalPrice'], message: 'adminPackages.form.originalBelowPrice' })
    }
  })

export type PackageValues = z.infer<typeof packageSchema>

export const PACKAGE_FIELDS = ['bids', 'price', 'originalPrice', 'popular', 'active', 'position'] as const

/** An empty form for a new package, placed after the last one. */
export function newPackageValues(packages: readonly Pick<AdminPackage, 'position'>[]): PackageValues {
  const next = packages.reduce((high, pack) => Math.max(high, pack.position + 1), 0)
  return { bids: '', price: '', originalPrice: '', popular: false, active: true, position: String(next) }
}

/** The edit form of an existing package (money with two decimals). */
export function toPackageValues(pack: AdminPackage): PackageValues {
  return {
    bids: String(pack.bids),
    price: pack.price.toFixed(2),
    originalPrice: pack.originalPrice.toFixed(2),
    popular: pack.popular,
    active: pack.active,
    position: String(pack.position),
  }
}

/** The POST/PUT body (money in som as numbers). Only called on values the schema accepted. */
export function packagePayload(values: PackageValues) {
  return {
    bids: Number(values.bids.trim()),
    price: parseSom(values.price) ?? 0,
    originalPrice: parseSom(values.originalPrice) ?? 0,
    popular: values.popular,
    active: values.active,
    position: Number(values.position.trim()),
  }
}
