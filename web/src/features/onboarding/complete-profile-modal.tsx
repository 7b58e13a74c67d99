//! Asks a new user for the details a win needs. It cannot be dismissed: Escape and outside clicks
//! leave it open; only saving the details or Skip closes it.
import * as Dialog from '@radix-ui/react-dialog'
import { zodResolver } from '@hookform/resolvers/zod'
import { useSetAtom } from 'jotai'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { Control, FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { AvailabilityNote } from '../../components/availability-note'
import { FormField, describedBy } from '../../components/form-field'
import { Select } from '../../components/select'
import { messageOf } from '../../lib/api'
import type { User } from '../../lib/api-types'
import { applyServerFieldErrors } from '../../lib/forms'
import { saveProfileAtom } from '../../lib/profile-actions'
import { useToast } from '../../lib/toast'
import { useAvailability } from '../../lib/use-availability'
import type { AvailabilityState } from '../../lib/use-availability'
import { GENDERS, PHONE_PREFIX, isPhoneBlank, maxBirthDate, normalizePhoneInput } from '../../lib/validation'
import { completeProfileSchema } from './complete-profile-schema'
import type { CompleteProfileValues } from './complete-profile-schema'
import '../../components/dialog-frame.css'

const FIELDS = ['firstName', 'lastName', 'phone', 'dateOfBirth', 'gender'] as const

export function CompleteProfileModal({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className="dialog"
          data-testid="complete-profile-modal"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="dialog-title">{t('completeProfile.title')}</Dialog.Title>
          <Dialog.Description className="dialog-description">{t('completeProfile.description')}</Dialog.Description>
          <CompleteProfileForm user={user} onClose={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The details, saved to the profile; Skip closes the modal without them. */
function CompleteProfileForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation()
  const saveProfile = useSetAtom(saveProfileAtom)
  const { toast } = useToast()
  const [maxDate] = useState(() => maxBirthDate())
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompleteProfileValues>({
    resolver: zodResolver(completeProfileSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phone: user.phone ?? PHONE_PREFIX,
      dateOfBirth: user.dateOfBirth ?? '',
      gender: user.gender ?? '',
    },
  })
  const phone = useWatch({ control, name: 'phone' })
  const phoneCheck = useAvailability('phone', phone, !isPhoneBlank(phone), t('validation.phoneCheckFailed'))

  const onSubmit = handleSubmit(async (values) => {
    if (phoneCheck.status === 'invalid') {
      setError('phone', { type: 'server', message: phoneCheck.message })
      return
    }
    try {
      await saveProfile({ ...values, email: user.email })
      toast({ title: t('completeProfile.successTitle'), description: t('completeProfile.successText') })
      onClose()
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS)
      toast({ title: t('common.error'), description: messageOf(error, t('completeProfile.failure')), variant: 'destructive' })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <div className="form-row">
        <FormField id="cp-firstName" label={t('completeProfile.firstName')} error={errors.firstName?.message} required>
          <input id="cp-firstName" className="input" autoComplete="given-name" {...describedBy('cp-firstName', errors.firstName?.message)} {...register('firstName')} />
        </FormField>
        <FormField id="cp-lastName" label={t('completeProfile.lastName')} error={errors.lastName?.message} required>
          <input id="cp-lastName" className="input" autoComplete="family-name" {...describedBy('cp-lastName', errors.lastName?.message)} {...register('lastName')} />
        </FormField>
      </div>
      <PhoneField control={control} error={errors.phone} check={phoneCheck} />
      <div className="form-row">
        <FormField id="cp-dateOfBirth" label={t('completeProfile.dateOfBirth')} error={errors.dateOfBirth?.message} required>
          <input id="cp-dateOfBirth" type="date" className="input" max={maxDate} {...describedBy('cp-dateOfBirth', errors.dateOfBirth?.message)} {...register('dateOfBirth')} />
        </FormField>
        <GenderField control={control} error={errors.gender} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} data-testid="complete-profile-skip">
          {t('completeProfile.skip')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="complete-profile-submit">
          {isSubmitting ? t('completeProfile.saving') : t('completeProfile.submit')}
        </button>
      </div>
    </form>
  )
}

interface FieldProps {
  control: Control<CompleteProfileValues>
  error: FieldError | undefined
}

/** The phone, kept in its +996 form as it is typed, and whether another account has it (`check`). */
function PhoneField({ control, error, check }: FieldProps & { check: AvailabilityState }) {
  const { t } = useTranslation()
  return (
    <FormField id="cp-phone" label={t('completeProfile.phone')} error={error?.message} required>
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <input
            id="cp-phone"
            type="tel"
            inputMode="tel"
            className="input"
            autoComplete="tel"
            placeholder="+996XXXXXXXXX"
            {...describedBy('cp-phone', error?.message)}
            ref={field.ref}
            name={field.name}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(normalizePhoneInput(event.target.value))}
          />
        )}
      />
      <AvailabilityNote state={check} testId="phone-availability" />
    </FormField>
  )
}

/** The gender, chosen from the list. */
function GenderField({ control, error }: FieldProps) {
  const { t } = useTranslation()
  const genderOptions = GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }))
  return (
    <FormField id="cp-gender" label={t('completeProfile.gender')} error={error?.message} required>
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <Select
            id="cp-gender"
            value={field.value}
            onChange={field.onChange}
            options={genderOptions}
            placeholder={t('gender.placeholder')}
            invalid={Boolean(error)}
            testId="cp-gender"
          />
        )}
      />
    </FormField>
  )
}
