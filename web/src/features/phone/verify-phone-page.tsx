//! `/verify-phone`: the account confirms a Kyrgyz mobile number. Step one sends a code by SMS to
//! the number; step two takes the 6 digits. Another code can be asked for once the server's wait
//! is over (a countdown on the button). Confirming credits the free bids, once per number.
import { zodResolver } from '@hookform/resolvers/zod'
import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FormField, describedBy } from '../../components/form-field'
import { LoginRequired } from '../../components/login-required'
import { PhoneInput } from '../../components/phone-input'
import { PageSpinner } from '../../components/spinner'
import { ApiError, messageOf } from '../../lib/api'
import { applyServerFieldErrors, formLevelError } from '../../lib/forms'
import { authStatusAtom, currentUserAtom, needsPhoneAtom } from '../../lib/session'
import { sendPhoneCode, verifyPhoneAtom } from './phone-api'
import { useToast } from '../../lib/toast'
import { useDocumentTitle } from '../../lib/use-document-title'
import { codeSchema, phoneSchema } from './phone-schemas'
import type { CodeValues, PhoneValues } from './phone-schemas'
import './verify-phone.css'

/** Seconds left until `until` (a `Date.now()` value), counted down once a second. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until <= Date.now()) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/** When a wait of `ms` milliseconds from now ends (a `Date.now()` value). */
function inMs(ms: number): number {
  return Date.now() + ms
}

/** The wait a refusal asks for (429 with `Retry-After`), in milliseconds from now. */
function waitOf(error: unknown): number {
  return error instanceof ApiError && error.status === 429 && error.retryAfter ? error.retryAfter * 1000 : 0
}

function PhoneStep({ onSent }: { onSent: (phone: string, resendAt: number) => void }) {
  const { t } = useTranslation()
  const [serverError, setServerError] = useState<string | null>(null)
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhoneValues>({ resolver: zodResolver(phoneSchema), defaultValues: { phone: '' } })

  const onSubmit = handleSubmit(async ({ phone }) => {
    setServerError(null)
    try {
      const sent = await sendPhoneCode(phone)
      onSent(phone, inMs(sent.resendAfterSecs * 1000))
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['phone'])) setServerError(formLevelError(error) ?? messageOf(error, t('phone.sendFailed')))
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="phone-form">
      <FormField id="vp-phone" label={t('phone.number')} error={errors.phone?.message} hint={t('phone.numberHint')} required>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => <PhoneInput id="vp-phone" aria={describedBy('vp-phone', errors.phone?.message)} {...field} />}
        />
      </FormField>
      {serverError && (
        <p className="field-error" role="alert" data-testid="phone-error">
          {serverError}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting} data-testid="phone-send">
        {isSubmitting ? t('phone.sending') : t('phone.send')}
      </button>
    </form>
  )
}

interface CodeStepProps {
  phone: string
  resendAt: number
  onResent: (resendAt: number) => void
  onChangeNumber: () => void
  onConfirmed: (bonus: number) => void
}

function CodeStep({ phone, resendAt, onResent, onChangeNumber, onConfirmed }: CodeStepProps) {
  const { t } = useTranslation()
  const verify = useSetAtom(verifyPhoneAtom)
  const secondsLeft = useSecondsLeft(resendAt)
  const [serverError, setServerError] = useState<string | null>(null)
  const [resending, setResending] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CodeValues>({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } })

  const onSubmit = handleSubmit(async ({ code }) => {
    setServerError(null)
    try {
      onConfirmed(await verify({ phone, code }))
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['code'])) setServerError(messageOf(error, t('phone.verifyFailed')))
    }
  })

  const resend = async () => {
    setServerError(null)
    setResending(true)
    try {
      const sent = await sendPhoneCode(phone)
      onResent(inMs(sent.resendAfterSecs * 1000))
    } catch (error) {
      const wait = waitOf(error)
      if (wait) onResent(inMs(wait))
      setServerError(messageOf(error, t('phone.sendFailed')))
    } finally {
      setResending(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="code-form">
      <p className="muted" data-testid="code-sent-to">
        {t('phone.codeSentTo', { phone })}
      </p>
      <FormField id="vp-code" label={t('phone.code')} error={errors.code?.message} required>
        <input
          id="vp-code"
          className="input input-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...describedBy('vp-code', errors.code?.message)}
          {...register('code')}
        />
      </FormField>
      {serverError && (
        <p className="field-error" role="alert" data-testid="code-error">
          {serverError}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting} data-testid="code-confirm">
        {isSubmitting ? t('phone.confirming') : t('phone.confirm')}
      </button>
      <div className="verify-phone-actions">
        <button type="button" className="btn btn-ghost" disabled={secondsLeft > 0 || resending} onClick={() => void resend()} data-testid="code-resend">
          {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.resend')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onChangeNumber} data-testid="code-change-number">
          {t('phone.changeNumber')}
        </button>
      </div>
    </form>
  )
}

export function VerifyPhonePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('phone.title'))
  const status = useAtomValue(authStatusAtom)
  const user = useAtomValue(currentUserAtom)
  const needsPhone = useAtomValue(needsPhoneAtom)
  const { toast } = useToast()
  const [sent, setSent] = useState<{ phone: string; resendAt: number } | null>(null)
  const [bonus, setBonus] = useState<number | null>(null)

  if (status === 'loading') return <PageSpinner />
  if (!user) return <LoginRequired title={t('phone.title')} message={t('phone.loginRequired')} action="home" />

  // An account that may bid without a number (admitted before numbers were confirmed, or a site
  // that asks for none) may still confirm one, for SMS.
  const confirmed = bonus !== null || (!needsPhone && user.phoneConfirmed)
  return (
    <section className="container page page-narrow" data-testid="verify-phone-page">
      <div className="card">
        <h1 className="card-title">{t('phone.title')}</h1>
        {confirmed ? (
          <div className="verify-phone-done" data-testid="phone-confirmed">
            <p>{bonus ? t('phone.confirmedWithBonus', { bids: bonus }) : t('phone.confirmed')}</p>
            <p className="muted" data-testid="phone-balance">
              {t('phone.balance', { bids: user.bidBalance })}
            </p>
            <Link to="/auctions" className="btn btn-primary btn-block">
              {t('phone.toAuctions')}
            </Link>
          </div>
        ) : (
          <>
            <p className="muted">{needsPhone ? t('phone.why') : t('phone.whySms')}</p>
            {sent ? (
              <CodeStep
                phone={sent.phone}
                resendAt={sent.resendAt}
                onResent={(resendAt) => setSent({ ...sent, resendAt })}
                onChangeNumber={() => setSent(null)}
                onConfirmed={(credited) => {
                  setBonus(credited)
                  toast({ title: t('phone.confirmed') })
                }}
              />
            ) : (
              <PhoneStep onSent={(phone, resendAt) => setSent({ phone, resendAt })} />
            )}
          </>
        )}
      </div>
    </section>
  )
}
