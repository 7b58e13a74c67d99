//! Reading the audit log: an action code (`user.update`) names a translation under
//! `audit.actions`, and `before`/`after` become one "field: old → new" line per changed field.

/** The translation key of an action code, or `null` for a code not shaped `entity.verb`. */
export function auditActionKey(code: string): string | null {
  return /^[a-z_]+\.[a-z_]+$/.test(code) ? `audit.actions.${code}` : null
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

/** How a changed value reads: yes/no, a date, or the text itself. */
export type AuditDisplay = { kind: 'boolean'; value: boolean } | { kind: 'date'; value: string } | { kind: 'text'; value: string }

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

export function auditDisplay(value: string): AuditDisplay {
  if (value === 'true' || value === 'false') return { kind: 'boolean', value: value === 'true' }
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return { kind: 'date', value }
  return { kind: 'text', value }
}
