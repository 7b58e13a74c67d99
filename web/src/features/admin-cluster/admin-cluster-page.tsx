//! /admin/cluster (issue 25; docs/operations.md, "Several nodes"): the nodes that share the
//! database, asked again every 2 s so that the operator sees auctions move between them; "drain"
//! (confirmed) tells a node to hand its auctions over and take none, "resume" to take its share
//! again. A single node without leases has no list: the page says so and how to run several.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Server } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { AdminPageShell } from '../../components/admin-page-shell'
import { useConfirm } from '../../components/confirm-dialog'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { ClusterView, NodeView } from '../../lib/api-types'
import { adminClusterQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { NodeTable } from './node-table'
import '../../components/admin-page-shell.css'
import './admin-cluster.css'

/** How often the nodes are asked for again while the page is open. */
export const REFRESH_MS = 2_000

export function AdminClusterPage() {
  const { t } = useTranslation()
  const cluster = useQuery({ ...adminClusterQuery(), refetchInterval: REFRESH_MS })
  const { drain, resume } = useNodeActions()
  const { confirm, dialog } = useConfirm()

  const askDrain = async (node: NodeView) => {
    const ok = await confirm({
      title: t('adminCluster.drainTitle', { id: node.id }),
      description: t('adminCluster.drainText'),
      confirmLabel: t('adminCluster.drain'),
    })
    if (ok) drain.mutate(node)
  }

  return (
    <AdminPageShell title={t('adminCluster.title')} subtitle={t('adminCluster.subtitle')} testId="admin-cluster-page">
      {cluster.isPending && <Spinner />}
      {cluster.isError && <p className="notice notice-error">{messageOf(cluster.error, t('common.loadFailed'))}</p>}
      {cluster.data && !cluster.data.leases && <SingleNodeCard />}
      {cluster.data?.leases && (
        <section className="card section-gap">
          <div className="card-head">
            <h2 className="card-title">{t('adminCluster.listTitle')}</h2>
          </div>
          <NodeTable
            nodes={cluster.data.nodes}
            answeredBy={cluster.data.node}
            onDrain={(node) => void askDrain(node)}
            onResume={(node) => resume.mutate(node)}
            busy={drain.isPending || resume.isPending}
          />
        </section>
      )}
      {dialog}
    </AdminPageShell>
  )
}

/** Without leases: one node runs every auction; how to run several. */
function SingleNodeCard() {
  const { t } = useTranslation()
  return (
    <section className="card section-gap cluster-single" data-testid="cluster-single">
      <h2 className="card-title">
        <Server aria-hidden="true" /> {t('adminCluster.single.title')}
      </h2>
      <p className="cluster-single-text">
        <Trans
          t={t}
          i18nKey="adminCluster.single.text"
          values={{ nodeKey: 'TYIYN_CLUSTER__NODE_ID', natsKey: 'TYIYN_CLUSTER__NATS_URL', doc: 'docs/operations.md', section: 'Several nodes' }}
          components={{ code: <code /> }}
        />
      </p>
    </section>
  )
}

/** Drain and resume, each with its toast; the answer is the nodes after it, shown at once. */
function useNodeActions() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const refresh = useAdminRefresh()
  const shown = (view: ClusterView) => {
    queryClient.setQueryData(adminClusterQuery().queryKey, view)
    return refresh()
  }
  const failed = (error: Error, fallback: string) => {
    toast({ title: t('common.error'), description: messageOf(error, fallback), variant: 'destructive' })
    return refresh([queryKeys.adminCluster])
  }
  const tell = (node: NodeView, draining: boolean) =>
    dataOf(api.POST(draining ? '/api/admin/cluster/nodes/{id}/drain' : '/api/admin/cluster/nodes/{id}/resume', { params: { path: { id: node.id } } }))
  const drain = useMutation({
    mutationFn: (node: NodeView) => tell(node, true),
    onSuccess: (view, node) => {
      toast({ title: t('adminCluster.toast.drained', { id: node.id }), description: t('adminCluster.toast.drainedText') })
      return shown(view)
    },
    onError: (error) => failed(error, t('adminCluster.toast.drainFailed')),
  })
  const resume = useMutation({
    mutationFn: (node: NodeView) => tell(node, false),
    onSuccess: (view, node) => {
      toast({ title: t('adminCluster.toast.resumed', { id: node.id }) })
      return shown(view)
    },
    onError: (error) => failed(error, t('adminCluster.toast.resumeFailed')),
  })
  return { drain, resume }
}
