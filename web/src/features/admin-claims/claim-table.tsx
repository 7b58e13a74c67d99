//! The admin's table of won items: the item and its auction, the winner, the state, the price and
//! total, the delivery (method, address, phone, tracking) and the reservation or the dates.
import { CircleCheck, Mailbox, Package, Truck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ActionButton } from '../../components/action-button'
import { ClaimStateBadge } from '../../components/claim-state-badge'
import { EmptyState } from '../../components/empty-state'
import { StackTable } from '../../components/stack-table'
import type { AdminClaim } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { useMoney } from '../../lib/money'
import { nextAction } from './ship-schema'

interface Props {
  claims: AdminClaim[]
  onShip: (claim: AdminClaim) => void
  onDeliver: (claim: AdminClaim) => void
  busy: boolean
}

export function ClaimTable({ claims, onShip, onDeliver, busy }: Props) {
  const { t } = useTranslation()
  if (claims.length === 0) return <EmptyState icon={Package}>{t('adminClaims.empty')}</EmptyState>
  return (
    <StackTable
      columns={[
        t('adminClaims.columns.item'),
        t('adminClaims.columns.user'),
        t('adminClaims.columns.state'),
        t('adminClaims.columns.amount'),
        t('adminClaims.columns.delivery'),
        t('adminClaims.columns.dates'),
        t('admin.columns.actions'),
      ]}
      testId="claims-table"
    >
      {claims.map((claim) => (
        <ClaimRow key={claim.id} claim={claim} onShip={onShip} onDeliver={onDeliver} busy={busy} />
      ))}
    </StackTable>
  )
}

/** One won item: what and whose it is, its state, what it cost, its delivery, dates and next step. */
function ClaimRow({ claim, onShip, onDeliver, busy }: Omit<Props, 'claims'> & { claim: AdminClaim }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  const action = nextAction(claim)
  return (
    <tr data-testid={`admin-claim-${claim.id}`} data-state={claim.state}>
      <td className="cell-title">
        <span className="stack-cell">
          {claim.auctionId != null ? (
            <Link to={`/auction/${claim.auctionId}`} data-user-content>
              {claim.title}
            </Link>
          ) : (
            <strong data-user-content>{claim.title}</strong>
          )}
          <span className="muted small">
            #{claim.id} · {claim.kind === 'buyNow' ? t('claims.buyNow') : t('adminClaims.position', { position: claim.position })}
            {claim.packageBids != null && claim.packageBids > 0 && ` · ${t('common.bidsCount', { count: claim.packageBids })}`}
          </span>
        </span>
      </td>
      <td data-label={t('adminClaims.columns.user')}>
        <span className="stack-cell">
          <strong data-testid="admin-claim-user" data-user-content>
            {claim.username}
          </strong>
          <span className="muted small">{claim.phone ?? '—'}</span>
        </span>
      </td>
      <td data-label={t('adminClaims.columns.state')}>
        <span className="stack-cell">
          <ClaimStateBadge state={claim.state} />
          {claim.endReason && <span className="muted small">{t(`adminClaims.endReason.${claim.endReason}`)}</span>}
        </span>
      </td>
      <td data-label={t('adminClaims.columns.amount')}>
        <span className="stack-cell">
          <strong>{money(claim.total ?? claim.price)}</strong>
          {claim.total != null && (
            <span className="muted small">
              {money(claim.price)} + {money(claim.deliveryFee ?? 0)}
            </span>
          )}
        </span>
      </td>
      <td data-label={t('adminClaims.columns.delivery')}>
        <span className="stack-cell small">
          <span>{claim.deliveryMethod ? t(`claims.methods.${claim.deliveryMethod}.title`) : '—'}</span>
          {claim.address && <span className="muted">{claim.address}</span>}
          {claim.tracking && (
            <span data-testid="admin-claim-tracking">
              <Mailbox role="img" aria-label={t('claims.tracking')} /> {claim.tracking}
            </span>
          )}
        </span>
      </td>
      <ClaimDates claim={claim} />
      <td className="cell-actions">
        <div className="row-actions">
          {action === 'ship' && <ActionButton icon={Truck} label={t('adminClaims.ship.action')} tone="primary" onClick={() => onShip(claim)} disabled={busy} testId="claim-ship" />}
          {action === 'deliver' && <ActionButton icon={CircleCheck} label={t('adminClaims.deliver')} onClick={() => onDeliver(claim)} disabled={busy} testId="claim-deliver" />}
        </div>
      </td>
    </tr>
  )
}

/** The item's dates: reserved until, paid, shipped, delivered, and when the claim was made. */
function ClaimDates({ claim }: { claim: AdminClaim }) {
  const { t, i18n } = useTranslation()
  const date = (value: string | null | undefined) => (value ? formatDateTime(value, i18n.language) : '—')
  return (
    <td data-label={t('adminClaims.columns.dates')}>
      <span className="stack-cell small">
        {(claim.state === 'reserved' || claim.state === 'claimed') && <span>{t('adminClaims.until', { date: date(claim.reservedUntil) })}</span>}
        {claim.paidAt && <span>{t('adminClaims.paidAt', { date: date(claim.paidAt) })}</span>}
        {claim.shippedAt && <span>{t('adminClaims.shippedAt', { date: date(claim.shippedAt) })}</span>}
        {claim.deliveredAt && <span>{t('adminClaims.deliveredAt', { date: date(claim.deliveredAt) })}</span>}
        <span className="muted">{t('adminClaims.createdAt', { date: date(claim.createdAt) })}</span>
      </span>
    </td>
  )
}
