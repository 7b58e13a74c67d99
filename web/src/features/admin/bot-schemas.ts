//! The bot forms (spec section 5): a new bot needs a first and a last name ('Заполните имя и
//! фамилию бота'); an assignment needs a bot and an auction ('Выберите бота и аукцион') and a bid
//! limit of 0 or more (0 = no limit); the settings keep delays within 1–10 s, the minimum not above
//! the maximum, and 0–5 active bots.
import { z } from '../../lib/zod'

export const DELAY_MIN = 1
export const DELAY_MAX = 10
export const ACTIVE_BOTS_MAX = 5
export const DEFAULT_MIN_DELAY = 5
export const DEFAULT_MAX_DELAY = 6

export const newBotSchema = z.object({
  firstName: z.string().trim().min(1, 'validation.botNameRequired').max(64, 'validation.textTooLong'),
  lastName: z.string().trim().min(1, 'validation.botNameRequired').max(64, 'validation.textTooLong'),
  username: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[A-Za-z0-9_.-]{3,32}$/.test(value), 'validation.usernameChars'),
})

export type NewBotValues = z.infer<typeof newBotSchema>

/** The POST body: the username only when given (the server makes one up otherwise). */
export function newBotPayload(values: NewBotValues) {
  return { firstName: values.firstName.trim(), lastName: values.lastName.trim(), username: values.username.trim() || undefined, isActive: true }
}

const wholeNumber = (raw: string) => (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN)

export const assignSchema = z.object({
  auctionId: z.string().min(1, 'validation.botAndAuction'),
  botId: z.string().min(1, 'validation.botAndAuction'),
  bidLimit: z.string().refine((value) => value.trim() === '' || wholeNumber(value) >= 0, 'validation.bidLimitInvalid'),
})

export type AssignValues = z.infer<typeof assignSchema>

/** The POST body; an empty limit is 0 (no limit). */
export function assignPayload(values: AssignValues) {
  return { botId: Number(values.botId), bidLimit: values.bidLimit.trim() === '' ? 0 : wholeNumber(values.bidLimit) }
}

const delay = z.number({ message: 'validation.delayRange' }).int('validation.delayRange').min(DELAY_MIN, 'validation.delayRange').max(DELAY_MAX, 'validation.delayRange')

export const botSettingsSchema = z
  .object({
    enabled: z.boolean(),
    minDelay: delay,
    maxDelay: delay,
    activeBots: z.number({ message: 'validation.activeBotsRange' }).int('validation.activeBotsRange').min(0, 'validation.activeBotsRange').max(ACTIVE_BOTS_MAX, 'validation.activeBotsRange'),
  })
  .refine((values) => values.minDelay <= values.maxDelay, { path: ['maxDelay'], message: 'validation.delayOrder' })

export type BotSettingsValues = z.infer<typeof botSettingsSchema>

/** The form's start: the saved settings, the spec's default delays (5 and 6 s) where unset. */
export function toBotSettingsValues(saved: Partial<BotSettingsValues> | undefined): BotSettingsValues {
  return {
    enabled: saved?.enabled ?? true,
    minDelay: saved?.minDelay || DEFAULT_MIN_DELAY,
    maxDelay: saved?.maxDelay || DEFAULT_MAX_DELAY,
    activeBots: saved?.activeBots ?? 0,
  }
}
