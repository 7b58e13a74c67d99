//! /admin/claims: every won item with its winner, state, price, delivery and reservation, filtered
//! by state and paged; a paid item is shipped (with an optional tracking note) and a shipped one,
//! or a paid pickup, is marked delivered. The winner is told each time (a notification).
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { useConfirm } from '../../components/confirm-dialog'
import { Pagination } from '../../components/pagination'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { AdminClaim, ClaimState } from '../../lib/api-types'
import { pageCount, pageRange } from '../../lib/pagination'
import { adminClaimsQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { ClaimTable } from './claim-table'
import { ShipDialog } from './ship-dialog'
import '../../components/admin-page-shell.css'

const ANY = 'any'
const STATES: readonly ClaimState[] = ['reserved', 'claimed', 'paid', 'shipped', 'delivered', 'passed', 'expired']

export function AdminClaimsPage() {
  const { t } = useTranslation()
  const [state, setState] = useState<string>(ANY)
  const [pageOf, setPageOf] = useState(state)
  const [requestedPage, setPage] = useState(1)
  // A new filter starts on its first page.
  if (pageOf !== state) {
    setPageOf(state)
    setPage(1)
  }
  const page = pageOf === state ? requestedPage : 1
  const claims = useQuery({ ...adminClaimsQuery(page, state === ANY ? '' : state), placeholderData: keepPreviousData })
  const [shipping, setShipping] = useState<AdminClaim | null>(null)
  const deliver = useDeliver()
  const { confirm, dialog } = useConfirm()

  const total = claims.data?.total ?? 0
  const pageSize = claims.data?.pageSize ?? 1
  const { from, to } = pageRange(page, pageSize, total)
  const options = [{ value: ANY, label: t('adminClaims.anyState') }, ...STATES.map((value) => ({ value, label: t(`claimState.${value}`) }))]

  const askDeliver = async (claim: AdminClaim) => {
    const ok = await confirm({
      title: t('adminClaims.deliverTitle', { title: claim.title }),
      description: t('adminClaims.deliverText', { username: claim.username }),
      confirmLabel: t('adminClaims.deliver'),
    })
    if (ok) deliver.mutate(claim)
  }

  return (
    <AdminPageShell title={t('adminClaims.title')} subtitle={t('adminClaims.subtitle')} testId="admin-claims-page">
      <section className="card section-gap">
        <div className="card-head filters-head">
          <h2 className="card-title">{t('adminClaims.listTitle')}</h2>
          <div className="filters">
            <label className="filter">
              <span className="sr-only">{t('adminClaims.stateFilter')}</span>
              <Select id="claims-state" value={state} onChange={setState} options={options} testId="claims-state" />
            </label>
          </div>
        </div>
        {claims.isPending && <Spinner />}
        {claims.isError && <p className="notice notice-error">{messageOf(claims.error, t('common.loadFailed'))}</p>}
        {claims.data && (
          <>
            <ClaimTable claims={claims.data.claims} onShip={setShipping} onDeliver={(claim) => void askDeliver(claim)} busy={deliver.isPending} />
            <p className="muted small" data-testid="claims-shown">
              {t('adminClaims.shown', { from, to, count: total })}
            </p>
            <Pagination page={page} total={pageCount(total, pageSize)} onChange={setPage} variant="gaps" testId="claims-pagination" />
          </>
        )}
      </section>
      <ShipDialog claim={shipping} onClose={() => setShipping(null)} />
      {dialog}
    </AdminPageShell>
  )
}

function useDeliver() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  return useMutation({
    mutationFn: (claim: AdminClaim) => dataOf(api.POST('/api/admin/claims/{id}/deliver', { params: { path: { id: claim.id } } })),
    onSuccess: ({ claim }) => {
      toast({ title: t('adminClaims.toast.delivered'), description: claim.title })
      return refresh([queryKeys.adminClaims])
    },
    onError: (error) => {
      toast({ title: t('common.error'), description: messageOf(error, t('adminClaims.toast.failed')), variant: 'destructive' })
      return refresh([queryKeys.adminClaims])
    },
  })
}
