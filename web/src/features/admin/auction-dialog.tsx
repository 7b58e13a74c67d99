//! The create and edit auction dialogs. A successful save closes the dialog (the form starts
//! empty next time); a form missing a required field says so in a toast ('Ошибка валидации' /
//! 'Заполните все обязательные поля') and under each field. Only an upcoming auction's details can
//! change, and saving them asks for a confirmation first (spec section 5); the edit dialog of a
//! live one shows them read-only and manages its bots. The create dialog picks the house bots
//! with the reserve: a reserve needs one.
import * as Dialog from '@radix-ui/react-dialog'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { DialogFrame } from '../../components/dialog-frame'
import { FormField, describedBy } from '../../components/form-field'
import { Select } from '../../components/select'
import { api, dataOf, messageOf } from '../../lib/api'
import type { Auction } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { adminBotsQuery, queryKeys } from '../../lib/queries'
import { auctionSavedAtom } from '../../lib/realtime'
import { useToast } from '../../lib/toast'
import { useAdminRefresh } from '../../lib/use-admin-refresh'
import { AUCTION_FIELDS, EMPTY_AUCTION, OPENINGS, auctionPayload, auctionSchema, missesRequired, toAuctionValues } from './auction-schema'
import type { AuctionValues } from './auction-schema'
import { ImageUpload } from './image-upload'
import '../../components/dialog-frame.css'

type Target = { mode: 'create' } | { mode: 'edit'; auction: Auction }

interface Props {
  target: Target | null
  onClose: () => void
  /** Extra content under the form of the edit dialog (the auction's bots). */
  children?: ReactNode
}

export function AuctionDialog({ target, onClose, children }: Props) {
  const { t } = useTranslation()
  const editing = target?.mode === 'edit'
  return (
    <DialogFrame
      open={target !== null}
      onClose={onClose}
      title={editing ? t('admin.form.editTitle') : t('admin.form.createTitle')}
      description={editing ? target.auction.title : t('admin.form.createText')}
      testId={editing ? 'auction-edit-dialog' : 'auction-create-dialog'}
      wide
    >
      {target && <AuctionForm key={target.mode === 'edit' ? target.auction.id : 'new'} target={target} onSaved={onClose} />}
      {children}
    </DialogFrame>
  )
}

function AuctionForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const saved = useSetAtom(auctionSavedAtom)
  const refresh = useAdminRefresh()
  const { confirm, dialog: confirmDialog } = useConfirm()
  const auction = target.mode === 'edit' ? target.auction : null
  const readOnly = auction !== null && auction.status !== 'upcoming'
  const save = useMutation({
    mutationFn: (values: AuctionValues) => {
      const body = auctionPayload(values)
      if (auction) return dataOf(api.PUT('/api/admin/auctions/{id}', { params: { path: { id: auction.id } }, body }))
      return dataOf(api.POST('/api/admin/auctions', { body }))
    },
    onSuccess: (answer) => {
      saved(answer)
      void refresh([queryKeys.adminBots])
    },
  })
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<AuctionValues>({
    resolver: zodResolver(auctionSchema),
    defaultValues: auction ? toAuctionValues(auction) : EMPTY_AUCTION,
  })
  const isBidPackage = useWatch({ control, name: 'isBidPackage' })
  const imageUrl = useWatch({ control, name: 'imageUrl' })
  // The opening countdowns offered, plus an edited auction's own if it is not one of them.
  const openingLabel = (secs: string) => {
    const n = Number(secs)
    if (!secs) return t('admin.form.openingDefault')
    if (n % 3600 === 0) return t('admin.form.openingHours', { count: n / 3600 })
    if (n % 60 === 0) return t('admin.form.openingMinutes', { count: n / 60 })
    return t('admin.form.openingSeconds', { count: n })
  }
  const own = auction?.openingSecs == null ? [] : [String(auction.openingSecs)]
  const openings = [...new Set([...OPENINGS, ...own])].map((secs) => ({ value: secs || 'default', label: openingLabel(secs) }))

  const onSubmit = handleSubmit(
    async (values) => {
      if (auction && !(await confirm({ title: t('admin.confirm.save', { title: auction.title }), confirmLabel: t('common.save') }))) return
      try {
        await save.mutateAsync(values)
        toast({ title: auction ? t('admin.toast.updated') : t('admin.toast.created'), description: values.title.trim() })
        onSaved()
      } catch (cause) {
        applyServerFieldErrors(cause, setError, AUCTION_FIELDS)
        toast({ title: t('common.error'), description: messageOf(cause, t('admin.toast.saveFailed')), variant: 'destructive' })
      }
    },
    (invalid) => {
      if (missesRequired(invalid)) {
        toast({ title: t('admin.toast.validation'), description: t('validation.fillRequired'), variant: 'destructive' })
      }
    },
  )

  const field = (
    name: Exclude<keyof AuctionValues, 'isBidPackage' | 'beginner' | 'winLimited' | 'openingSecs'>,
    options: { type?: string; step?: number; required?: boolean; multiline?: boolean; inputMode?: 'decimal' | 'numeric'; suggestions?: string[] } = {},
  ) => {
    const id = `auction-${name}`
    const message = errors[name]?.message
    const props = { id, className: 'input', disabled: readOnly, ...describedBy(id, message), ...register(name) }
    const list = options.suggestions ? `${id}-list` : undefined
    return (
      <FormField id={id} label={t(`admin.form.${name}`)} error={message} required={options.required}>
        {options.multiline ? <textarea rows={3} {...props} /> : <input type={options.type ?? 'text'} step={options.step} inputMode={options.inputMode} list={list} {...props} />}
        {list && (
          <datalist id={list} data-testid={list}>
            {options.suggestions?.map((value) => <option key={value} value={value} />)}
          </datalist>
        )}
      </FormField>
    )
  }
  // The catalogue's categories and conditions, in the admin's language: one of them reads in each
  // reader's language on the auction page (lib/catalogue.ts); anything else reads as typed.
  const named = (section: string) => Object.values(t(section, { returnObjects: true, defaultValue: {} }) as Record<string, string>)

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="auction-form">
      {readOnly && <p className="notice">{t('admin.form.readOnly')}</p>}
      {field('title', { required: true })}
      {field('description', { multiline: true })}
      {field('imageUrl')}
      <ImageUpload url={imageUrl} onUploaded={(url) => setValue('imageUrl', url, { shouldValidate: true, shouldDirty: true })} disabled={readOnly} />
      <div className="form-row">
        {field('retailPrice', { required: true, inputMode: 'decimal' })}
        {field('startTime', { required: true, type: 'datetime-local', step: 1 })}
      </div>
      <FormField id="auction-openingSecs" label={t('admin.form.openingSecs')} error={errors.openingSecs?.message}>
        <Controller
          control={control}
          name="openingSecs"
          render={({ field: opening }) => (
            <Select
              id="auction-openingSecs"
              value={opening.value || 'default'}
              onChange={(value) => opening.onChange(value === 'default' ? '' : value)}
              options={openings}
              testId="auction-openingSecs"
              disabled={readOnly}
            />
          )}
        />
      </FormField>
      <label className="check-row">
        <input type="checkbox" className="switch" disabled={readOnly} {...register('isBidPackage')} data-testid="auction-isBidPackage" />
        <span>{t('admin.form.isBidPackage')}</span>
      </label>
      {isBidPackage && field('bidPackageBids', { inputMode: 'numeric' })}
      <div className="form-row">
        {field('category', { suggestions: named('catalogue.categories') })}
        {field('condition', { suggestions: named('catalogue.conditions') })}
      </div>
      {field('estimatedValue', { inputMode: 'decimal' })}
      <fieldset className="fieldset" data-testid="auction-fair">
        <legend className="field-label">{t('admin.form.fairTitle')}</legend>
        <label className="check-row">
          <input type="checkbox" className="switch" disabled={readOnly} {...register('beginner')} data-testid="auction-beginner" />
          <span>{t('admin.form.beginner')}</span>
        </label>
        <label className="check-row">
          <input type="checkbox" className="switch" disabled={readOnly} {...register('winLimited')} data-testid="auction-winLimited" />
          <span>{t('admin.form.winLimited')}</span>
        </label>
        <div className="form-row">
          {field('noNewPrice', { inputMode: 'decimal' })}
          {field('noNewAt', { type: 'datetime-local', step: 1 })}
        </div>
        {field('buyNowStock', { inputMode: 'numeric' })}
        {field('houseReserve', { inputMode: 'numeric' })}
        {!auction && <HouseBots control={control} onChanged={() => errors.houseReserve && void trigger('houseReserve')} />}
      </fieldset>
      {!readOnly && (
        <div className="dialog-actions">
          <Dialog.Close type="button" className="btn btn-outline">
            {t('common.cancel')}
          </Dialog.Close>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="auction-save">
            {isSubmitting ? t('common.saving') : auction ? t('common.save') : t('admin.form.create')}
          </button>
        </div>
      )}
      {confirmDialog}
    </form>
  )
}

/** The create form's house bots: every bot that is turned on, as checkboxes. */
function HouseBots({ control, onChanged }: { control: Control<AuctionValues>; onChanged: () => void }) {
  const { t } = useTranslation()
  const bots = useQuery(adminBotsQuery())
  const active = (bots.data ?? []).filter((bot) => bot.isActive)
  return (
    <Controller
      control={control}
      name="botIds"
      render={({ field }) => {
        const chosen = new Set(field.value ?? [])
        const toggle = (id: string, on: boolean) => {
          const next = new Set(chosen)
          if (on) next.add(id)
          else next.delete(id)
          field.onChange([...next])
          // A reserve refused for want of a bot is checked again at once.
          onChanged()
        }
        return (
          <div className="form-field" role="group" aria-labelledby="auction-botIds-label" data-testid="auction-botIds">
            <span id="auction-botIds-label" className="field-label">{t('admin.form.botIds')}</span>
            {bots.isSuccess && active.length === 0 && <p className="muted small">{t('admin.form.noActiveBots')}</p>}
            <div className="house-bots">
              {active.map((bot) => (
                <label key={bot.id} className="check-row">
                  <input type="checkbox" checked={chosen.has(String(bot.id))} onChange={(event) => toggle(String(bot.id), event.target.checked)} data-testid={`auction-bot-${bot.id}`} />
                  <span>
                    {bot.firstName} {bot.lastName} <span className="muted">@{bot.username}</span>
                  </span>
                </label>
              ))}
            </div>
            <p className="muted small">{t('admin.form.botIdsHint')}</p>
          </div>
        )
      }}
    />
  )
}
