//! The admin's outbox table: number and time, channel and recipient, the text, the state with its
//! attempts (and when it was sent, or why it last failed), and "retry" on a failed message.
import { RotateCcw, Send } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ActionButton } from '../../components/action-button'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import type { OutboxItem, OutboxState } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'

const TONES: Record<OutboxState, string> = { pending: 'badge-upcoming', sent: 'badge-success', failed: 'badge-danger' }

interface Props {
  items: OutboxItem[]
  onRetry: (item: OutboxItem) => void
  retrying: boolean
}

export function OutboxTable({ items, onRetry, retrying }: Props) {
  const { t, i18n } = useTranslation()
  if (items.length === 0) return <EmptyState icon={Send}>{t('adminOutbox.empty')}</EmptyState>
  return (
    <StackTable
      columns={[
        t('adminOutbox.columns.message'),
        t('adminOutbox.columns.recipient'),
        t('adminOutbox.columns.body'),
        t('adminOutbox.columns.state'),
        t('admin.columns.actions'),
      ]}
      testId="outbox-table"
    >
      {items.map((item) => (
        <tr key={item.id} data-testid={`outbox-item-${item.id}`}>
          <td className="cell-title">
            <strong className="block">{t('adminOutbox.number', { id: item.id })}</strong>
            <span className="muted small">{formatDateTime(item.createdAt, i18n.language)}</span>
          </td>
          <td data-label={t('adminOutbox.columns.recipient')}>
            <span className="stack-cell">
              <span>{t(`adminOutbox.channel.${item.channel}`)}</span>
              <span className="muted small outbox-recipient" data-user-content data-testid="outbox-recipient">
                {item.recipient}
              </span>
            </span>
          </td>
          <td data-label={t('adminOutbox.columns.body')}>
            <span className="outbox-body" data-user-content>
              {item.body}
            </span>
          </td>
          <td data-label={t('adminOutbox.columns.state')}>
            <span className="stack-cell">
              <span className={`badge ${TONES[item.state]}`} data-testid="outbox-state-badge" data-state={item.state}>
                {t(`adminOutbox.state.${item.state}`)}
              </span>
              <span className="muted small">{t('adminOutbox.attempts', { count: item.attempts })}</span>
              {item.sentAt && <span className="muted small">{formatDateTime(item.sentAt, i18n.language)}</span>}
              {item.lastError && (
                <span className="small outbox-error" data-user-content data-testid="outbox-error">
                  {item.lastError}
                </span>
              )}
            </span>
          </td>
          <td className="cell-actions">
            <div className="row-actions">
              {item.retryable && <ActionButton icon={RotateCcw} label={t('adminOutbox.retry')} onClick={() => onRetry(item)} disabled={retrying} testId="outbox-retry" />}
            </div>
          </td>
        </tr>
      ))}
    </StackTable>
  )
}
