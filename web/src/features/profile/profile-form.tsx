import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField, describedBy, useMessage } from '../../components/form-field'
import { PhoneInput } from '../../components/phone-input'
import { Select } from '../../components/select'
import type { User } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { saveProfileAtom } from '../../lib/profile-actions'
import { queryKeys } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import { GENDERS, maxBirthDate } from '../../lib/validation'
import { profileErrorMessage, profilePayload, profileSchema } from './profile-schema'
import type { ProfileValues } from './profile-schema'

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'gender'] as const

export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation()
  const message = useMessage()
  const saveProfile = useSetAtom(saveProfileAtom)
  const client = useQueryClient()
  const { toast } = useToast()
  const [maxDate] = useState(() => maxBirthDate())
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      phone: user.phone ?? '',
      dateOfBirth: user.dateOfBirth ?? '',
      gender: user.gender ?? '',
    },
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      const payload = profilePayload(values)
      // A confirmed number is the account's: the profile leaves it as it is.
      await saveProfile(user.phoneConfirmed ? { ...payload, phone: undefined } : payload)
      // An e-mail added or removed changes where notices can go (the notices card).
      void client.invalidateQueries({ queryKey: queryKeys.userNotices })
      toast({ title: t('profile.updated'), description: t('profile.updatedText') })
      onDone()
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS)
      toast({ title: t('common.error'), description: message(profileErrorMessage(error)), variant: 'destructive' })
    }
  })

  const err = (field: keyof ProfileValues) => errors[field]?.message

  return (
    <form onSubmit={onSubmit} noValidate className="form" data-testid="profile-form">
      <div className="form-row">
        <FormField id="pf-firstName" label={t('profile.firstName')} error={err('firstName')} hint={t('profile.nameHint')} required>
          <input id="pf-firstName" className="input" autoComplete="given-name" {...describedBy('pf-firstName', err('firstName'), true)} {...register('firstName')} />
        </FormField>
        <FormField id="pf-lastName" label={t('profile.lastName')} error={err('lastName')} hint={t('profile.nameHint')} required>
          <input id="pf-lastName" className="input" autoComplete="family-name" {...describedBy('pf-lastName', err('lastName'), true)} {...register('lastName')} />
        </FormField>
      </div>
      <div className="form-row">
        <FormField id="pf-email" label={t('profile.email')} error={err('email')}>
          <input id="pf-email" type="email" className="input" autoComplete="email" {...describedBy('pf-email', err('email'))} {...register('email')} />
        </FormField>
        <PhoneField user={user} control={control} error={err('phone')} />
      </div>
      <div className="form-row">
        <FormField id="pf-dateOfBirth" label={t('profile.dateOfBirth')} error={err('dateOfBirth')} hint={t('profile.ageHint')}>
          <input id="pf-dateOfBirth" type="date" className="input" max={maxDate} {...describedBy('pf-dateOfBirth', err('dateOfBirth'), true)} {...register('dateOfBirth')} />
        </FormField>
        <GenderField control={control} error={err('gender')} />
      </div>
      <div className="button-row">
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="profile-save">
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  )
}

interface FieldProps {
  control: Control<ProfileValues>
  error: string | undefined
}

/** The phone: a confirmed one is the account's and shows read-only; any other can be changed. */
function PhoneField({ user, control, error }: FieldProps & { user: User }) {
  const { t } = useTranslation()
  if (user.phoneConfirmed) {
    return (
      <FormField id="pf-phone" label={t('profile.phone')} hint={t('profile.phoneLocked')}>
        <input id="pf-phone" className="input" value={user.phone ?? ''} readOnly aria-describedby="pf-phone-hint" data-testid="profile-phone-locked" />
      </FormField>
    )
  }
  return (
    <FormField id="pf-phone" label={t('profile.phone')} error={error}>
      <Controller control={control} name="phone" render={({ field }) => <PhoneInput id="pf-phone" aria={describedBy('pf-phone', error)} {...field} />} />
    </FormField>
  )
}

/** The gender, chosen from the list. */
function GenderField({ control, error }: FieldProps) {
  const { t } = useTranslation()
  const genderOptions = GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }))
  return (
    <FormField id="pf-gender" label={t('profile.gender')} error={error} required>
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <Select id="pf-gender" value={field.value} onChange={field.onChange} options={genderOptions} placeholder={t('gender.placeholder')} invalid={Boolean(error)} />
        )}
      />
    </FormField>
  )
}
