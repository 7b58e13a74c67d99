//! The settings in force, as saved (the admin's own words, in whatever language they were typed),
//! and how a price and a date read with them, in the admin's language.
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format'
import { formatDateLong } from '../../lib/long-dates'
import { useMoney } from '../../lib/money'
import { settingsAtom } from '../../lib/settings'
import { SETTINGS_FIELDS } from './settings-schema'

export const EXAMPLE_PRICE = 1234.56

export function CurrentSettingsCard() {
  const { t, i18n } = useTranslation()
  const settings = useAtomValue(settingsAtom)
  const { money } = useMoney()
  const [exampleDate] = useState(() => new Date())
  return (
    <aside className="card" data-testid="current-settings">
      <h2 className="card-title">{t('adminSettings.currentTitle')}</h2>
      <dl className="details-grid details-stacked">
        {SETTINGS_FIELDS.map((field) => (
          <div key={field} className="details-row">
            <dt>{t(`adminSettings.${field}`)}</dt>
            <dd>
              {field === 'language'
                ? t(`adminSettings.languages.${settings.language}`)
                : (settings[field] && <span data-user-content>{settings[field]}</span>) || <span className="muted">{t('adminSettings.empty')}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="card-subtitle">{t('adminSettings.examplesTitle')}</h3>
      <dl className="details-grid details-stacked">
        <div className="details-row">
          <dt>{t('adminSettings.examplePrice')}</dt>
          <dd data-testid="example-price">{money(EXAMPLE_PRICE)}</dd>
        </div>
        <div className="details-row">
          <dt>{t('adminSettings.exampleDate')}</dt>
          <dd>
            {formatDateLong(exampleDate, i18n.language)} · {formatDateTime(exampleDate, i18n.language)}
          </dd>
        </div>
      </dl>
    </aside>
  )
}
