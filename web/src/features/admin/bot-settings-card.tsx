//! The global bot settings: on or off, the delay range of a bot's answer (1–10 s, minimum not above
//! maximum) and how many bots bid in one auction (0–5).
import { Settings } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField, describedBy } from '../../components/form-field'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/forms'
import { adminBotSettingsQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { ACTIVE_BOTS_MAX, DELAY_MAX, DELAY_MIN, botSettingsSchema, toBotSettingsValues } from './bot-schemas'
import type { BotSettingsValues } from './bot-schemas'

const FIELDS = ['enabled', 'minDelay', 'maxDelay', 'activeBots'] as const

export function BotSettingsCard() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const queryClient = useQueryClient()
  const refresh = useAdminRefresh()
  const { data, isPending, isError, error } = useQuery(adminBotSettingsQuery())
  const save = useMutation({
    mutationFn: (values: BotSettingsValues) => dataOf(api.PUT('/api/admin/bot-settings', { body: values })),
    onSuccess: (saved) => queryClient.setQueryData(adminBotSettingsQuery().queryKey, saved),
  })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BotSettingsValues>({
    resolver: zodResolver(botSettingsSchema),
    values: data ? toBotSettingsValues(data) : undefined,
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
      void refresh()
      toast({ title: t('adminBots.toast.settingsSaved') })
    } catch (cause) {
      applyServerFieldErrors(cause, setError, FIELDS)
      toast({ title: t('common.error'), description: messageOf(cause, t('adminBots.toast.settingsFailed')), variant: 'destructive' })
    }
  })

  const number = (name: 'minDelay' | 'maxDelay' | 'activeBots', min: number, max: number) => {
    const id = `bot-${name}`
    const message = errors[name]?.message
    return (
      <FormField id={id} label={t(`adminBots.settings.${name}`)} error={message}>
        <input id={id} type="number" min={min} max={max} step={1} className="input" {...describedBy(id, message)} {...register(name, { valueAsNumber: true })} />
      </FormField>
    )
  }

  return (
    <section className="card" data-testid="bot-settings">
      <h2 className="card-title"><Settings aria-hidden="true" /> {t('adminBots.settings.title')}</h2>
      {isPending && <Spinner />}
      {isError && <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>}
      {data && (
        <form onSubmit={onSubmit} noValidate className="form">
          <label className="check-row">
            <input type="checkbox" className="switch" {...register('enabled')} data-testid="bot-enabled" />
            <span>{t('adminBots.settings.enabled')}</span>
          </label>
          <div className="form-row">
            {number('minDelay', DELAY_MIN, DELAY_MAX)}
            {number('maxDelay', DELAY_MIN, DELAY_MAX)}
          </div>
          {number('activeBots', 0, ACTIVE_BOTS_MAX)}
          <p className="muted small">{t('adminBots.settings.hint')}</p>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="bot-settings-save">
            {isSubmitting ? t('common.saving') : t('common.save')}
          </button>
        </form>
      )}
    </section>
  )
}
