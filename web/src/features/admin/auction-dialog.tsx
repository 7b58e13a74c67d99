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
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form'
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

/** The text fields' names (the checkboxes and the opening select are drawn apart). */
type TextFieldName = Exclude<keyof AuctionValues, 'isBidPackage' | 'beginner' | 'winLimited' | 'openingSecs'>

/** What every field of the form needs: react-hook-form's register and errors, and whether the
 * auction can still change. */
interface FormParts {
  register: UseFormRegister<AuctionValues>
  errors: FieldErrors<AuctionValues>
  readOnly: boolean
}

/** Creates the auction, or saves an upcoming one's details; every view shows the answer at once. */
function useSaveAuction(auction: Auction | null) {
  const saved = useSetAtom(auctionSavedAtom)
  const refresh = useAdminRefresh()
  return useMutation({
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
}

function AuctionForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const { confirm, dialog: confirmDialog } = useConfirm()
  const auction = target.mode === 'edit' ? target.auction : null
  const readOnly = auction !== null && auction.status !== 'upcoming'
  const save = useSaveAuction(auction)
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

  const form: FormParts = { register, errors, readOnly }
  // The catalogue's categories and conditions, in the admin's language: one of them reads in each
  // reader's language on the auction page (lib/catalogue.ts); anything else reads as typed.
  const named = (section: string) => Object.values(t(section, { returnObjects: true, defaultValue: {} }) as Record<string, string>)

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="auction-form">
      {readOnly && <p className="notice">{t('admin.form.readOnly')}</p>}
      <AuctionField form={form} name="title" required />
      <AuctionField form={form} name="description" multiline />
      <AuctionField form={form} name="imageUrl" />
      <ImageUpload url={imageUrl} onUploaded={(url) => setValue('imageUrl', url, { shouldValidate: true, shouldDirty: true })} disabled={readOnly} />
      <div className="form-row">
        <AuctionField form={form} name="retailPrice" required inputMode="decimal" />
        <AuctionField form={form} name="startTime" required type="datetime-local" step={1} />
      </div>
      <OpeningField control={control} error={errors.openingSecs?.message} own={auction?.openingSecs} disabled={readOnly} />
      <label className="check-row">
        <input type="checkbox" className="switch" disabled={readOnly} {...register('isBidPackage')} data-testid="auction-isBidPackage" />
        <span>{t('admin.form.isBidPackage')}</span>
      </label>
      {isBidPackage && <AuctionField form={form} name="bidPackageBids" inputMode="numeric" />}
      <div className="form-row">
        <AuctionField form={form} name="category" suggestions={named('catalogue.categories')} />
        <AuctionField form={form} name="condition" suggestions={named('catalogue.conditions')} />
      </div>
      <AuctionField form={form} name="estimatedValue" inputMode="decimal" />
      <FairPlayFields form={form}>
        {!auction && <HouseBots control={control} onChanged={() => errors.houseReserve && void trigger('houseReserve')} />}
      </FairPlayFields>
      {!readOnly && <FormActions creating={!auction} saving={isSubmitting} />}
      {confirmDialog}
    </form>
  )
}

/** Cancel, and Save (Create for a new auction). */
function FormActions({ creating, saving }: { creating: boolean; saving: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="dialog-actions">
      <Dialog.Close type="button" className="btn btn-outline">
        {t('common.cancel')}
      </Dialog.Close>
      <button type="submit" className="btn btn-primary" disabled={saving} data-testid="auction-save">
        {saving ? t('common.saving') : creating ? t('admin.form.create') : t('common.save')}
      </button>
    </div>
  )
}

interface AuctionFieldProps {
  form: FormParts
  name: TextFieldName
  type?: string
  step?: number
  required?: boolean
  multiline?: boolean
  inputMode?: 'decimal' | 'numeric'
  /** Values offered as the admin types (a datalist); anything else may be typed too. */
  suggestions?: string[]
}

/** One text field of the form, labelled, with its error. */
function AuctionField({ form: { register, errors, readOnly }, name, type, step, required, multiline, inputMode, suggestions }: AuctionFieldProps) {
  const { t } = useTranslation()
  const id = `auction-${name}`
  const message = errors[name]?.message
  const props = { id, className: 'input', disabled: readOnly, ...describedBy(id, message), ...register(name) }
  const list = suggestions ? `${id}-list` : undefined
  return (
    <FormField id={id} label={t(`admin.form.${name}`)} error={message} required={required}>
      {multiline ? <textarea rows={3} {...props} /> : <input type={type ?? 'text'} step={step} inputMode={inputMode} list={list} {...props} />}
      {list && (
        <datalist id={list} data-testid={list}>
          {suggestions?.map((value) => <option key={value} value={value} />)}
        </datalist>
      )}
    </FormField>
  )
}

interface OpeningFieldProps {
  control: Control<AuctionValues>
  error: string | undefined
  /** An edited auction's own opening countdown (seconds), offered even if it is not a usual one. */
  own: number | null | undefined
  disabled: boolean
}

/** The opening countdown: the default, or one of the usual ones. */
function OpeningField({ control, error, own, disabled }: OpeningFieldProps) {
  const { t } = useTranslation()
  // The opening countdowns offered, plus an edited auction's own if it is not one of them.
  const openingLabel = (secs: string) => {
    const n = Number(secs)
    if (!secs) return t('admin.form.openingDefault')
    if (n % 3600 === 0) return t('admin.form.openingHours', { count: n / 3600 })
    if (n % 60 === 0) return t('admin.form.openingMinutes', { count: n / 60 })
    return t('admin.form.openingSeconds', { count: n })
  }
  const owns = own == null ? [] : [String(own)]
  const openings = [...new Set([...OPENINGS, ...owns])].map((secs) => ({ value: secs || 'default', label: openingLabel(secs) }))
  return (
    <FormField id="auction-openingSecs" label={t('admin.form.openingSecs')} error={error}>
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
            disabled={disabled}
          />
        )}
      />
    </FormField>
  )
}

/** The fair-play rules: for beginners only, the win limit, no new bidders from a price or a moment,
 * the Buy It Now stock and the house reserve (`children`: the house bots, when creating). */
function FairPlayFields({ form, children }: { form: FormParts; children: ReactNode }) {
  const { t } = useTranslation()
  const { register, readOnly } = form
  return (
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
        <AuctionField form={form} name="noNewPrice" inputMode="decimal" />
        <AuctionField form={form} name="noNewAt" type="datetime-local" step={1} />
      </div>
      <AuctionField form={form} name="buyNowStock" inputMode="numeric" />
      <AuctionField form={form} name="houseReserve" inputMode="numeric" />
      {children}
    </fieldset>
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
