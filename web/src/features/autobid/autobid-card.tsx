//! The auto-bidder on a live or upcoming auction's page (issue 13, part 1), for a signed-in user:
//! set how many bids the auction may place for them (1–500) and, optionally, the highest price;
//! see how many are left, live; change or turn it off at any time. The auction bids for them in its
//! last 3–5 seconds, never against them; each bid is taken from the balance only when placed.
//! Loaded after the first screen (`lazy` in auction-detail): it is not part of the first load.
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { Bot } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField, describedBy } from '../../components/form-field'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction, Bid } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { useMoney } from '../../lib/money'
import { currentUserAtom } from '../../lib/session'
import { useToast } from '../../lib/toast'
import { autobidPayload, autobidSchema } from './autobid-schema'
import type { AutobidValues } from './autobid-schema'
import './autobid-card.css'

/** The caller's auto-bidder on auction `id`, `null` when none is set. */
export function autobidQueryKey(id: number) {
  return ['user', 'autobid', id] as const
}

/** The caller's auto-bidder on the auction, or `null` (none set is an answer, not an error). */
async function readAutobid(id: number) {
  const answer = await dataOf(api.GET('/api/auctions/{id}/autobid', { params: { path: { id } } }))
  return answer.autobid
}

export function AutobidCard({ auction, bids }: { auction: Auction; bids: Bid[] }) {
  const { t } = useTranslation()
  const user = useAtomValue(currentUserAtom)
  const client = useQueryClient()
  const key = autobidQueryKey(auction.id)
  const order = useQuery({ queryKey: key, queryFn: () => readAutobid(auction.id), enabled: user !== null })
  const [editing, setEditing] = useState(false)

  // The count goes down with each of the user's auto-bids: read it again when a new one arrives
  // (`undefined` until the first render has seen the history).
  const lastSeen = useRef<number | null | undefined>(undefined)
  const newestMine = bids.find((b) => b.isAuto && b.user?.id === user?.id)?.id ?? null
  useEffect(() => {
    if (lastSeen.current !== undefined && newestMine !== null && newestMine !== lastSeen.current) {
      void client.invalidateQueries({ queryKey: key })
    }
    lastSeen.current = newestMine
  }, [newestMine, client, key])

  if (!user || order.isPending || order.isError) return null
  const current = order.data
  const showForm = editing || !current
  return (
    <section className="card autobid-card" aria-labelledby="autobid-title" data-testid="autobid-card">
      <h2 className="card-title" id="autobid-title">
        <Bot aria-hidden="true" /> {t('autobid.title')}
      </h2>
      {current && !editing && <AutobidStatus order={current} onEdit={() => setEditing(true)} auctionId={auction.id} />}
      {showForm && (
        <>
          {!current && <p className="muted small">{t('autobid.intro')}</p>}
          <AutobidForm auctionId={auction.id} defaults={current} onDone={() => setEditing(false)} onCancel={current ? () => setEditing(false) : undefined} />
        </>
      )}
    </section>
  )
}

type Order = NonNullable<Awaited<ReturnType<typeof readAutobid>>>

function AutobidStatus({ order, onEdit, auctionId }: { order: Order; onEdit: () => void; auctionId: number }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const client = useQueryClient()
  const { money } = useMoney()
  const cancel = useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/auctions/{id}/autobid', { params: { path: { id: auctionId } } })),
    onSuccess: () => {
      client.setQueryData(autobidQueryKey(auctionId), null)
      toast({ title: t('autobid.cancelled') })
    },
    onError: (cause) => toast({ title: t('common.error'), description: messageOf(cause, t('autobid.failed')), variant: 'destructive' }),
  })
  const state = order.active ? 'on' : order.bidsLeft === 0 ? 'used' : 'balance'
  return (
    <div className="autobid-status" data-testid="autobid-status" data-state={state}>
      <p className={`autobid-state autobid-state-${state}`} role="status" data-testid="autobid-state">
        {t(`autobid.state.${state}`)}
      </p>
      <p className="autobid-left" data-testid="autobid-left">
        {t('autobid.left', { left: order.bidsLeft, bids: order.bids })}
      </p>
      <p className="muted small" data-testid="autobid-ceiling">
        {order.maxPrice === null ? t('autobid.noCeiling') : t('autobid.ceiling', { price: money(order.maxPrice) })}
      </p>
      <div className="autobid-actions">
        <button type="button" className="btn btn-outline btn-small" onClick={onEdit} data-testid="autobid-edit">
          {order.active ? t('autobid.change') : t('autobid.again')}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-testid="autobid-off">
          {t('autobid.off')}
        </button>
      </div>
    </div>
  )
}

function AutobidForm({ auctionId, defaults, onDone, onCancel }: { auctionId: number; defaults: Order | null; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const client = useQueryClient()
  const save = useMutation({
    mutationFn: (values: AutobidValues) => dataOf(api.PUT('/api/auctions/{id}/autobid', { params: { path: { id: auctionId } }, body: autobidPayload(values) })),
  })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AutobidValues>({
    resolver: zodResolver(autobidSchema),
    defaultValues: { bids: String(defaults?.bids ?? 20), maxPrice: defaults?.maxPrice != null ? String(defaults.maxPrice) : '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values)
      client.setQueryData(autobidQueryKey(auctionId), answer.autobid)
      toast({ title: t('autobid.saved'), description: t('autobid.left', { left: answer.autobid.bidsLeft, bids: answer.autobid.bids }) })
      onDone()
    } catch (cause) {
      applyServerFieldErrors(cause, setError, ['bids', 'maxPrice'])
      toast({ title: t('common.error'), description: messageOf(cause, t('autobid.failed')), variant: 'destructive' })
    }
  })
  const bidsError = errors.bids?.message
  const priceError = errors.maxPrice?.message
  return (
    <form onSubmit={onSubmit} noValidate className="form autobid-form" data-testid="autobid-form">
      <div className="autobid-fields">
        <FormField id="autobid-bids" label={t('autobid.bids')} error={bidsError} required>
          <input id="autobid-bids" className="input" inputMode="numeric" autoComplete="off" {...describedBy('autobid-bids', bidsError)} {...register('bids')} data-testid="autobid-bids" />
        </FormField>
        <FormField id="autobid-price" label={t('autobid.maxPrice')} error={priceError} hint={t('autobid.maxPriceHint')}>
          <input id="autobid-price" className="input" inputMode="decimal" autoComplete="off" {...describedBy('autobid-price', priceError, true)} {...register('maxPrice')} data-testid="autobid-price" />
        </FormField>
      </div>
      <div className="autobid-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={isSubmitting} data-testid="autobid-save">
          {isSubmitting ? t('common.saving') : t('autobid.save')}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-small" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  )
}
