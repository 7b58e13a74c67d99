//! The create and edit auction form (spec section 5): title, retail price and start time are
//! required ('Заполните все обязательные поля'); the rest is optional. The limits are the
//! server's (`AuctionForm`), so a form that passes here is not refused for its shape.
import { z } from '../../lib/zod'
import type { Auction, AuctionForm } from '../../lib/api-types'

export const TITLE_MAX = 200
export const DESCRIPTION_MAX = 5000
export const LABEL_MAX = 100
export const PACKAGE_BIDS_MAX = 100_000
export const BUY_NOW_STOCK_MAX = 10_000
export const HOUSE_RESERVE_MAX = 10_000
/** The opening countdowns the form offers, in seconds ('' is the site's default, 10 s). */
export const OPENINGS = ['', '60', '300', '900', '1800', '3600', '10800', '21600', '43200', '86400'] as const

/** Som with at most two decimals (a comma is read as the decimal point), above zero. */
const MONEY = /^\d{1,11}([.,]\d{1,2})?$/

export function parseSom(raw: string): number | null {
  const value = raw.trim()
  if (!MONEY.test(value)) return null
  const som = Number(value.replace(',', '.'))
  return som > 0 ? som : null
}

const required = z.string().trim().min(1, { message: 'validation.fillRequired', abort: true })
const money = (value: string) => parseSom(value) !== null

export const auctionSchema = z
  .object({
    title: required.max(TITLE_MAX, 'validation.titleTooLong'),
    description: z.string().trim().max(DESCRIPTION_MAX, 'validation.textTooLong'),
    imageUrl: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^(https?:\/\/|\/)\S+$/.test(value) && value.length <= 1000), 'validation.imageUrlInvalid'),
    retailPrice: required.refine(money, 'validation.priceInvalid'),
    startTime: required.refine((value) => !Number.isNaN(Date.parse(value)), 'validation.startTimeInvalid'),
    isBidPackage: z.boolean(),
    bidPackageBids: z.string().trim(),
    category: z.string().trim().max(LABEL_MAX, 'validation.textTooLong'),
    condition: z.string().trim().max(LABEL_MAX, 'validation.textTooLong'),
    estimatedValue: z.string().trim().refine((value) => value === '' || money(value), 'validation.priceInvalid'),
    beginner: z.boolean(),
    winLimited: z.boolean(),
    noNewPrice: z.string().trim().refine((value) => value === '' || money(value), 'validation.priceInvalid'),
    noNewAt: z.string().trim().refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'validation.startTimeInvalid'),
    buyNowStock: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d{1,5}$/.test(value) && Number(value) <= BUY_NOW_STOCK_MAX), 'validation.buyNowStockInvalid'),
    houseReserve: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d{1,5}$/.test(value) && Number(value) <= HOUSE_RESERVE_MAX), 'validation.houseReserveInvalid'),
    openingSecs: z.string().refine((value) => value === '' || (/^\d{2,5}$/.test(value) && Number(value) >= 10 && Number(value) <= 86_400), 'validation.openingInvalid'),
    /** The house bots chosen at creation (bot ids); `null` when editing (the dialog's bots part
     * manages them). */
    botIds: z.array(z.string()).nullable(),
  })
  .superRefine((values, context) => {
    // A reserve nothing would bid for is refused (the server says the same: `reserve_needs_bot`).
    if (values.botIds !== null && values.botIds.length === 0 && Number(values.houseReserve || 0) > 0) {
      context.addIssue({ code: 'custom', path: ['houseReserve'], message: 'validation.reserveNeedsBot' })
    }
  })
  .superRefine((values, context) => {
    if (!values.isBidPackage || values.bidPackageBids === '') return
    const bids = Number(values.bidPackageBids)
    if (!Number.isInteger(bids) || bids < 1 || bids > PACKAGE_BIDS_MAX) {
      context.addIssue({ code: 'custom', path: ['bidPackageBids'], message: 'validation.packageBidsInvalid' })
    }
  })

export type AuctionValues = z.infer<typeof auctionSchema>

/** Fields whose absence is reported with the "fill in every required field" toast. */
export const REQUIRED_FIELDS = ['title', 'retailPrice', 'startTime'] as const

export const AUCTION_FIELDS = [
  'title',
  'description',
  'imageUrl',
  'retailPrice',
  'startTime',
  'isBidPackage',
  'bidPackageBids',
  'category',
  'condition',
  'estimatedValue',
  'beginner',
  'winLimited',
  'noNewPrice',
  'noNewAt',
  'buyNowStock',
  'houseReserve',
  'openingSecs',
  'botIds',
] as const satisfies readonly (keyof AuctionValues)[]

export const EMPTY_AUCTION: AuctionValues = {
  title: '',
  description: '',
  imageUrl: '',
  retailPrice: '',
  startTime: '',
  isBidPackage: false,
  bidPackageBids: '',
  category: '',
  condition: '',
  estimatedValue: '',
  beginner: false,
  winLimited: false,
  noNewPrice: '',
  noNewAt: '',
  buyNowStock: '',
  houseReserve: '',
  openingSecs: '',
  botIds: [],
}

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant as a `datetime-local` value with seconds, in the browser's time zone
 * (`2026-11-22T10:00:00`): an auction may start in a few seconds. */
export function toLocalInput(iso: string | Date): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

/** A price in som as the form shows it: `1999.9` → `1999.90`. */
const somText = (som: number | null | undefined) => (som == null ? '' : som.toFixed(2))

/** The edit form of an existing auction. */
export function toAuctionValues(auction: Auction): AuctionValues {
  return {
    title: auction.title,
    description: auction.description ?? '',
    imageUrl: auction.imageUrl ?? '',
    retailPrice: somText(auction.retailPrice),
    startTime: toLocalInput(auction.startTime),
    isBidPackage: auction.isBidPackage,
    bidPackageBids: auction.bidPackageBids == null ? '' : String(auction.bidPackageBids),
    category: auction.category ?? '',
    condition: auction.condition ?? '',
    estimatedValue: somText(auction.estimatedValue),
    beginner: auction.kind === 'beginner',
    winLimited: auction.winLimited,
    noNewPrice: somText(auction.noNewBiddersAfter?.price),
    noNewAt: auction.noNewBiddersAfter?.at ? toLocalInput(auction.noNewBiddersAfter.at) : '',
    buyNowStock: auction.buyNowStock == null ? '' : String(auction.buyNowStock),
    houseReserve: auction.houseReserve == null ? '' : String(auction.houseReserve),
    openingSecs: auction.openingSecs == null ? '' : String(auction.openingSecs),
    botIds: null,
  }
}

/** The POST/PUT body: the start time as an instant (read in the browser's time zone), prices as
 * numbers, empty optional fields as null. */
export function auctionPayload(values: AuctionValues): AuctionForm {
  const blank = (value: string) => value.trim() || null
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    imageUrl: blank(values.imageUrl),
    retailPrice: parseSom(values.retailPrice),
    startTime: new Date(values.startTime).toISOString(),
    isBidPackage: values.isBidPackage,
    bidPackageBids: values.isBidPackage && values.bidPackageBids ? Number(values.bidPackageBids) : null,
    category: blank(values.category),
    condition: blank(values.condition),
    estimatedValue: values.estimatedValue.trim() ? parseSom(values.estimatedValue) : null,
    kind: values.beginner ? 'beginner' : 'standard',
    winLimited: values.winLimited,
    noNewBiddersAfter:
      values.noNewPrice.trim() || values.noNewAt.trim()
        ? { price: values.noNewPrice.trim() ? parseSom(values.noNewPrice) : null, at: values.noNewAt.trim() ? new Date(values.noNewAt).toISOString() : null }
        : null,
    buyNowStock: values.buyNowStock.trim() ? Number(values.buyNowStock) : null,
    houseReserve: values.houseReserve.trim() ? Number(values.houseReserve) : null,
    openingSecs: values.openingSecs ? Number(values.openingSecs) : null,
    ...(values.botIds ? { botIds: values.botIds.map(Number) } : {}),
  }
}

/** Whether a failed check of the form lacks a required field (the "fill in everything" toast). */
export function missesRequired(errors: Partial<Record<string, { message?: string } | undefined>>): boolean {
  return REQUIRED_FIELDS.some((field) => errors[field]?.message === 'validation.fillRequired')
}
