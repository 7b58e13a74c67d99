//! The profile's spend-limits card (issue 13, part 4): the user's own limits on bids spent per
//! rolling day, week and month and on som spent on bid packages per rolling month, what is left of
//! each, and a pause of 24 hours, 7 days or 30 days. A stricter setting holds at once, a looser one
//! 24 hours later (shown as waiting, and can be called off). The server enforces them on every bid,
//! pre-bid, auto-bid and package order (`limit_reached`, `paused`; docs/rules/limits.md,
//! "Spend limits and a pause").
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Gauge } from 'lucide-react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { FormField, describedBy } from '../../components/form-field'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Limits, LimitsChange } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { applyServerFieldErrors } from '../../lib/forms'
import { useMoney } from '../../lib/money'
import { queryKeys, userLimitsQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { LIMIT_FIELDS, limitsDefaults, limitsPayload, limitsSchema } from './limits-schema'
import type { CurrentLimits, LimitField, LimitsValues } from './limits-schema'
import './limits-card.css'

type Body = LimitsChange
type Pause = '24h' | '7d' | '30d'
const PAUSES: readonly Pause[] = ['24h', '7d', '30d']

function current(limits: Limits): CurrentLimits {
  return {
    dailyBids: limits.dailyBids,
    weeklyBids: limits.weeklyBids,
    monthlyBids: limits.monthlyBids,
    monthlySpend: limits.monthlySpend,
  }
}

function useSaveLimits() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: Body) => dataOf(api.PUT('/api/users/limits', { body })),
    onSuccess: (answer) => client.setQueryData(queryKeys.userLimits, answer),
  })
}

export function LimitsCard() {
  const { t } = useTranslation()
  const limits = useQuery(userLimitsQuery())
  return (
    <section className="card limits-card" aria-labelledby="limits-title" data-testid="limits-card">
      <h2 className="card-title" id="limits-title">
        <Gauge aria-hidden="true" /> {t('limits.title')}
      </h2>
      <p className="muted small">{t('limits.intro')}</p>
      {limits.isPending && <Spinner />}
      {limits.isError && <p className="field-error">{messageOf(limits.error, t('limits.failed'))}</p>}
      {limits.data && (
        <>
          <PauseSection limits={limits.data} />
          <LimitsForm limits={limits.data} />
        </>
      )}
    </section>
  )
}

function PauseSection({ limits }: { limits: Limits }) {
  const { t, i18n } = useTranslation()
  const { toast } = useToast()
  const { confirm, dialog } = useConfirm()
  const save = useSaveLimits()
  const when = (at: string) => formatDateTime(at, i18n.language)

  const ask = async (body: Body, success: string) => {
    try {
      await save.mutateAsync(body)
      toast({ title: success })
    } catch (cause) {
      toast({ title: t('common.error'), description: messageOf(cause, t('limits.failed')), variant: 'destructive' })
    }
  }

  const pause = async (period: Pause) => {
    const label = t(`limits.pause.${period}`)
    const ok = await confirm({
      title: t('limits.pauseConfirm', { period: label }),
      description: t('limits.pauseConfirmText'),
      confirmLabel: t('limits.pauseStart'),
      destructive: true,
    })
    if (ok) await ask({ pause: period }, t('limits.pauseSaved'))
  }

  const ending = limits.waiting.pausedUntil
  return (
    <div className="limits-pause" data-testid="limits-pause">
      <h3 className="limits-subtitle">{t('limits.pauseTitle')}</h3>
      {limits.pausedUntil ? (
        <>
          <p className="limits-paused" role="status" data-testid="limits-paused">
            {t('limits.pausedUntil', { date: when(limits.pausedUntil) })}
          </p>
          {ending ? (
            <p className="muted small" data-testid="limits-pause-ending">
              {t('limits.pauseEnding', { date: when(ending.at) })}
            </p>
          ) : (
            <button type="button" className="btn btn-outline btn-small" disabled={save.isPending} onClick={() => void ask({ pause: 'end' }, t('limits.pauseEndAsked'))} data-testid="limits-pause-end">
              {t('limits.pauseEnd')}
            </button>
          )}
        </>
      ) : (
        <>
          <p className="muted small">{t('limits.pauseIntro')}</p>
          <div className="limits-actions">
            {PAUSES.map((period) => (
              <button key={period} type="button" className="btn btn-outline btn-small" disabled={save.isPending} onClick={() => void pause(period)} data-testid={`limits-pause-${period}`}>
                {t(`limits.pause.${period}`)}
              </button>
            ))}
          </div>
        </>
      )}
      {dialog}
    </div>
  )
}

function LimitsForm({ limits }: { limits: Limits }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const save = useSaveLimits()
  const now = current(limits)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LimitsValues>({ resolver: zodResolver(limitsSchema), defaultValues: limitsDefaults(now) })

  // After a save (or a refetch) the form shows the limits in force.
  const shown = JSON.stringify(now)
  useEffect(() => reset(limitsDefaults(JSON.parse(shown) as CurrentLimits)), [shown, reset])

  const onSubmit = handleSubmit(async (values) => {
    const body = limitsPayload(values, now)
    if (Object.keys(body).length === 0) return
    try {
      const answer = await save.mutateAsync(body)
      // The fields show the limits in force: a looser one waits below its field.
      reset(limitsDefaults(current(answer)))
      const waits = LIMIT_FIELDS.some((f) => f in body && answer.waiting[f] !== null)
      toast({ title: t('limits.saved'), description: waits ? t('limits.savedWaiting') : undefined })
    } catch (cause) {
      applyServerFieldErrors(cause, setError, LIMIT_FIELDS)
      toast({ title: t('common.error'), description: messageOf(cause, t('limits.failed')), variant: 'destructive' })
    }
  })

  const keep = async (field: LimitField) => {
    try {
      await save.mutateAsync({ [field]: now[field] })
      toast({ title: t('limits.kept') })
    } catch (cause) {
      toast({ title: t('common.error'), description: messageOf(cause, t('limits.failed')), variant: 'destructive' })
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="form limits-form" data-testid="limits-form">
      <h3 className="limits-subtitle">{t('limits.formTitle')}</h3>
      <p className="muted small">{t('limits.windows')}</p>
      <div className="limits-fields">
        {LIMIT_FIELDS.map((field) => (
          <LimitInput key={field} field={field} limits={limits} register={register} error={errors[field]?.message} busy={save.isPending} onKeep={() => void keep(field)} />
        ))}
      </div>
      <div className="limits-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={isSubmitting} data-testid="limits-save">
          {isSubmitting ? t('common.saving') : t('limits.save')}
        </button>
      </div>
    </form>
  )
}

interface LimitInputProps {
  field: LimitField
  limits: Limits
  register: UseFormRegister<LimitsValues>
  error: string | undefined
  /** A change is being saved: keeping a limit waits for it. */
  busy: boolean
  /** Calls off the looser value waiting for this limit. */
  onKeep: () => void
}

/** One limit: its field, what is left of it, and a looser value waiting its 24 hours (which can be
 * called off). */
function LimitInput({ field, limits, register, error, busy, onKeep }: LimitInputProps) {
  const { t, i18n } = useTranslation()
  const { currency, money } = useMoney()
  const amount = (value: number | null) => (value === null ? t('limits.none') : field === 'monthlySpend' ? money(value) : String(value))
  const id = `limits-${field}`
  const left = limits.left[field]
  const waiting = limits.waiting[field]
  const label = field === 'monthlySpend' ? t('limits.monthlySpend', { symbol: currency }) : t(`limits.${field}`)
  return (
    <div className="limits-field" data-testid={id}>
      <FormField id={id} label={label} error={error} hint={t('limits.emptyHint')}>
        <input id={id} className="input" inputMode={field === 'monthlySpend' ? 'decimal' : 'numeric'} autoComplete="off" {...describedBy(id, error, true)} {...register(field)} data-testid={`${id}-input`} />
      </FormField>
      {left !== null && (
        <p className="limits-left small" data-testid={`${id}-left`}>
          {t('limits.left', { left: amount(left) })}
        </p>
      )}
      {waiting && (
        <p className="limits-waiting small" data-testid={`${id}-waiting`}>
          {t('limits.waiting', { date: formatDateTime(waiting.at, i18n.language), value: amount(waiting.value) })}{' '}
          <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={onKeep} data-testid={`${id}-keep`}>
            {t('limits.keep')}
          </button>
        </p>
      )}
    </div>
  )
}
