import { Gift } from 'lucide-react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useAtomValue, useSetAtom } from 'jotai'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { FieldErrors, UseFormRegister } from 'react-hook-form'
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

  const form = { register, errors }

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
      <RegisterInput form={form} name="username" id="register-username" autoComplete="username" label={t('auth.username')} placeholder={t('auth.usernamePlaceholder')}>
        <AvailabilityNote state={usernameCheck} testId="username-availability" />
      </RegisterInput>
      <RegisterInput form={form} name="email" id="register-email" type="email" autoComplete="email" label={t('auth.email')} placeholder={t('auth.emailPlaceholder')}>
        <AvailabilityNote state={emailCheck} testId="email-availability" />
      </RegisterInput>
      <RegisterInput form={form} name="password" id="register-password" type="password" autoComplete="new-password" label={t('auth.password')} placeholder={t('auth.passwordPlaceholder')} />
      <RegisterInput form={form} name="confirmPassword" id="register-confirm" type="password" autoComplete="new-password" label={t('auth.confirmPassword')} placeholder={t('auth.confirmPlaceholder')} />
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

interface InputProps {
  form: { register: UseFormRegister<RegisterValues>; errors: FieldErrors<RegisterValues> }
  name: keyof RegisterValues
  id: string
  type?: 'email' | 'password'
  autoComplete: string
  label: string
  placeholder: string
  /** What shows under the input (whether the name or address is free). */
  children?: ReactNode
}

/** One required field of the form, labelled, with its error. */
function RegisterInput({ form: { register, errors }, name, id, type, autoComplete, label, placeholder, children }: InputProps) {
  const message = errors[name]?.message
  return (
    <FormField id={id} label={label} error={message} required>
      <input id={id} type={type} className="input" autoComplete={autoComplete} placeholder={placeholder} {...describedBy(id, message)} {...register(name)} />
      {children}
    </FormField>
  )
}
