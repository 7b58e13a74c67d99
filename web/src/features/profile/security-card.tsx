//! The profile's security card (docs/rules/sessions.md, "Sessions"): change the password (the other
//! browsers are logged out, this one stays), and log out everywhere after a confirmation.
import { Lock } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '../../components/confirm-dialog'
import { FormField, describedBy, useMessage } from '../../components/form-field'
import { applyServerFieldErrors } from '../../lib/forms'
import { changePasswordAtom, useLogoutEverywhere } from '../../lib/profile-actions'
import { useToast } from '../../lib/toast'
import './security-card.css'
import { passwordErrorMessage, passwordPayload, passwordSchema } from './password-schema'
import type { PasswordValues } from './password-schema'

const FIELDS = ['currentPassword', 'newPassword'] as const
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' }

function PasswordForm() {
  const { t } = useTranslation()
  const message = useMessage()
  const changePassword = useSetAtom(changePasswordAtom)
  const { toast } = useToast()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY })

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword(passwordPayload(values))
      reset(EMPTY)
      toast({ title: t('profile.passwordChanged'), description: t('profile.passwordChangedText') })
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS)
      toast({ title: t('common.error'), description: message(passwordErrorMessage(error)), variant: 'destructive' })
    }
  })

  const err = (field: keyof PasswordValues) => errors[field]?.message
  const input = (id: string, field: keyof PasswordValues, autoComplete: string) => (
    <input
      id={id}
      type="password"
      className="input"
      autoComplete={autoComplete}
      {...describedBy(id, err(field))}
      {...register(field)}
    />
  )

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="password-form">
      <FormField id="pw-current" label={t('profile.currentPassword')} error={err('currentPassword')} required>
        {input('pw-current', 'currentPassword', 'current-password')}
      </FormField>
      <div className="form-row">
        <FormField id="pw-new" label={t('profile.newPassword')} error={err('newPassword')} required>
          {input('pw-new', 'newPassword', 'new-password')}
        </FormField>
        <FormField id="pw-confirm" label={t('profile.confirmPassword')} error={err('confirmPassword')} required>
          {input('pw-confirm', 'confirmPassword', 'new-password')}
        </FormField>
      </div>
      <p className="muted small">{t('profile.passwordHint')}</p>
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="password-save">
          {isSubmitting ? t('common.saving') : t('profile.changePassword')}
        </button>
      </div>
    </form>
  )
}

function LogoutEverywhere() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const { confirm, dialog } = useConfirm()
  const logoutEverywhere = useLogoutEverywhere()
  const [busy, setBusy] = useState(false)

  const onClick = async () => {
    const confirmed = await confirm({
      title: t('profile.logoutEverywhereConfirm'),
      description: t('profile.logoutEverywhereText'),
      confirmLabel: t('profile.logoutEverywhere'),
      destructive: true,
    })
    if (!confirmed) return
    setBusy(true)
    try {
      await logoutEverywhere()
    } catch {
      toast({ title: t('common.error'), description: t('profile.logoutEverywhereFailed'), variant: 'destructive' })
      setBusy(false)
    }
  }

  return (
    <div className="security-logout">
      <p className="muted small">{t('profile.logoutEverywhereText')}</p>
      <button type="button" className="btn btn-outline btn-block" onClick={() => void onClick()} disabled={busy} data-testid="logout-everywhere">
        {t('profile.logoutEverywhere')}
      </button>
      {dialog}
    </div>
  )
}

export function SecurityCard() {
  const { t } = useTranslation()
  return (
    <section className="card" data-testid="security-card">
      <h2 className="card-title"><Lock aria-hidden="true" /> {t('profile.securityTitle')}</h2>
      <PasswordForm />
      <LogoutEverywhere />
    </section>
  )
}
