//! /admin/outbox: every message the site sent or is sending (e-mail, SMS, Telegram) with the
//! counts by state, filtered by channel and state and paged; a failed message can be sent again
//! (its attempts start afresh). Phone numbers and Telegram chats come masked from the server, and
//! a sign-in code's message shows the code masked (it was never stored, so it cannot be resent).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { Pagination } from '../../components/pagination'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { OutboxChannel, OutboxItem, OutboxState } from '../../lib/api-types'
import { pageCount, pageRange } from '../../lib/pagination'
import { adminOutboxQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { OutboxTable } from './outbox-table'
import '../../components/admin-page-shell.css'
import './admin-outbox.css'

const ANY = 'any'
const CHANNELS: readonly OutboxChannel[] = ['email', 'sms', 'telegram', 'push']
const STATES: readonly OutboxState[] = ['pending', 'sent', 'failed']

export function AdminOutboxPage() {
  const { t } = useTranslation()
  const [channel, setChannel] = useState<string>(ANY)
  const [state, setState] = useState<string>(ANY)
  const filter = { channel: channel === ANY ? '' : channel, state: state === ANY ? '' : state }
  const filterKey = JSON.stringify(filter)
  // A new filter starts on its first page.
  const [pageOf, setPageOf] = useState(filterKey)
  const [requestedPage, setPage] = useState(1)
  if (pageOf !== filterKey) {
    setPageOf(filterKey)
    setPage(1)
  }
  const page = pageOf === filterKey ? requestedPage : 1
  const outbox = useQuery({ ...adminOutboxQuery(page, filter), placeholderData: keepPreviousData })
  const retry = useRetry()

  const total = outbox.data?.total ?? 0
  const pageSize = outbox.data?.pageSize ?? 1
  const { from, to } = pageRange(page, pageSize, total)
  const channelOptions = [{ value: ANY, label: t('adminOutbox.anyChannel') }, ...CHANNELS.map((value) => ({ value, label: t(`adminOutbox.channel.${value}`) }))]
  const stateOptions = [{ value: ANY, label: t('adminOutbox.anyState') }, ...STATES.map((value) => ({ value, label: t(`adminOutbox.state.${value}`) }))]

  return (
    <AdminPageShell title={t('adminOutbox.title')} subtitle={t('adminOutbox.subtitle')} testId="admin-outbox-page">
      <ul className="stat-grid outbox-counts" data-testid="outbox-counts">
        {STATES.map((s) => (
          <li key={s} className="card stat-card" data-testid={`outbox-count-${s}`}>
            <span className="muted small">{t(`adminOutbox.counts.${s}`)}</span>
            <strong>{outbox.data ? outbox.data.counts[s] : '—'}</strong>
          </li>
        ))}
      </ul>
      <section className="card section-gap">
        <div className="card-head filters-head">
          <h2 className="card-title">{t('adminOutbox.listTitle')}</h2>
          <div className="filters">
            <label className="filter">
              <span className="sr-only">{t('adminOutbox.channelFilter')}</span>
              <Select id="outbox-channel" value={channel} onChange={setChannel} options={channelOptions} testId="outbox-channel" />
            </label>
            <label className="filter">
              <span className="sr-only">{t('adminOutbox.stateFilter')}</span>
              <Select id="outbox-state" value={state} onChange={setState} options={stateOptions} testId="outbox-state" />
            </label>
          </div>
        </div>
        {outbox.isPending && <Spinner />}
        {outbox.isError && <p className="notice notice-error">{messageOf(outbox.error, t('common.loadFailed'))}</p>}
        {outbox.data && (
          <>
            <OutboxTable items={outbox.data.items} onRetry={(item) => retry.mutate(item)} retrying={retry.isPending} />
            <p className="muted small" data-testid="outbox-shown">
              {t('adminOutbox.shown', { from, to, count: total })}
            </p>
            <Pagination page={page} total={pageCount(total, pageSize)} onChange={setPage} variant="gaps" testId="outbox-pagination" />
          </>
        )}
      </section>
    </AdminPageShell>
  )
}

function useRetry() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  return useMutation({
    mutationFn: (item: OutboxItem) => dataOf(api.POST('/api/admin/outbox/{id}/retry', { params: { path: { id: item.id } } })),
    onSuccess: ({ item }) => {
      toast({ title: t('adminOutbox.toast.retried', { id: item.id }), description: t('adminOutbox.toast.retriedText') })
      return refresh([queryKeys.adminOutbox, queryKeys.adminAudit])
    },
    onError: (error) => {
      toast({ title: t('common.error'), description: messageOf(error, t('adminOutbox.toast.retryFailed')), variant: 'destructive' })
      return refresh([queryKeys.adminOutbox])
    },
  })
}
