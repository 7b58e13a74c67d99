//! The profile's notice settings card (issue 24; the server's rules: src/reach.rs): per kind
//! of notice, whether it also comes by e-mail, in Telegram, by SMS and as a push to the user's
//! devices (issue 43; the devices: push-devices-card.tsx), the site's bell always having it, and
//! the language of those messages. A channel the site does not send through is left out;
//! one the user cannot be reached on yet shows its boxes disabled, with what to do about it. A box
//! saves as soon as it is ticked (that one kind and channel), and the card shows the answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BellRing } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FormField } from '../../components/form-field'
import { Select } from '../../components/select'
import { Spinner } from '../../components/spinner'
import { api, dataOf, messageOf } from '../../lib/api'
import type { KindChoice, NoticeChange, NoticeSettings } from '../../lib/api-types'
import { LANGUAGES, type Language } from '../../lib/languages'
import { queryKeys, userNoticesQuery } from '../../lib/queries'
import { useToast } from '../../lib/toast'
import './notices-card.css'

/** The outside channels, in the order of the columns. */
type Channel = 'email' | 'telegram' | 'sms' | 'push'
const CHANNELS: readonly Channel[] = ['email', 'telegram', 'sms', 'push']

/** Each language's name in itself, so each reader finds their own. */
const LANGUAGE_NAMES: Record<Language, string> = { ru: 'Русский', en: 'English', ka: 'ქართული', ky: 'Кыргызча' }

/** The select's value for "as on the site" (`language: null`), which cannot be chosen back. */
const SITE_LANGUAGE = 'site'

/** The saves of this card: one scope, so they reach the server in order. */
const SAVE_KEY = ['notices', 'save'] as const

/** `settings` with `change` applied as the server applies it: only what it names changes. */
export function applyChange(settings: NoticeSettings, change: NoticeChange): NoticeSettings {
  const kinds = settings.kinds.map((choice): KindChoice => {
    const asked = change.kinds?.find((k) => k.kind === choice.kind)
    if (!asked) return choice
    return {
      ...choice,
      email: asked.email ?? choice.email,
      telegram: asked.telegram ?? choice.telegram,
      sms: choice.sms === null ? null : (asked.sms ?? choice.sms),
      push: asked.push ?? choice.push,
    }
  })
  return { ...settings, language: change.language ?? settings.language, kinds }
}

/**
 * Saves a change. The card shows it at once; each answer is the whole of the settings, shown once
 * no later save is waiting (saves run one after another, so the last answer has them all). A
 * failed save asks the server again for what holds.
 */
function useSaveNotices() {
  const client = useQueryClient()
  return useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: SAVE_KEY.join('/') },
    mutationFn: (body: NoticeChange) => dataOf(api.PUT('/api/me/notices', { body })),
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: queryKeys.userNotices })
      client.setQueryData<NoticeSettings>(queryKeys.userNotices, (settings) => settings && applyChange(settings, body))
    },
    onSuccess: (answer) => {
      // This save is still counted: 1 means no other waits behind it.
      if (client.isMutating({ mutationKey: SAVE_KEY }) === 1) client.setQueryData(queryKeys.userNotices, answer)
    },
    onError: () => client.invalidateQueries({ queryKey: queryKeys.userNotices }),
  })
}

export function NoticesCard() {
  const { t } = useTranslation()
  const notices = useQuery(userNoticesQuery())
  return (
    <section className="card notices-card" aria-labelledby="notices-title" data-testid="notices-card">
      <h2 className="card-title" id="notices-title">
        <BellRing aria-hidden="true" /> {t('notices.title')}
      </h2>
      <p className="muted small">{t('notices.intro')}</p>
      {notices.isPending && <Spinner />}
      {notices.isError && <p className="field-error">{messageOf(notices.error, t('notices.loadFailed'))}</p>}
      {notices.data && <Settings settings={notices.data} />}
    </section>
  )
}

function Settings({ settings }: { settings: NoticeSettings }) {
  const { t } = useTranslation()
  const { toast } = useToast()
  const save = useSaveNotices()
  const shown = CHANNELS.filter((channel) => settings.channels[channel].available)
  const unreachable = shown.filter((channel) => !settings.channels[channel].reachable)

  const change = async (body: NoticeChange) => {
    try {
      await save.mutateAsync(body)
    } catch (cause) {
      toast({ title: t('notices.failed'), description: messageOf(cause, t('common.error')), variant: 'destructive' })
    }
  }

  return (
    <div className="notices-body">
      <div className="notices-wrap">
        <table className="table notices-table" aria-labelledby="notices-title" data-testid="notices-table">
          <thead>
            <tr>
              <th scope="col">{t('notices.kind')}</th>
              <th scope="col">{t('notices.site')}</th>
              {shown.map((channel) => (
                <th key={channel} scope="col">
                  {t(`notices.channel.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {settings.kinds.map((choice) => (
              <KindRow key={choice.kind} choice={choice} settings={settings} shown={shown} onChange={(body) => void change(body)} />
            ))}
          </tbody>
        </table>
      </div>
      {unreachable.length > 0 && (
        <ul className="notices-hints small">
          {unreachable.map((channel) => (
            <li key={channel} id={`notices-hint-${channel}`} data-testid={`notices-hint-${channel}`}>
              {channel === 'sms' ? <Link to="/verify-phone">{t('notices.hint.sms')}</Link> : t(`notices.hint.${channel}`)}
            </li>
          ))}
        </ul>
      )}
      {settings.quietHours && (
        <p className="muted small" data-testid="notices-quiet">
          {t('notices.quiet', { from: settings.quietHours.from, until: settings.quietHours.until })}
        </p>
      )}
      <LanguageField language={settings.language} onChange={(language) => void change({ language })} />
    </div>
  )
}

interface KindRowProps {
  choice: KindChoice
  settings: NoticeSettings
  /** The outside channels the site sends through (the columns). */
  shown: readonly Channel[]
  onChange: (body: NoticeChange) => void
}

/** One kind of notice: always on the site, and a box per outside channel it may come by. */
function KindRow({ choice, settings, shown, onChange }: KindRowProps) {
  const { t } = useTranslation()
  const kind = t(`notices.kinds.${choice.kind}`)
  return (
    <tr data-testid={`notices-${choice.kind}`}>
      <th scope="row">{kind}</th>
      <td className="notices-site">
        <Check label={t('notices.site')} name={t('notices.check', { channel: t('notices.site'), kind })} checked disabled />
      </td>
      {shown.map((channel) => {
        const on = choice[channel]
        const label = t(`notices.channel.${channel}`)
        const reachable = settings.channels[channel].reachable
        return (
          <td key={channel}>
            {on !== null && (
              <Check
                label={label}
                name={t('notices.check', { channel: label, kind })}
                checked={on}
                disabled={!reachable}
                hint={reachable ? undefined : `notices-hint-${channel}`}
                testId={`notice-${choice.kind}-${channel}`}
                onChange={(checked) => onChange({ kinds: [{ kind: choice.kind, [channel]: checked }] })}
              />
            )}
          </td>
        )
      })}
    </tr>
  )
}

interface CheckProps {
  /** The column's name, shown beside the box where the rows stack (a phone). */
  label: string
  /** The accessible name: the channel and the kind. */
  name: string
  checked: boolean
  disabled?: boolean
  /** The id of the line that says why the box is disabled. */
  hint?: string
  testId?: string
  onChange?: (checked: boolean) => void
}

function Check({ label, name, checked, disabled, hint, testId, onChange }: CheckProps) {
  return (
    <label className="notices-check">
      <input
        type="checkbox"
        className="switch"
        aria-label={name}
        aria-describedby={hint}
        checked={checked}
        disabled={disabled}
        readOnly={!onChange}
        onChange={(event) => onChange?.(event.target.checked)}
        data-testid={testId}
      />
      <span className="notices-check-label" aria-hidden="true">
        {label}
      </span>
    </label>
  )
}

function LanguageField({ language, onChange }: { language: string | null; onChange: (language: string) => void }) {
  const { t } = useTranslation()
  const options = [
    { value: SITE_LANGUAGE, label: t('notices.languageSite'), disabled: language !== null },
    ...LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang], lang })),
  ]
  return (
    <FormField id="notices-language" label={t('notices.language')} hint={t('notices.languageHint')} className="notices-language">
      <Select
        id="notices-language"
        value={language ?? SITE_LANGUAGE}
        onChange={(value) => value !== SITE_LANGUAGE && onChange(value)}
        options={options}
        describedBy="notices-language-hint"
        testId="notices-language"
      />
    </FormField>
  )
}
