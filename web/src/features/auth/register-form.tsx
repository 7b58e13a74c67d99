import { Gift } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { AvailabilityNote } from '../../components/availability-note'
import { FormField, describedBy } from '../../components/form-field'
import { messageOf } from '../../lib/api'
import { applyServerFieldErrors, formLevelError } from '../../lib/forms'
import { startOnboardingAtom } from '../../lib/onboarding'
import { registerAtom } from '../../lib/session'
import { settingsAtom } from '../../lib/settings'
import { useToast } from '../../lib/toast'
import { useAvailability } from '../../lib/use-availability'
import { USERNAME_MIN, registerSchema, registrationPayload } from './auth-schemas'
import type { RegisterValues } from './auth-schemas'
import './auth.css'

const FIELDS = ['username', 'email', 'password'] as const

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation()
  const registerUser = useSetAtom(registerAtom)
  const startOnboarding = useSetAtom(startOnboardingAtom)
  const settings = useAtomValue(settingsAtom)
  const { toast } = useToast()
  const [serverError, setServerError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  })

  const username = useWatch({ control, name: 'username' }).trim()
  const email = useWatch({ control, name: 'email' }).trim()
  const usernameCheck = useAvailability('username', username, username.length >= USERNAME_MIN, t('auth.checkFailed'))
  const emailCheck = useAvailability('email', email, email.length >= USERNAME_MIN, t('auth.checkFailed'))

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null)
    try {
      // The welcome window says the account is made and where the free bids stand: no toast over it.
      const { user } = await registerUser(registrationPayload(values))
      startOnboarding(user.username)
      onSuccess()
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS)
      setServerError(formLevelError(error))
      toast({ title: t('auth.registerError'), description: messageOf(error, t('auth.registerErrorDefault')), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="register-form">
      <p className="gift-note" data-testid="register-gift"><Gift aria-hidden="true" /> {t(settings.phoneRequired === false ? 'auth.registerGift' : 'auth.registerGiftPhone')}</p>
      <FormField id="register-username" label={t('auth.username')} error={errors.username?.message} required>
        <input
          id="register-username"
          className="input"
          autoComplete="username"
          placeholder={t('auth.usernamePlaceholder')}
          {...describedBy('register-username', errors.username?.message)}
          {...register('username')}
        />
        <AvailabilityNote state={usernameCheck} testId="username-availability" />
      </FormField>
      <FormField id="register-email" label={t('auth.email')} error={errors.email?.message} required>
        <input
          id="register-email"
          type="email"
          className="input"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          {...describedBy('register-email', errors.email?.message)}
          {...register('email')}
        />
        <AvailabilityNote state={emailCheck} testId="email-availability" />
      </FormField>
      <FormField id="register-password" label={t('auth.password')} error={errors.password?.message} required>
        <input
          id="register-password"
          type="password"
          className="input"
          autoComplete="new-password"
          placeholder={t('auth.passwordPlaceholder')}
          {...describedBy('register-password', errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <FormField id="register-confirm" label={t('auth.confirmPassword')} error={errors.confirmPassword?.message} required>
        <input
          id="register-confirm"
          type="password"
          className="input"
          autoComplete="new-password"
          placeholder={t('auth.confirmPlaceholder')}
          {...describedBy('register-confirm', errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
      </FormField>
      {serverError && (
        <p className="field-error" role="alert" data-testid="register-error">
          {serverError}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting} data-testid="register-submit">
        {isSubmitting ? t('auth.submittingRegister') : t('auth.submitRegister')}
      </button>
    </form>
  )
}
