//! Editing a user: names, contacts, role and the bid balance. A balance change is written to the
//! ledger as an admin adjustment (the note under the field says by how much) and reaches the user's
//! header at once over the socket.
import * as Dialog from '@radix-ui/react-dialog'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../components/dialog-frame'
import { FormField, describedBy } from '../../components/form-field'
import { Select } from '../../components/select'
import { api, dataOf, messageOf } from '../../lib/api'
import type { User } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { USER_FIELDS, balanceDelta, toUserValues, userPayload, userSchema } from './user-schema'
import type { UserValues } from './user-schema'
import '../../components/dialog-frame.css'

export function UserEditDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <DialogFrame open={user !== null} onClose={onClose} title={t('adminUsers.edit.title')} description={user?.username} testId="user-edit-dialog">
      {user && <UserForm key={user.id} user={user} onSaved={onClose} />}
    </DialogFrame>
  )
}

/** Saves the user's changes; the admin's lists are read again. */
function useSaveUser(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: UserValues) => dataOf(api.PATCH('/api/admin/users/{id}', { params: { path: { id } }, body: userPayload(values) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  })
}

function UserForm({ user, onSaved }: { user: User; onSaved: () => void }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const save = useSaveUser(user.id)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserValues>({ resolver: zodResolver(userSchema), defaultValues: toUserValues(user) })
  const delta = balanceDelta(user, useWatch({ control, name: 'bidBalance' }))

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values)
      toast({ title: t('adminUsers.toast.updated'), description: saved.username })
      onSaved()
    } catch (cause) {
      applyServerFieldErrors(cause, setError, USER_FIELDS)
      toast({ title: t('common.error'), description: messageOf(cause, t('adminUsers.toast.updateFailed')), variant: 'destructive' })
    }
  })

  const text = (name: Exclude<keyof UserValues, 'role'>, type = 'text', required = false) => {
    const id = `user-${name}`
    const message = errors[name]?.message
    return (
      <FormField id={id} label={t(`adminUsers.edit.${name}`)} error={message} required={required}>
        <input id={id} type={type} className="input" {...describedBy(id, message)} {...register(name)} />
      </FormField>
    )
  }
  const roles = [
    { value: 'user', label: t('admin.roleUser') },
    { value: 'admin', label: t('admin.roleAdmin') },
  ]

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="user-form">
      {text('username', 'text', true)}
      <div className="form-row">
        {text('firstName')}
        {text('lastName')}
      </div>
      <div className="form-row">
        {text('email', 'email')}
        {text('phone', 'tel')}
      </div>
      <div className="form-row">
        <BalanceField register={register} error={errors.bidBalance?.message} delta={delta} />
        <FormField id="user-role" label={t('adminUsers.edit.role')} error={errors.role?.message}>
          <Controller
            control={control}
            name="role"
            render={({ field }) => <Select id="user-role" value={field.value} onChange={field.onChange} options={roles} testId="user-role" />}
          />
        </FormField>
      </div>
      <div className="dialog-actions">
        <Dialog.Close type="button" className="btn btn-outline">
          {t('common.cancel')}
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="user-save">
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  )
}

/** The bid balance, with the note that a change goes to the ledger (and by how much: `delta`). */
function BalanceField({ register, error, delta }: { register: UseFormRegister<UserValues>; error: string | undefined; delta: number }) {
  const { t } = useTranslation()
  return (
    <FormField
      id="user-bidBalance"
      label={t('adminUsers.edit.bidBalance')}
      error={error}
      hint={
        <span data-testid="balance-note">
          {t('adminUsers.edit.ledgerNote')}
          {delta !== 0 && ` ${t('adminUsers.edit.ledgerDelta', { delta: delta > 0 ? `+${delta}` : String(delta) })}`}
        </span>
      }
    >
      <input
        id="user-bidBalance"
        inputMode="numeric"
        className="input"
        {...describedBy('user-bidBalance', error, true)}
        {...register('bidBalance')}
      />
    </FormField>
  )
}
