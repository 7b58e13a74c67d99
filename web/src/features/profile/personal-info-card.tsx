//! The personal-info card: view mode, edit mode with cancel and save.
import { UserIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '../../lib/api-types'
import { formatCalendarDate, formatDateLong } from '../../lib/long-dates'
import { ProfileForm } from './profile-form'

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>
        {value}
        {note && <span className="muted small block">{note}</span>}
      </dd>
    </div>
  )
}

export function PersonalInfoCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation()
  const [editing, setEditing] = useState(false)
  const lang = i18n.language
  const none = t('common.notSpecified')

  return (
    <section className="card" data-testid="personal-info-card">
      <div className="card-head">
        <h2 className="card-title"><UserIcon aria-hidden="true" /> {t('profile.personalInfo')}</h2>
        {!editing && (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setEditing(true)} data-testid="profile-edit">
            {t('common.edit')}
          </button>
        )}
      </div>
      <dl className="info-grid">
        <Row label={t('profile.username')} value={user.username} note={t('profile.usernameNote')} />
        <Row label={t('profile.bidBalance')} value={t('common.bidsCount', { count: user.bidBalance })} />
        <Row label={t('profile.registeredAt')} value={formatDateLong(user.createdAt, lang)} />
      </dl>
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <dl className="info-grid">
          <Row label={t('profile.firstName')} value={user.firstName || none} />
          <Row label={t('profile.lastName')} value={user.lastName || none} />
          <Row label={t('profile.email')} value={user.email || none} />
          <Row label={t('profile.phone')} value={user.phone || none} />
          <Row label={t('profile.dateOfBirth')} value={user.dateOfBirth ? formatCalendarDate(user.dateOfBirth, lang) : none} />
          <Row label={t('profile.gender')} value={user.gender ? t(`gender.${user.gender}`) : none} />
        </dl>
      )}
    </section>
  )
}
