//! The nodes' table: each node's id (the one that answered marked "this server"), its state (alive,
//! handing its auctions over, or not seen since its last beat), when it started and was last seen,
//! the auctions it holds (their count and links to their pages, by id: the auction page takes an
//! id as well as a slug), its bids a second and sockets, and "drain" on an alive node that takes
//! auctions or "resume" on a draining one.
import { ArrowRightLeft, RotateCcw, Server } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ActionButton } from '../../components/action-button'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import type { NodeView } from '../../lib/api-types'
import { formatCount, formatDateTime } from '../../lib/format'

/** The auction links a node's row shows; the rest are counted ("and 12 more"). */
export const SHOWN_AUCTIONS = 20

interface Props {
  nodes: NodeView[]
  /** The id of the node that answered (`ClusterView.node`). */
  answeredBy: string | null
  onDrain: (node: NodeView) => void
  onResume: (node: NodeView) => void
  /** A drain or resume is on its way. */
  busy: boolean
}

export function NodeTable({ nodes, answeredBy, onDrain, onResume, busy }: Props) {
  const { t, i18n } = useTranslation()
  if (nodes.length === 0) return <EmptyState icon={Server}>{t('adminCluster.empty')}</EmptyState>
  const date = (value: string) => formatDateTime(value, i18n.language)
  return (
    <StackTable
      columns={[
        t('adminCluster.columns.node'),
        t('adminCluster.columns.state'),
        t('adminCluster.columns.startedAt'),
        t('adminCluster.columns.lastSeenAt'),
        t('adminCluster.columns.auctions'),
        t('adminCluster.columns.bidsPerSecond'),
        t('adminCluster.columns.sockets'),
        t('admin.columns.actions'),
      ]}
      className="node-table"
      testId="node-table"
    >
      {nodes.map((node) => (
        <tr key={node.id} data-testid={`node-${node.id}`} data-state={nodeState(node)}>
          <td className="cell-title">
            <span className="stack-cell">
              <strong className="node-id">{node.id}</strong>
              {node.id === answeredBy && (
                <span className="badge badge-accent" data-testid="node-this">
                  {t('adminCluster.thisNode')}
                </span>
              )}
            </span>
          </td>
          <td data-label={t('adminCluster.columns.state')}>
            <NodeState node={node} date={date} />
          </td>
          <td data-label={t('adminCluster.columns.startedAt')} className="node-date">
            {date(node.startedAt)}
          </td>
          <td data-label={t('adminCluster.columns.lastSeenAt')} className="node-date">
            {date(node.lastSeenAt)}
          </td>
          <td data-label={t('adminCluster.columns.auctions')} className="node-auctions-cell">
            <span className="stack-cell">
              <span data-testid="node-auction-count">{t('adminCluster.auctions', { count: node.auctions.length })}</span>
              {node.auctions.length > 0 && (
                <span className="node-auctions">
                  {node.auctions.slice(0, SHOWN_AUCTIONS).map((id) => (
                    <Link key={id} to={`/auction/${id}`} className="small" data-testid="node-auction">
                      #{id}
                    </Link>
                  ))}
                  {node.auctions.length > SHOWN_AUCTIONS && (
                    <span className="muted small">{t('adminCluster.more', { count: node.auctions.length - SHOWN_AUCTIONS })}</span>
                  )}
                </span>
              )}
            </span>
          </td>
          <td data-label={t('adminCluster.columns.bidsPerSecond')} data-testid="node-bids-per-second">
            {formatCount(node.bidsPerSecond, i18n.language, 1)}
          </td>
          <td data-label={t('adminCluster.columns.sockets')}>{formatCount(node.sockets, i18n.language)}</td>
          <td className="cell-actions">
            <div className="row-actions">
              {node.alive && !node.draining && (
                <ActionButton icon={ArrowRightLeft} label={t('adminCluster.drain')} onClick={() => onDrain(node)} disabled={busy} testId="node-drain" />
              )}
              {node.draining && <ActionButton icon={RotateCcw} label={t('adminCluster.resume')} onClick={() => onResume(node)} disabled={busy} testId="node-resume" />}
            </div>
          </td>
        </tr>
      ))}
    </StackTable>
  )
}

/** What a node is doing: a node not seen for two lease lengths counts as gone, draining or not. */
function nodeState(node: NodeView): 'alive' | 'draining' | 'gone' {
  if (!node.alive) return 'gone'
  return node.draining ? 'draining' : 'alive'
}

const TONES = { alive: 'badge-success', draining: 'badge-upcoming', gone: 'badge-danger' } as const

function NodeState({ node, date }: { node: NodeView; date: (value: string) => string }) {
  const { t } = useTranslation()
  const state = nodeState(node)
  return (
    <span className={`badge node-state ${TONES[state]}`} data-testid="node-state">
      {state === 'gone' ? t('adminCluster.state.gone', { time: date(node.lastSeenAt) }) : t(`adminCluster.state.${state}`)}
    </span>
  )
}
