//! Reading the audit log: an action code (`user.update`) names a translation under
//! `audit.actions` (or under the section of the page that owns its target, `auditTexts`), the
//! target is named by its number (or, for a node, by its id in the record), and `before`/`after`
//! become one "field: old → new" line per changed field, each value read as what it is: yes/no, a
//! date, an amount, a word the app translates (a status, an auction kind, a role, a language, a
//! known category), or the text itself.
import type { CatalogueField } from '../../lib/catalogue'

/** The targets whose audit texts are kept with their page's own texts, and where. */
const PAGE_TEXTS = new Map([['node', 'adminCluster.audit']])

/**
 * Where the texts of an entry about `targetType` are: its action under `<texts>.actions`, the
 * target's name under `<texts>.targets`, its fields under `<texts>.fields`. `audit` for most; a
 * node's are with the servers page's texts (`adminCluster.audit`).
 */
export function auditTexts(targetType: string): string {
  return PAGE_TEXTS.get(targetType) ?? 'audit'
}

/** The translation key of an action code, or `null` for a code not shaped `entity.verb`. */
export function auditActionKey(code: string, targetType = ''): string | null {
  return /^[a-z_]+\.[a-z_]+$/.test(code) ? `${auditTexts(targetType)}.actions.${code}` : null
}

/** The translation key of a target type's name (`audit.targets.user`). */
export function auditTargetKey(targetType: string): string {
  return `${auditTexts(targetType)}.targets.${targetType}`
}

/** The translation key of a field of an entry about `targetType` (`audit.fields.bidBalance`). */
export function auditFieldKey(field: string, targetType: string): string {
  return `${auditTexts(targetType)}.fields.${field}`
}

export interface AuditChange {
  field: string
  before: string | null
  after: string | null
}

type Json = unknown

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A value as one short line (`null`/absent stay `null`). */
export function auditValue(value: Json): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** Targets with no number, named by a field of their record instead (a node by its id). */
const NAMED_BY_FIELD = new Map([['node', 'node']])

/**
 * What an entry's target is called after its type (`#42`, `#node-a`): its number, or the field
 * that names a target without one; `null` for neither.
 */
export function auditTargetId(entry: { targetType: string; targetId: number | null; before: Json; after: Json }): string | null {
  if (entry.targetId !== null) return String(entry.targetId)
  const field = NAMED_BY_FIELD.get(entry.targetType)
  if (!field) return null
  const record = isRecord(entry.after) ? entry.after : isRecord(entry.before) ? entry.before : {}
  return auditValue(record[field])
}

/**
 * The fields that differ between `before` and `after` (a creation has no `before`, a deletion no
 * `after`), in the order they first appear; a field present on both sides with the same value is
 * left out.
 */
export function auditChanges(before: Json, after: Json): AuditChange[] {
  const was = isRecord(before) ? before : {}
  const now = isRecord(after) ? after : {}
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])]
  return fields
    .map((field) => ({ field, before: auditValue(was[field]), after: auditValue(now[field]) }))
    .filter((change) => change.before !== change.after)
}

/** How a changed value reads. */
export type AuditDisplay =
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; value: string }
  | { kind: 'money'; value: number }
  /** A word the locale files hold, under `key`. */
  | { kind: 'named'; key: string }
  /** A category or condition, translated when the locale files know it (lib/catalogue.ts). */
  | { kind: 'catalogue'; field: CatalogueField; value: string }
  /** No new bidders from a price, a time, or both. */
  | { kind: 'threshold'; price: number | null; at: string | null }
  | { kind: 'text'; value: string }

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** The fields that hold an amount in som (auctions, packages, refunds). */
const MONEY_FIELDS = new Set(['retailPrice', 'currentPrice', 'estimatedValue', 'price', 'originalPrice', 'refundAmount'])

/** Where the states of each kind of target are named: a won item's, an order's, a message's. */
const STATE_KEYS = new Map([
  ['claim', 'claimState'],
  ['order', 'orderState'],
  ['outbox', 'adminOutbox.state'],
])

/**
 * The key of an enum value the app names elsewhere: an auction's status and kind, a won item's,
 * an order's or an outbox message's state (`targetType` tells them apart), a role, the site
 * language.
 */
function namedKey(field: string, value: string, targetType: string): string | null {
  if (!/^[a-z_]+$/.test(value)) return null
  if (field === 'status') return `auction.status.${value}`
  if (field === 'kind') return `audit.values.kind.${value}`
  if (field === 'state') {
    const states = STATE_KEYS.get(targetType)
    return states ? `${states}.${value}` : null
  }
  if (field === 'role') return value === 'admin' ? 'admin.roleAdmin' : value === 'user' ? 'admin.roleUser' : null
  if (field === 'language') return `adminSettings.languages.${value}`
  return null
}

function threshold(value: string): AuditDisplay | null {
  try {
    const parsed: unknown = JSON.parse(value)
    if (!isRecord(parsed)) return null
    const price = typeof parsed.price === 'number' ? parsed.price : null
    const at = typeof parsed.at === 'string' ? parsed.at : null
    return price === null && at === null ? null : { kind: 'threshold', price, at }
  } catch {
    return null
  }
}

/** How `value` of `field` reads, for an entry about a `targetType` (`auction`, `claim`, …). */
export function auditDisplay(value: string, field = '', targetType = ''): AuditDisplay {
  const key = namedKey(field, value, targetType)
  if (key) return { kind: 'named', key }
  if (field === 'category' || field === 'condition') return { kind: 'catalogue', field, value }
  if (field === 'noNewBiddersAfter') return threshold(value) ?? { kind: 'text', value }
  if (MONEY_FIELDS.has(field) && value !== '' && Number.isFinite(Number(value))) return { kind: 'money', value: Number(value) }
  if (value === 'true' || value === 'false') return { kind: 'boolean', value: value === 'true' }
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return { kind: 'date', value }
  return { kind: 'text', value }
}
