import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Controller, useForm, useWatch } from 'react-hook-form'
import type { Control, FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField, describedBy } from '../../components/form-field'
import { Select } from '../../components/select'
import type { SelectOption } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import { applyServerFieldErrors } from '../../lib/forms'
import { LANGUAGES } from '../../lib/i18n'
import { adminSettingsQuery, queryKeys } from '../../lib/queries'
import { applySavedSettings } from '../../lib/settings'
import { useToast } from '../../lib/toast'
import { CURRENCY_OPTIONS, LANGUAGE_TEXTS, SETTINGS_FIELDS, settingsSchema, symbolFor, toFormValues } from './settings-schema'
import type { SettingsValues } from './settings-schema'

const TEXT_FIELDS = ['siteName', 'headerTagline', 'footerDescription', 'contactAddress', 'contactPhone', 'contactEmail'] as const
const MULTILINE = new Set<string>(['footerDescription'])
const REQUIRED = new Set<string>(['siteName'])

/** What each part of the form needs of react-hook-form. */
interface PartProps {
  control: Control<SettingsValues>
  register: UseFormRegister<SettingsValues>
  errors: FieldErrors<SettingsValues>
}

/** Saves the settings; the app shows them at once, and the admin's copy is read again. */
function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: SettingsValues) => dataOf(api.PUT('/api/admin/settings', { body: values })),
    onSuccess: (saved) => {
      void applySavedSettings(saved)
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminSettings })
    },
  })
}

export function SettingsForm() {
  const { t } = useTranslation()
  const { toast } = useToast()
  const { data, isPending: loading, error } = useQuery(adminSettingsQuery())
  const save = useSaveSettings()
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsValues>({
    resolver: zodResolver(settingsSchema),
    values: data ? toFormValues(data) : undefined,
    resetOptions: { keepDirtyValues: true },
  })

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values)
      toast({ title: t('adminSettings.saved'), description: t('adminSettings.savedText') })
    } catch (cause) {
      applyServerFieldErrors(cause, setError, SETTINGS_FIELDS)
      toast({ title: t('common.error'), description: messageOf(cause, t('adminSettings.saveFailed')), variant: 'destructive' })
    }
  })

  if (loading) return <Spinner />
  if (error) return <p className="notice notice-error">{messageOf(error, t('common.loadFailed'))}</p>

  const languageOptions = LANGUAGES.map((lang) => ({ value: lang, label: t(`adminSettings.languages.${lang}`) }))
  const parts = { control, register, errors }

  return (
    <form onSubmit={onSubmit} noValidate className="card form" data-testid="settings-form">
      <h2 className="card-title">{t('adminSettings.formTitle')}</h2>
      <CurrencyFields {...parts} setValue={setValue} savedCurrency={data?.currency} />
      <FormField id="st-language" label={t('adminSettings.language')} error={errors.language?.message} required>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Select id="st-language" value={field.value ?? ''} onChange={field.onChange} options={languageOptions} placeholder={t('adminSettings.languagePlaceholder')} invalid={Boolean(errors.language)} />
          )}
        />
      </FormField>
      <SiteTextFields {...parts} />
      <OtherLanguageTexts {...parts} />
      <button type="submit" className="btn btn-primary" disabled={isSubmitting} data-testid="settings-save">
        {isSubmitting ? t('common.saving') : t('common.save')}
      </button>
    </form>
  )
}

/** The currency (picking a known one fills in its symbol) and its symbol, side by side.
 * `savedCurrency`: a saved currency the list does not know is offered as it is. */
function CurrencyFields({ control, register, errors, setValue, savedCurrency }: PartProps & { setValue: UseFormSetValue<SettingsValues>; savedCurrency?: string }) {
  const { t } = useTranslation()
  // The som's symbol as readers see it, in the admin's language (lib/format.ts `currencyName`).
  const currencyOptions: SelectOption[] = CURRENCY_OPTIONS.map((option) => ({
    value: option.value,
    label: `${t(`adminSettings.currencies.${option.id}`)} (${option.id === 'som' ? t('common.som') : option.symbol})`,
  }))
  if (savedCurrency && !symbolFor(savedCurrency)) currencyOptions.push({ value: savedCurrency, label: savedCurrency })
  return (
    <div className="form-row">
      <FormField id="st-currency" label={t('adminSettings.currency')} error={errors.currency?.message} required>
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <Select
              id="st-currency"
              value={field.value ?? ''}
              options={currencyOptions}
              placeholder={t('adminSettings.currencyPlaceholder')}
              invalid={Boolean(errors.currency)}
              testId="st-currency"
              onChange={(value) => {
                field.onChange(value)
                const symbol = symbolFor(value)
                if (symbol) setValue('currencySymbol', symbol, { shouldDirty: true, shouldValidate: true })
              }}
            />
          )}
        />
      </FormField>
      <FormField id="st-currencySymbol" label={t('adminSettings.currencySymbol')} error={errors.currencySymbol?.message} required>
        <input id="st-currencySymbol" className="input" {...describedBy('st-currencySymbol', errors.currencySymbol?.message)} {...register('currencySymbol')} />
      </FormField>
    </div>
  )
}

/** The site's name, tagline, footer and contacts, in the site's own language. */
function SiteTextFields({ register, errors }: PartProps) {
  const { t } = useTranslation()
  return TEXT_FIELDS.map((name) => {
    const id = `st-${name}`
    const message = errors[name]?.message
    const props = { id, className: 'input', ...describedBy(id, message), ...register(name) }
    return (
      <FormField key={name} id={id} label={t(`adminSettings.${name}`)} error={message} required={REQUIRED.has(name)}>
        {MULTILINE.has(name) ? <textarea rows={3} {...props} /> : <input type={name === 'contactEmail' ? 'email' : 'text'} {...props} />}
      </FormField>
    )
  })
}

/** The texts each language but the site's own may have (the fields above are the site's). */
function OtherLanguageTexts({ control, register, errors }: PartProps) {
  const { t } = useTranslation()
  const siteLanguage = useWatch({ control, name: 'language' })
  return (
    <fieldset className="fieldset" data-testid="settings-texts">
      <legend className="field-label">{t('adminSettings.textsTitle')}</legend>
      <p className="muted small">{t('adminSettings.textsHint')}</p>
      {LANGUAGES.filter((lang) => lang !== siteLanguage).map((lang) => (
        <div key={lang} className="form-row" data-testid={`settings-texts-${lang}`}>
          {LANGUAGE_TEXTS.map((name) => {
            const id = `st-texts-${lang}-${name}`
            const message = errors.texts?.[lang]?.[name]?.message
            return (
              <FormField key={name} id={id} label={`${t(`adminSettings.${name}`)} (${t(`adminSettings.languages.${lang}`)})`} error={message}>
                <input id={id} lang={lang} className="input" {...describedBy(id, message)} {...register(`texts.${lang}.${name}`)} />
              </FormField>
            )
          })}
        </div>
      ))}
    </fieldset>
  )
}
