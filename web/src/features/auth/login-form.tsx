import { zodResolver } from '@hookform/resolvers/zod'
import { useSetAtom } from 'jotai'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField, describedBy } from '../../components/form-field'
import { messageOf } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/forms'
import { loginAtom } from '../../lib/session'
import { useToast } from '../../lib/toast'
import { loginSchema } from './auth-schemas'
import type { LoginValues } from './auth-schemas'

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation()
  const login = useSetAtom(loginAtom)
  const { toast } = useToast()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } })

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login(values)
      toast({ title: t('auth.loginSuccess') })
      onSuccess()
    } catch (error) {
      applyServerFieldErrors(error, setError, ['username', 'password'])
      toast({ title: t('auth.loginError'), description: messageOf(error, t('auth.loginErrorDefault')), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="login-form">
      <FormField id="login-username" label={t('auth.username')} error={errors.username?.message} required>
        <input
          id="login-username"
          className="input"
          autoComplete="username"
          placeholder={t('auth.usernamePlaceholder')}
          {...describedBy('login-username', errors.username?.message)}
          {...register('username')}
        />
      </FormField>
      <FormField id="login-password" label={t('auth.password')} error={errors.password?.message} required>
        <input
          id="login-password"
          type="password"
          className="input"
          autoComplete="current-password"
          {...describedBy('login-password', errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting} data-testid="login-submit">
        {isSubmitting ? t('auth.submittingLogin') : t('auth.submitLogin')}
      </button>
    </form>
  )
}
