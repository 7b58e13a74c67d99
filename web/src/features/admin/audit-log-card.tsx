//! The audit log: every admin action, newest first, 20 a page — who did what to which entity, when,
//! and each changed field as "before → after".
import { ArrowRight, Receipt, RefreshCw } from 'lucide-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/empty-state'
import { Pagination } from '../../components/pagination'
import { Spinner } from '../../components/spinner'
import { messageOf } from '../../lib/api'
import type { AuditEntry } from '../../lib/api-types'
import { catalogueName } from '../../lib/catalogue'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { pageRange } from '../../lib/pagination'
import { AUDIT_PER_PAGE, adminAuditQuery } from '../../lib/queries'
import { auditActionKey, auditChanges, auditDisplay, auditFieldKey, auditTargetId, auditTargetKey } from './audit-labels'
import type { AuditDisplay } from './audit-labels'

export function AuditLogCard() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const { data, isPending, isError, error, refetch, isFetching } = useQuery({ ...adminAuditQuery(page), placeholderData: keepPreviousData })
  const { from, to } = pageRange(page, AUDIT_PER_PAGE, data?.total ?? 0)
  return (
    <section className="card section-gap" data-testid="audit-log">
      <div className="card-head">
        <h2 className="card-title"><Receipt aria-hidden="true" /> {t('audit.title')}</h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" /> {t('adminStats.refresh')}
        </button>
      </div>
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && data.entries.length === 0 && <EmptyState icon={Receipt}>{t('audit.empty')}</EmptyState>}
      {data && data.entries.length > 0 && (
        <>
          <ol className="audit-list">
            {data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          <p className="muted small">{t('audit.shown', { from, to, count: data.total })}</p>
          <Pagination page={page} total={data.totalPages} onChange={setPage} variant="gaps" testId="audit-pagination" />
        </>
      )}
    </section>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation()
  const { money } = useMoney()
  const key = auditActionKey(entry.action, entry.targetType)
  const label = key && i18n.exists(key) ? t(key) : entry.action
  const changes = auditChanges(entry.before, entry.after)
  const targetKey = auditTargetKey(entry.targetType)
  const target = i18n.exists(targetKey) ? t(targetKey) : entry.targetType
  const targetId = auditTargetId(entry)
  const fieldName = (field: string) => {
    const fieldKey = auditFieldKey(field, entry.targetType)
    return i18n.exists(fieldKey) ? t(fieldKey) : field
  }
  const date = (value: string) => formatDateTime(value, i18n.language)
  /** A value in words; `null` for one that is shown as it was typed (a title, a name). */
  const words = (display: AuditDisplay): string | null => {
    switch (display.kind) {
      case 'boolean':
        return display.value ? t('audit.yes') : t('audit.no')
      case 'date':
        return date(display.value)
      case 'money':
        return money(display.value)
      case 'named':
        return i18n.exists(display.key) ? t(display.key) : null
      case 'catalogue':
        return catalogueName(i18n, display.field, display.value)
      case 'threshold':
        return [display.price !== null && money(display.price), display.at && date(display.at)].filter(Boolean).join(' / ')
      case 'text':
        return null
    }
  }
  const show = (field: string, value: string | null) => {
    if (value === null) return t('audit.none')
    // The admin's own words (a title, a name, a tracking note) stay as typed, in any language.
    return words(auditDisplay(value, field, entry.targetType)) ?? <span data-user-content>{value}</span>
  }
  return (
    <li className="audit-item" data-testid="audit-entry" data-action={entry.action}>
      <div className="audit-head">
        <strong>{label}</strong>
        <span className="muted small">
          {target}
          {targetId !== null && ` #${targetId}`} · <span data-user-content>{entry.adminName}</span> · {date(entry.createdAt)}
        </span>
      </div>
      {changes.length > 0 && (
        <dl className="audit-changes">
          {changes.map((change) => (
            <div key={change.field} className="audit-change">
              <dt>{fieldName(change.field)}</dt>
              <dd>
                <span className="audit-before">{show(change.field, change.before)}</span>
                {' '}
                <ArrowRight role="img" aria-label={t('audit.becomes')} />{' '}
                <span className="audit-after">{show(change.field, change.after)}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  )
}
