//! The automatic bidders: a paged list (on or off, their auctions, delete behind a confirmation)
//! and the form that adds one (first and last name required, username optional).
import { BotIcon, Trash2 } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { FormField, describedBy } from '../../components/form-field'
import { Pagination } from '../../components/pagination'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Bot } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { clampPage, pageCount, pageRange, pageSlice } from '../../lib/pagination'
import { adminBotsQuery, queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { BotItem } from './bot-item'
import { newBotPayload, newBotSchema } from './bot-schemas'
import type { NewBotValues } from './bot-schemas'

export const BOTS_PER_PAGE = 5

export function BotListCard() {
  const { t } = useTranslation()
  const { data, isPending, isError, error } = useQuery(adminBotsQuery())
  const [requestedPage, setPage] = useState(1)
  const { confirm, dialog } = useConfirm()
  const { toggle, remove } = useBotActions()
  const bots = data ?? []
  const total = pageCount(bots.length, BOTS_PER_PAGE)
  const page = clampPage(requestedPage, total)
  const { from, to } = pageRange(page, BOTS_PER_PAGE, bots.length)

  const askDelete = async (bot: Bot) => {
    const ok = await confirm({
      title: t('adminBots.confirmDelete', { name: `${bot.firstName} ${bot.lastName}` }),
      description: t('adminBots.confirmDeleteText'),
      confirmLabel: t('common.delete'),
      destructive: true,
    })
    if (ok) remove.mutate(bot)
  }

  return (
    <section className="card" data-testid="bot-list">
      <h2 className="card-title"><BotIcon aria-hidden="true" /> {t('adminBots.listTitle')}</h2>
      <NewBotForm />
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && bots.length === 0 && <EmptyState icon={BotIcon}>{t('adminBots.empty')}</EmptyState>}
      {bots.length > 0 && (
        <>
          <ul className="bot-list">
            {pageSlice(bots, page, BOTS_PER_PAGE).map((bot) => (
              <BotItem
                key={bot.id}
                bot={bot}
                testId={`bot-${bot.username}`}
                detail={
                  <span className="muted small">
                    {bot.currentAuctions.length === 0
                      ? t('adminBots.noAuctions')
                      : bot.currentAuctions.map((entry) => `${entry.auctionTitle} (${entry.currentBids}${entry.bidLimit > 0 ? `/${entry.bidLimit}` : ''})`).join(' · ')}
                  </span>
                }
                active={{ checked: bot.isActive, disabled: toggle.isPending, onChange: (isActive) => toggle.mutate({ bot, isActive }), testId: 'bot-active' }}
                remove={{ label: t('common.delete'), icon: Trash2, disabled: remove.isPending, onClick: () => void askDelete(bot), testId: 'bot-delete' }}
              />
            ))}
          </ul>
          <p className="muted small">{t('adminBots.shown', { from, to, count: bots.length })}</p>
          <Pagination page={page} total={total} onChange={setPage} testId="bots-pagination" />
        </>
      )}
      {dialog}
    </section>
  )
}

function NewBotForm() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const refresh = useAdminRefresh()
  const create = useMutation({
    mutationFn: (values: NewBotValues) => dataOf(api.POST('/api/admin/bots', { body: newBotPayload(values) })),
    onSuccess: () => refresh([queryKeys.adminBots]),
  })
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewBotValues>({ resolver: zodResolver(newBotSchema), defaultValues: { firstName: '', lastName: '', username: '' } })

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const bot = await create.mutateAsync(values)
        toast({ title: t('adminBots.toast.created'), description: `${bot.firstName} ${bot.lastName} (@${bot.username})` })
        reset()
      } catch (cause) {
        applyServerFieldErrors(cause, setError, ['firstName', 'lastName', 'username'])
        toast({ title: t('common.error'), description: messageOf(cause, t('adminBots.toast.createFailed')), variant: 'destructive' })
      }
    },
    (invalid) => {
      if (invalid.firstName?.message === 'validation.botNameRequired' || invalid.lastName?.message === 'validation.botNameRequired') {
        toast({ title: t('admin.toast.validation'), description: t('validation.botNameRequired'), variant: 'destructive' })
      }
    },
  )

  const field = (name: keyof NewBotValues, required: boolean) => {
    const id = `new-bot-${name}`
    const message = errors[name]?.message
    return (
      <FormField id={id} label={t(`adminBots.form.${name}`)} error={message} required={required}>
        <input id={id} className="input" {...describedBy(id, message)} {...register(name)} />
      </FormField>
    )
  }

  return (
    <details className="new-bot" data-testid="new-bot">
      <summary className="btn btn-outline btn-small">+ {t('adminBots.form.open')}</summary>
      <form onSubmit={onSubmit} noValidate className="form" data-testid="new-bot-form">
        <div className="form-row">
          {field('firstName', true)}
          {field('lastName', true)}
        </div>
        {field('username', false)}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="new-bot-save">
          {isSubmitting ? t('common.saving') : t('adminBots.form.create')}
        </button>
      </form>
    </details>
  )
}

function useBotActions() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const adminRefresh = useAdminRefresh()
  const refresh = () => adminRefresh([queryKeys.adminBots])
  const toggle = useMutation({
    mutationFn: ({ bot, isActive }: { bot: Bot; isActive: boolean }) => dataOf(api.PATCH('/api/admin/bots/{id}', { params: { path: { id: bot.id } }, body: { isActive } })),
    onSuccess: (bot) => {
      toast({ title: bot.isActive ? t('adminBots.toast.activated') : t('adminBots.toast.deactivated'), description: `${bot.firstName} ${bot.lastName}` })
      return refresh()
    },
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('adminBots.toast.updateFailed')), variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: async (bot: Bot) => {
      await dataOf(api.DELETE('/api/admin/bots/{id}', { params: { path: { id: bot.id } } }))
      return bot
    },
    onSuccess: (bot) => {
      toast({ title: t('adminBots.toast.deleted'), description: `${bot.firstName} ${bot.lastName}` })
      return refresh()
    },
    onError: (error) => toast({ title: t('common.error'), description: messageOf(error, t('adminBots.toast.deleteFailed')), variant: 'destructive' }),
  })
  return { toggle, remove }
}
