//! The accountant's reconciliation export on /admin/orders: two Bishkek days (today by default) and
//! a link to `GET /api/admin/orders.csv?from=&to=`, which the browser downloads with the admin's
//! session (every order paid or refunded in those days, docs/operations.md "Reconciling payments").
import { Download } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Today in Bishkek (UTC+6, no daylight saving), `YYYY-MM-DD`. */
export function bishkekToday(now = Date.now()): string {
  return new Date(now + 6 * 3_600_000).toISOString().slice(0, 10)
}

/** The export's address for the days `from`–`to`. */
export function exportHref(from: string, to: string): string {
  return `/api/admin/orders.csv?${new URLSearchParams({ from, to }).toString()}`
}

export function ExportCard() {
  const { t } = useTranslation()
  const today = bishkekToday()
  const [from, setFrom] = useState(today)
  const [to, setTo] = useState(today)
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to
  return (
    <section className="card section-gap" data-testid="orders-export" aria-labelledby="orders-export-title">
      <h2 className="card-title" id="orders-export-title">
        {t('adminOrders.export.title')}
      </h2>
      <p className="muted small">{t('adminOrders.export.text')}</p>
      <div className="filters">
        <label className="field">
          <span>{t('adminOrders.export.from')}</span>
          <input type="date" className="input" value={from} max={to} onChange={(e) => setFrom(e.target.value)} data-testid="orders-export-from" />
        </label>
        <label className="field">
          <span>{t('adminOrders.export.to')}</span>
          <input type="date" className="input" value={to} min={from} max={today} onChange={(e) => setTo(e.target.value)} data-testid="orders-export-to" />
        </label>
        <a
          className={`btn btn-outline${valid ? '' : ' is-disabled'}`}
          href={valid ? exportHref(from, to) : undefined}
          aria-disabled={!valid}
          download
          data-testid="orders-export-download"
        >
          <Download aria-hidden="true" />
          {t('adminOrders.export.download')}
        </a>
      </div>
    </section>
  )
}
