//! /admin/users: four stat cards, a debounced search, the user table (10 a page, numbered pages
//! with gaps), and per user the activity and edit dialogs and the delete confirmation.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { useConfirm } from '../../components/confirm-dialog'
import { Pagination } from '../../components/pagination'
import { SearchBox } from '../../components/search-box'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { User } from '../../lib/api-types'
import { formatCount } from '../../lib/format'
import { pageRange } from '../../lib/pagination'
import { ADMIN_USERS_PER_PAGE, adminTodayRegistrationsQuery, adminUsersQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { UserActivityDialog } from './user-activity-dialog'
import { UserEditDialog } from './user-edit-dialog'
import { UserTable } from './user-table'
import { pageStats } from './user-stats'
import './admin-users.css'

export const SEARCH_DEBOUNCE_MS = 400

export function AdminUsersPage() {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const [requestedPage, setPage] = useState(1)
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  // A new search starts on its first page.
  const [pageOf, setPageOf] = useState(query)
  if (pageOf !== query) {
    setPageOf(query)
    setPage(1)
  }
  const page = pageOf === query ? requestedPage : 1
  const users = useQuery({ ...adminUsersQuery(page, query), placeholderData: keepPreviousData })
  const today = useQuery(adminTodayRegistrationsQuery())
  const [activityOf, setActivityOf] = useState<User | null>(null)
  const [editing, setEditing] = useState<User | null>(null)
  const remove = useDeleteUser()
  const { confirm, dialog } = useConfirm()

  const list = users.data?.users ?? []
  const total = users.data?.total ?? 0
  const stats = pageStats(list)
  const { from, to } = pageRange(page, ADMIN_USERS_PER_PAGE, total)
  const count = (value: number | undefined) => (value === undefined ? '—' : formatCount(value, i18n.language))

  const askDelete = async (user: User) => {
    const ok = await confirm({
      title: t('adminUsers.confirmDelete', { username: user.username }),
      description: t('adminUsers.confirmDeleteText'),
      confirmLabel: t('common.delete'),
      destructive: true,
    })
    if (ok) remove.mutate(user)
  }

  return (
    <AdminPageShell title={t('admin.usersTitle')} subtitle={t('adminUsers.subtitle')} testId="admin-users-page">
      <ul className="stat-grid stats-row" data-testid="user-stats">
        <li className="card stat-card" data-testid="stat-total">
          <span className="muted small">{t('adminUsers.stats.total')}</span>
          <strong>{count(users.data?.total)}</strong>
        </li>
        <li className="card stat-card" data-testid="stat-active">
          <span className="muted small">{t('adminUsers.stats.active')}</span>
          <strong>{count(users.data ? stats.active : undefined)}</strong>
        </li>
        <li className="card stat-card" data-testid="stat-admins">
          <span className="muted small">{t('adminUsers.stats.admins')}</span>
          <strong>{count(users.data ? stats.admins : undefined)}</strong>
        </li>
        <li className="card stat-card" data-testid="stat-today">
          <span className="muted small">{t('adminUsers.stats.today')}</span>
          <strong>{count(today.data?.count)}</strong>
        </li>
      </ul>
      <section className="card section-gap">
        <div className="card-head users-head">
          <h2 className="card-title">{t('adminUsers.listTitle')}</h2>
          <SearchBox label={t('adminUsers.search')} value={search} onChange={setSearch} placeholder={t('adminUsers.searchPlaceholder')} testId="user-search" />
        </div>
        {users.isPending && <Spinner />}
        {users.isError && <p className="notice notice-error">{messageOf(users.error, t('adminUsers.loadFailed'))}</p>}
        {users.data && (
          <>
            <UserTable users={list} onActivity={setActivityOf} onEdit={setEditing} onDelete={(user) => void askDelete(user)} deleting={remove.isPending} />
            <p className="muted small" data-testid="users-shown">
              {t('adminUsers.shown', { from, to, count: total })}
            </p>
            <Pagination page={page} total={users.data.totalPages} onChange={setPage} variant="gaps" testId="users-pagination" />
          </>
        )}
      </section>
      <UserActivityDialog user={activityOf} onClose={() => setActivityOf(null)} />
      <UserEditDialog user={editing} onClose={() => setEditing(null)} />
      {dialog}
    </AdminPageShell>
  )
}

function useDeleteUser() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (user: User) => {
      await dataOf(api.DELETE('/api/admin/users/{id}', { params: { path: { id: user.id } } }))
      return user
    },
    onSuccess: (user) => {
      toast({ title: t('adminUsers.toast.deleted'), description: user.username })
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin })
    },
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('adminUsers.toast.deleteFailed')), variant: 'destructive' }),
  })
}
