import { describe, expect, it } from 'vitest'
import { bishkekToday, exportHref } from './export-card'

describe('the reconciliation export', () => {
  it('counts days in Bishkek time, six hours ahead of UTC', () => {
    expect(bishkekToday(Date.parse('2026-12-06T17:59:00Z'))).toBe('2026-12-06')
    expect(bishkekToday(Date.parse('2026-12-06T18:00:00Z'))).toBe('2026-12-07')
  })

  it('asks the server for the days chosen', () => {
    expect(exportHref('2026-12-01', '2026-12-07')).toBe('/api/admin/orders.csv?from=2026-12-01&to=2026-12-07')
  })
})
