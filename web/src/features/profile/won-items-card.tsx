//! "Won items" (spec sections 4 and 9): every item the user won or was passed, newest first, with
//! its state, the reservation's countdown, the price and the delivery. An open one (reserved or
//! claimed) is claimed and paid through the claim dialog, or declined (it passes on at once); a
//! shipped one shows the carrier's tracking note. The list follows the socket (a notice about a
//! won item, a claim order's new state) and the hash `#won-items` scrolls to it.
import { Gift, Hourglass } from 'lucide-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { ClaimStateBadge } from '../../components/claim-state-badge'
import { useConfirm } from '../../components/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Claim } from '../../lib/api-types'
import { msUntil, serverNow, useServerNow } from '../../lib/clock'
import { formatDateTime, formatTimer } from '../../lib/format'
import { queryKeys, userClaimsQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { ClaimDialog } from '../../components/claim-dialog'
import { isOpenClaim } from '../../lib/delivery-schema'
import { useMoney } from '../../lib/money'
import '../../components/timers.css'

/** How often the list is fetched again while a shown reservation is over but not yet passed on. */
export const LAPSED_POLL_MS = 10_000

export function WonItemsCard() {
  const { t } = useTranslation()
  // A reservation past its end passes on at the server's next sweep: poll until it has.
  const { data, isPending, isError, error } = useQuery({
    ...userClaimsQuery(),
    refetchInterval: (query) => (query.state.data?.claims.some((claim) => isOpenClaim(claim) && msUntil(claim.reservedUntil, serverNow()) <= 0) ? LAPSED_POLL_MS : false),
  })
  const [claiming, setClaiming] = useState<Claim | null>(null)
  const decline = useDecline()
  const { confirm, dialog } = useConfirm()
  const ref = useRef<HTMLElement>(null)
  const { hash } = useLocation()
  const claims = data?.claims ?? []
  const open = claims.filter(isOpenClaim).length

  useEffect(() => {
    if (hash === '#won-items' && data) ref.current?.scrollIntoView({ block: 'start' })
  }, [hash, data])

  const askDecline = async (claim: Claim) => {
    const ok = await confirm({
      title: t('claims.declineTitle', { title: claim.title }),
      description: t('claims.declineText'),
      confirmLabel: t('claims.decline'),
      destructive: true,
    })
    if (ok) decline.mutate(claim)
  }

  return (
    <section className="card won-items" id="won-items" ref={ref} data-testid="won-items-card" aria-labelledby="won-items-title">
      <h2 className="card-title" id="won-items-title">
        <Gift aria-hidden="true" /> {t('claims.title')} {open > 0 && <span className="badge badge-accent">{open}</span>}
      </h2>
      <p className="muted small">{t('claims.intro')}</p>
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && claims.length === 0 && <EmptyState icon={Gift}>{t('claims.empty')}</EmptyState>}
      <ul className="claim-list">
        {claims.map((claim) => (
          <ClaimRow key={claim.id} claim={claim} onClaim={setClaiming} onDecline={(item) => void askDecline(item)} declining={decline.isPending} />
        ))}
      </ul>
      {data && <ClaimDialog claim={claiming} deliveryMethods={data.deliveryMethods} onClose={() => setClaiming(null)} />}
      {dialog}
    </section>
  )
}

interface RowProps {
  claim: Claim
  onClaim: (claim: Claim) => void
  onDecline: (claim: Claim) => void
  declining: boolean
}

function ClaimRow({ claim, onClaim, onDecline, declining }: RowProps) {
  const { t, i18n } = useTranslation()
  const open = isOpenClaim(claim)
  return (
    <li className={`claim-row is-${claim.state}`} data-testid={`claim-${claim.id}`} data-state={claim.state}>
      {claim.imageUrl ? <img src={claim.imageUrl} alt="" className="thumb" loading="lazy" /> : <span className="thumb" aria-hidden="true" />}
      <div className="claim-main">
        <div className="claim-head">
          {claim.auctionId != null ? <Link to={`/auction/${claim.auctionId}`}>{claim.title}</Link> : <strong>{claim.title}</strong>}
          <ClaimStateBadge state={claim.state} />
          {claim.kind === 'buyNow' && (
            <span className="badge badge-kind" data-testid="claim-buy-now">
              {t('claims.buyNow')}
            </span>
          )}
        </div>
        <ClaimFacts claim={claim} />
        {open && <Reservation claim={claim} />}
        {claim.state === 'paid' && <p className="muted small">{t(claim.deliveryMethod === 'pickup' ? 'claims.paidPickup' : 'claims.paidNote')}</p>}
        {claim.state === 'shipped' && claim.shippedAt && <p className="muted small">{t('claims.shippedAt', { date: formatDateTime(claim.shippedAt, i18n.language) })}</p>}
        {claim.state === 'delivered' && claim.deliveredAt && (
          <p className="muted small">{t('claims.deliveredAt', { date: formatDateTime(claim.deliveredAt, i18n.language) })}</p>
        )}
        {(claim.state === 'passed' || claim.state === 'expired') && (
          <p className="muted small" data-testid="claim-ended">
            {t(claim.endReason === 'declined' ? 'claims.endedDeclined' : 'claims.endedLapsed')}
          </p>
        )}
        {open && (
          <div className="claim-actions">
            <button type="button" className="btn btn-primary btn-small" onClick={() => onClaim(claim)} data-testid="claim-pay">
              {claim.state === 'claimed' ? t('claims.payAgain') : t('claims.claim')}
            </button>
            {claim.paymentUrl && (
              <a className="btn btn-outline btn-small" href={claim.paymentUrl} target="_blank" rel="noopener noreferrer" data-testid="claim-open-payment">
                {t('topup.openPayment')}
              </a>
            )}
            <button type="button" className="btn btn-danger-outline btn-small" onClick={() => onDecline(claim)} disabled={declining} data-testid="claim-decline">
              {t('claims.decline')}
            </button>
          </div>
        )}
      </div>
    </li>
  )
}

/** What the item cost and how it comes: price, bids in it, delivery and fee, total, address, tracking. */
function ClaimFacts({ claim }: { claim: Claim }) {
  const { t } = useTranslation()
  const { money } = useMoney()
  return (
    <dl className="claim-facts">
      <div>
        <dt>{t('claims.price')}</dt>
        <dd data-testid="claim-price">{money(claim.price)}</dd>
      </div>
      {claim.packageBids != null && claim.packageBids > 0 && (
        <div>
          <dt>{t('claims.packageBids')}</dt>
          <dd>{t('common.bidsCount', { count: claim.packageBids })}</dd>
        </div>
      )}
      {claim.deliveryMethod && (
        <div>
          <dt>{t('claims.delivery')}</dt>
          <dd data-testid="claim-delivery">
            {t(`claims.methods.${claim.deliveryMethod}.title`)}
            {claim.deliveryFee != null && ` · ${claim.deliveryFee > 0 ? money(claim.deliveryFee) : t('claims.free')}`}
          </dd>
        </div>
      )}
      {claim.total != null && (
        <div>
          <dt>{t('claims.total')}</dt>
          <dd data-testid="claim-total">
            <strong>{money(claim.total)}</strong>
          </dd>
        </div>
      )}
      {claim.address && (
        <div>
          <dt>{t('claims.address')}</dt>
          <dd>{claim.address}</dd>
        </div>
      )}
      {claim.tracking && (
        <div>
          <dt>{t('claims.tracking')}</dt>
          <dd data-testid="claim-tracking">{claim.tracking}</dd>
        </div>
      )}
    </dl>
  )
}

/** The reservation's countdown, from the server's clock, and its end as a date. */
function Reservation({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const now = useServerNow()
  const left = msUntil(claim.reservedUntil, now)
  const over = left <= 0
  useEffect(() => {
    // The countdown reached zero here: ask the server (the list then polls until it passed on).
    if (over) void queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
  }, [over, queryClient])
  return (
    <p className={`claim-reservation${left <= 6 * 3_600_000 ? ' is-urgent' : ''}`} data-testid="claim-countdown">
      {left > 0 ? (
        <>
          <Hourglass aria-hidden="true" /> {t('claims.reservedLeft')}{' '}
          <span className="timer" role="timer">
            {formatTimer(left)}
          </span>{' '}
          <span className="muted small">{t('claims.reservedUntil', { date: formatDateTime(claim.reservedUntil, i18n.language) })}</span>
        </>
      ) : (
        t('claims.reservationOver')
      )}
    </p>
  )
}

function useDecline() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (claim: Claim) => dataOf(api.POST('/api/claims/{id}/decline', { params: { path: { id: claim.id } } })),
    onSuccess: ({ claim }) => {
      toast({ title: t('claims.declinedToast'), description: claim.title })
      return queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
    },
    onError: (error) => {
      toast({ title: t('common.error'), description: messageOf(error, t('claims.declineFailed')), variant: 'destructive' })
      return queryClient.invalidateQueries({ queryKey: queryKeys.userClaims })
    },
  })
}
