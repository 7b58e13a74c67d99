import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en.json'
import ka from '../../i18n/locales/ka.json'
import ky from '../../i18n/locales/ky.json'
import ru from '../../i18n/locales/ru.json'
import { SERVER_AUDIT_ACTIONS, SERVER_AUDIT_VALUES } from '../../test/audit-codes'
import { auditActionKey, auditChanges, auditDisplay, auditFieldKey, auditTargetId, auditTargetKey } from './audit-labels'

const LOCALES = Object.entries({ ru, en, ka, ky })

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages)
}

/** The keys of `keys` that `messages` has no text for. */
function missing(messages: unknown, keys: string[]): string[] {
  return keys.filter((key) => typeof lookup(messages, key) !== 'string' || (lookup(messages, key) as string).trim() === '')
}

describe('audit log labels', () => {
  it.each(LOCALES)('%s names every action the server records', (_, messages) => {
    const keys = SERVER_AUDIT_ACTIONS.map(({ code, target }) => auditActionKey(code, target))
    expect(keys).not.toContain(null)
    expect(missing(messages, keys as string[])).toEqual([])
  })

  it.each(LOCALES)('%s names every target and every field the server records', (_, messages) => {
    const targets = [...new Set(SERVER_AUDIT_ACTIONS.map(({ target }) => auditTargetKey(target)))]
    const fields = [...new Set(SERVER_AUDIT_ACTIONS.flatMap(({ target, fields }) => fields.map((field) => auditFieldKey(field, target))))]
    expect(missing(messages, [...targets, ...fields])).toEqual([])
  })

  it.each(LOCALES)('%s names every status, kind, state, role and language a change may show', (_, messages) => {
    const keys = SERVER_AUDIT_VALUES.flatMap(({ field, target, values }) =>
      values.map((value) => {
        const display = auditDisplay(value, field, target)
        return display.kind === 'named' ? display.key : `(${field} ${value} is not named)`
      }),
    )
    expect(missing(messages, keys)).toEqual([])
  })

  it("keeps a node's texts with the servers page's, and the others under audit", () => {
    expect(auditActionKey('cluster.drain', 'node')).toBe('adminCluster.audit.actions.cluster.drain')
    expect(auditTargetKey('node')).toBe('adminCluster.audit.targets.node')
    expect(auditFieldKey('draining', 'node')).toBe('adminCluster.audit.fields.draining')
    expect(auditActionKey('user.update', 'user')).toBe('audit.actions.user.update')
    expect(auditFieldKey('bidBalance', 'user')).toBe('audit.fields.bidBalance')
  })

  it('names a target by its number, and a node by its id', () => {
    expect(auditTargetId({ targetType: 'user', targetId: 42, before: null, after: { role: 'admin' } })).toBe('42')
    expect(auditTargetId({ targetType: 'node', targetId: null, before: { node: 'node-a', draining: false }, after: { node: 'node-a', draining: true } })).toBe('node-a')
    expect(auditTargetId({ targetType: 'settings', targetId: null, before: null, after: { siteName: 'Тыйын' } })).toBeNull()
  })

  it('has no key for a code of another shape', () => {
    expect(auditActionKey('weird')).toBeNull()
    expect(auditActionKey('a.b.c')).toBeNull()
  })
})

describe('audit changes', () => {
  it('lists changed fields as before → after', () => {
    expect(auditChanges({ bidBalance: 5, role: 'user', username: 'aibek' }, { bidBalance: 40, role: 'user', username: 'aibek' })).toEqual([
      { field: 'bidBalance', before: '5', after: '40' },
    ])
  })

  it('shows a creation and a deletion', () => {
    expect(auditChanges(null, { title: 'Lot', isBidPackage: false })).toEqual([
      { field: 'title', before: null, after: 'Lot' },
      { field: 'isBidPackage', before: null, after: 'false' },
    ])
    expect(auditChanges({ promoted: true }, undefined)).toEqual([{ field: 'promoted', before: 'true', after: null }])
  })

  it('writes nested values as JSON', () => {
    expect(auditChanges({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual([{ field: 'tags', before: '["a"]', after: '["a","b"]' }])
  })
})

describe('audit values', () => {
  it('reads enum values as the words the app names them by', () => {
    expect(auditDisplay('standard', 'kind', 'auction')).toEqual({ kind: 'named', key: 'audit.values.kind.standard' })
    expect(auditDisplay('shipped', 'state', 'claim')).toEqual({ kind: 'named', key: 'claimState.shipped' })
    expect(auditDisplay('refunded', 'state', 'order')).toEqual({ kind: 'named', key: 'orderState.refunded' })
    expect(auditDisplay('live', 'status', 'auction')).toEqual({ kind: 'named', key: 'auction.status.live' })
  })

  it('reads amounts, thresholds and catalogue words by their field', () => {
    expect(auditDisplay('179900.00', 'retailPrice', 'auction')).toEqual({ kind: 'money', value: 179900 })
    expect(auditDisplay('{"price":12.5,"at":null}', 'noNewBiddersAfter', 'auction')).toEqual({ kind: 'threshold', price: 12.5, at: null })
    expect(auditDisplay('Смартфоны', 'category', 'auction')).toEqual({ kind: 'catalogue', field: 'category', value: 'Смартфоны' })
    expect(auditDisplay('iPhone 15', 'title', 'auction')).toEqual({ kind: 'text', value: 'iPhone 15' })
  })

  it('reads booleans and instants apart from text', () => {
    expect(auditDisplay('true')).toEqual({ kind: 'boolean', value: true })
    expect(auditDisplay('false')).toEqual({ kind: 'boolean', value: false })
    expect(auditDisplay('2026-11-23T23:45:51.000Z')).toEqual({ kind: 'date', value: '2026-11-23T23:45:51.000Z' })
    expect(auditDisplay('2026-11-23')).toEqual({ kind: 'text', value: '2026-11-23' })
    expect(auditDisplay('40')).toEqual({ kind: 'text', value: '40' })
  })
})
