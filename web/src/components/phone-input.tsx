//! The +996 phone input of the profile and claim forms, for react-hook-form's `Controller`
//! (`render={({ field }) => <PhoneInput id="…" aria={…} {...field} />}`): it starts with the prefix
//! on focus, keeps digits only after it and stops at 13 characters; a number typed or pasted in full
//! (`+996…`, `996…`, `0…`) keeps one prefix (`normalizePhoneInput`).
import type { Ref } from 'react'
import { PHONE_PREFIX, normalizePhoneInput } from '../lib/validation'

interface Props {
  id: string
  /** `aria-describedby` / `aria-invalid` from `describedBy`. */
  aria: { 'aria-describedby'?: string; 'aria-invalid'?: boolean }
  ref?: Ref<HTMLInputElement>
  name: string
  value: string
  onBlur: () => void
  onChange: (value: string) => void
}

export function PhoneInput({ id, aria, ref, name, value, onBlur, onChange }: Props) {
  return (
    <input
      id={id}
      type="tel"
      inputMode="tel"
      className="input"
      placeholder={PHONE_PREFIX}
      autoComplete="tel"
      {...aria}
      ref={ref}
      name={name}
      value={value}
      onBlur={onBlur}
      onFocus={() => value === '' && onChange(PHONE_PREFIX)}
      onChange={(event) => onChange(event.target.value === '' ? '' : normalizePhoneInput(event.target.value))}
    />
  )
}
