import { describe, expect, it } from 'vitest'
import en from '../../i18n/locales/en.json'
import ka from '../../i18n/locales/ka.json'
import ky from '../../i18n/locales/ky.json'
import ru from '../../i18n/locales/ru.json'
import { auditActionKey, auditChanges, auditDisplay } from './audit-labels'

/** Every action the server records (src/routes: the `audit` / `db::audit::record` calls). */
const ACTIONS = [
  'auction.create',
  'auction.update',
  'auction.end',
  'auction.delete',
  'auction.promote',
  'user.update',
  'user.delete',
  'bot.create',
  'bot.update',
  'bot.delete',
  'bot.assign',
  'bot.unassign',
  'bot.assignment_update',
  'bot_settings.update',
  'settings.update',
]

function lookup(messages: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages)
}

describe('audit log labels', () => {
  it('names every recorded action in all four languages', () => {
    for (const messages of [ru, en, ka, ky]) {
      for (const action of ACTIONS) {
        const key = auditActionKey(action)
        expect(key, action).not.toBeNull()
        expect(typeof lookup(messages, key as string), `${action}`).toBe('string')
      }
    }
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
  it('reads booleans and instants apart from text', () => {
    expect(auditDisplay('true')).toEqual({ kind: 'boolean', value: true })
    expect(auditDisplay('false')).toEqual({ kind: 'boolean', value: false })
    expect(auditDisplay('2026-11-23T23:45:51.000Z')).toEqual({ kind: 'date', value: '2026-11-23T23:45:51.000Z' })
    expect(auditDisplay('2026-11-23')).toEqual({ kind: 'text', value: '2026-11-23' })
    expect(auditDisplay('40')).toEqual({ kind: 'text', value: '40' })
  })
})
