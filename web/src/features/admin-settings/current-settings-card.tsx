import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateLong, formatDateTime, formatMoney } from '../../lib/format'
import { settingsAtom } from '../../lib/settings'
import { SETTINGS_FIELDS } from './settings-schema'

export const EXAMPLE_PRICE = 1234.56

export function CurrentSettingsCard() {
  const { t } = useTranslation()
  const settings = useAtomValue(settingsAtom)
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
                : settings[field] || <span className="muted">{t('adminSettings.empty')}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="card-subtitle">{t('adminSettings.examplesTitle')}</h3>
      <dl className="details-grid details-stacked">
        <div className="details-row">
          <dt>{t('adminSettings.examplePrice')}</dt>
          <dd data-testid="example-price">{formatMoney(EXAMPLE_PRICE, settings.currencySymbol)}</dd>
        </div>
        <div className="details-row">
          <dt>{t('adminSettings.exampleDate')}</dt>
          <dd>
            {formatDateLong(exampleDate, settings.language)} · {formatDateTime(exampleDate, settings.language)}
          </dd>
        </div>
      </dl>
    </aside>
  )
}
