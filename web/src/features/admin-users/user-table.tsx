import { ChartColumn, Pencil, Trash2, Users } from 'lucide-react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { ActionButton } from '../../components/action-button'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import type { User } from '../../lib/api-types'
import { formatCount, formatDate } from '../../lib/format'
import { currentUserAtom } from '../../lib/session'

interface Props {
  users: User[]
  onActivity: (user: User) => void
  onEdit: (user: User) => void
  onDelete: (user: User) => void
  deleting: boolean
}

export function UserTable({ users, onActivity, onEdit, onDelete, deleting }: Props) {
  const { t } = useTranslation()
  const me = useAtomValue(currentUserAtom)
  if (users.length === 0) return <EmptyState icon={Users}>{t('adminUsers.empty')}</EmptyState>
  return (
    <StackTable
      columns={[
        t('adminUsers.columns.user'),
        t('adminUsers.columns.contacts'),
        t('adminUsers.columns.ip'),
        t('adminUsers.columns.bids'),
        t('adminUsers.columns.stats'),
        t('adminUsers.columns.role'),
        t('adminUsers.columns.registered'),
        t('admin.columns.actions'),
      ]}
      testId="user-table"
    >
      {users.map((user) => (
        <UserRow key={user.id} user={user} isSelf={user.id === me?.id} onActivity={onActivity} onEdit={onEdit} onDelete={onDelete} deleting={deleting} />
      ))}
    </StackTable>
  )
}

/** One account: who, how to reach them, their bids and record, role, and actions. `isSelf`: the
 * admin's own account, which they cannot delete. */
function UserRow({ user, isSelf, onActivity, onEdit, onDelete, deleting }: Omit<Props, 'users'> & { user: User; isSelf: boolean }) {
  const { t, i18n } = useTranslation()
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <tr data-testid={`user-row-${user.username}`}>
      <td className="cell-title">
        <span className="user-cell">
          <span className="avatar" aria-hidden="true">
            {user.username.charAt(0).toUpperCase()}
          </span>
          <span>
            <strong className="block" data-user-content>
              {user.username}
            </strong>
            <span className="muted small">{name || t('common.notSpecified')}</span>
          </span>
        </span>
      </td>
      <td data-label={t('adminUsers.columns.contacts')}>
        <span className="stack-cell small">
          <span>{user.email ?? '—'}</span>
          <span className="muted">{user.phone ?? '—'}</span>
        </span>
      </td>
      <td data-label={t('adminUsers.columns.ip')}>
        <code className="small">{user.ipAddress ?? '—'}</code>
      </td>
      <td data-label={t('adminUsers.columns.bids')}>
        <strong data-testid="user-balance">{formatCount(user.bidBalance, i18n.language)}</strong>
      </td>
      <td data-label={t('adminUsers.columns.stats')}>
        <span className="stack-cell small">
          <span>{t('adminUsers.statsBids', { count: user.totalBids })}</span>
          <span>{t('adminUsers.statsWon', { count: user.wonAuctions })}</span>
          {/* `totalSpent` counts each charged bid at one tyiyn: the bids spent. */}
          <span className="muted" data-testid="user-spent">{t('adminUsers.statsSpent', { count: Math.round(user.totalSpent * 100) })}</span>
        </span>
      </td>
      <td data-label={t('adminUsers.columns.role')}>
        <span className={`badge ${user.role === 'admin' ? 'badge-accent' : 'badge-upcoming'}`} data-testid="user-role-badge">
          {user.role === 'admin' ? t('admin.roleAdmin') : t('admin.roleUser')}
        </span>
      </td>
      <td data-label={t('adminUsers.columns.registered')}>{formatDate(user.createdAt, i18n.language)}</td>
      <td className="cell-actions">
        <div className="row-actions">
          <ActionButton icon={ChartColumn} label={t('adminUsers.actions.activity')} tone="ghost" onClick={() => onActivity(user)} testId="user-activity" />
          <ActionButton icon={Pencil} label={t('common.edit')} onClick={() => onEdit(user)} testId="user-edit" />
          <ActionButton
            icon={Trash2}
            label={t('common.delete')}
            hint={isSelf ? t('adminUsers.cannotDeleteSelf') : undefined}
            tone="danger"
            onClick={() => onDelete(user)}
            disabled={deleting || isSelf}
            testId="user-delete"
          />
        </div>
      </td>
    </tr>
  )
}
