//! "How to pay": by QR code (first, the default) or by card, as one radio group. Used by /topup,
//! the claim dialog and Buy It Now (through the claim dialog); the choice is remembered
//! (lib/pay-method.ts), so the next purchase starts with it.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PAY_METHODS, readPayMethod, rememberPayMethod } from '../lib/pay-method'
import type { PayMethod } from '../lib/pay-method'
import './pay-method-choice.css'

/** The remembered method and a setter that remembers the new one. */
export function usePayMethod(): [PayMethod, (method: PayMethod) => void] {
  const [method, setMethod] = useState<PayMethod>(readPayMethod)
  const choose = (next: PayMethod) => {
    setMethod(next)
    rememberPayMethod(next)
  }
  return [method, choose]
}

interface Props {
  /** The radios' group name: unique on the page. */
  name: string
  value: PayMethod
  onChange: (method: PayMethod) => void
  disabled?: boolean
}

export function PayMethodChoice({ name, value, onChange, disabled = false }: Props) {
  const { t } = useTranslation()
  return (
    <fieldset className="pay-method-choice" data-testid="pay-method" data-method={value} disabled={disabled}>
      <legend className="field-label">{t('payMethod.legend')}</legend>
      <div className="pay-method-options">
        {PAY_METHODS.map((method) => {
          return (
            <label key={method} className={`pay-method-option${value === method ? ' is-selected' : ''}`} data-testid={`pay-method-${method}`}>
              <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChange(method)} />
              <span className="pay-method-text">
                <strong>{t(`payMethod.${method}.title`)}</strong>
                <span className="muted small">{t(`payMethod.${method}.details`)}</span>
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
