//! The bots of one auction: each with its bids so far against its limit, on or off, removable; and
//! the form that adds an active bot with a bid limit (0 = no limit). Used in the edit dialog and in
//! the bots-in-auctions card.
import { Bot } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { FormField, describedBy } from '../../components/form-field'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction, BotAssignment } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { adminAuctionBotsQuery, adminBotsQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { BotItem } from './bot-item'
import { assignPayload, assignSchema } from './bot-schemas'
import type { AssignValues } from './bot-schemas'

export function AuctionBots({ auction }: { auction: Pick<Auction, 'id' | 'title' | 'status'> }) {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useQuery(adminAuctionBotsQuery(auction.id))
  const { toggle, remove } = useAssignmentActions(auction.id)
  const { confirm, dialog } = useConfirm()
  const finished = auction.status === 'finished'

  const askRemove = async (assignment: BotAssignment) => {
    const ok = await confirm({
      title: t('adminBots.confirmRemove', { name: `${assignment.bot.firstName} ${assignment.bot.lastName}`, title: auction.title }),
      confirmLabel: t('adminBots.remove'),
      destructive: true,
    })
    if (ok) remove.mutate(assignment)
  }

  return (
    <div className="auction-bots" data-testid={`auction-bots-${auction.id}`}>
      <h3 className="card-subtitle"><Bot aria-hidden="true" /> {t('adminBots.assignedTitle')}</h3>
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && data.length === 0 && <EmptyState icon={Bot}>{t('adminBots.noneAssigned')}</EmptyState>}
      {data && data.length > 0 && (
        <ul className="bot-list">
          {data.map((assignment) => (
            <BotItem
              key={assignment.id}
              bot={assignment.bot}
              testId={`assignment-${assignment.bot.username}`}
              detail={
                <span className="small" data-testid="assignment-bids">
                  {t('adminBots.bidsOfLimit', {
                    bids: assignment.currentBids,
                    limit: assignment.bidLimit > 0 ? assignment.bidLimit : t('adminBots.noLimit'),
                  })}
                </span>
              }
              active={{
                checked: assignment.isActive,
                disabled: toggle.isPending || finished,
                onChange: (isActive) => toggle.mutate({ assignment, isActive }),
                testId: 'assignment-active',
              }}
              remove={{ label: t('adminBots.remove'), disabled: remove.isPending || finished, onClick: () => void askRemove(assignment), testId: 'assignment-remove' }}
            />
          ))}
        </ul>
      )}
      {!finished && <AssignForm auctionId={auction.id} assigned={data ?? []} />}
      {dialog}
    </div>
  )
}

function AssignForm({ auctionId, assigned }: { auctionId: number; assigned: readonly BotAssignment[] }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  const bots = useQuery(adminBotsQuery())
  const taken = new Set(assigned.map((assignment) => assignment.botId))
  // Only active bots can be chosen, each once per auction.
  const options = (bots.data ?? [])
    .filter((bot) => bot.isActive && !taken.has(bot.id))
    .map((bot) => ({ value: String(bot.id), label: `${bot.firstName} ${bot.lastName} (@${bot.username})` }))
  const assign = useMutation({
    mutationFn: (values: AssignValues) => dataOf(api.POST('/api/admin/auctions/{id}/bots', { params: { path: { id: Number(values.auctionId) } }, body: assignPayload(values) })),
    onSuccess: () => refresh([queryKeys.adminBots]),
  })
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AssignValues>({ resolver: zodResolver(assignSchema), defaultValues: { auctionId: String(auctionId), botId: '', bidLimit: '0' } })

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const added = await assign.mutateAsync(values)
        toast({ title: t('adminBots.toast.assigned'), description: `${added.bot.firstName} ${added.bot.lastName}` })
        reset({ auctionId: String(auctionId), botId: '', bidLimit: '0' })
      } catch (cause) {
        applyServerFieldErrors(cause, setError, ['botId', 'bidLimit'])
        toast({ title: t('common.error'), description: messageOf(cause, t('adminBots.toast.assignFailed')), variant: 'destructive' })
      }
    },
    (invalid) => {
      if (invalid.botId || invalid.auctionId) toast({ title: t('admin.toast.validation'), description: t('validation.botAndAuction'), variant: 'destructive' })
    },
  )

  const limitId = `assign-limit-${auctionId}`
  return (
    <form onSubmit={onSubmit} noValidate className="assign-form" data-testid="assign-form">
      <FormField id={`assign-bot-${auctionId}`} label={t('adminBots.form.bot')} error={errors.botId?.message ?? errors.auctionId?.message}>
        <Controller
          control={control}
          name="botId"
          render={({ field }) => (
            <Select
              id={`assign-bot-${auctionId}`}
              value={field.value}
              onChange={field.onChange}
              options={options}
              placeholder={options.length === 0 ? t('adminBots.form.noBots') : t('adminBots.form.botPlaceholder')}
              disabled={options.length === 0}
              invalid={Boolean(errors.botId)}
              testId="assign-bot"
            />
          )}
        />
      </FormField>
      <FormField id={limitId} label={t('adminBots.form.bidLimit')} error={errors.bidLimit?.message} hint={t('adminBots.form.bidLimitHint')}>
        <input id={limitId} inputMode="numeric" className="input" {...describedBy(limitId, errors.bidLimit?.message, true)} {...register('bidLimit')} data-testid="assign-limit" />
      </FormField>
      <button type="submit" className="btn btn-primary btn-small" disabled={isSubmitting} data-testid="assign-save">
        + {t('adminBots.form.assign')}
      </button>
    </form>
  )
}

function useAssignmentActions(auctionId: number) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const adminRefresh = useAdminRefresh()
  const refresh = () => adminRefresh([queryKeys.adminBots])
  const path = (assignment: BotAssignment) => ({ params: { path: { id: auctionId, botId: assignment.botId } } })
  const toggle = useMutation({
    mutationFn: ({ assignment, isActive }: { assignment: BotAssignment; isActive: boolean }) =>
      dataOf(api.PATCH('/api/admin/auctions/{id}/bots/{botId}', { ...path(assignment), body: { isActive } })),
    onSuccess: refresh,
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('adminBots.toast.updateFailed')), variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: async (assignment: BotAssignment) => {
      await dataOf(api.DELETE('/api/admin/auctions/{id}/bots/{botId}', path(assignment)))
      return assignment
    },
    onSuccess: (assignment) => {
      toast({ title: t('adminBots.toast.removed'), description: `${assignment.bot.firstName} ${assignment.bot.lastName}` })
      return refresh()
    },
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('adminBots.toast.removeFailed')), variant: 'destructive' }),
  })
  return { toggle, remove }
}
