import './search-box.css'
//! The search box above an admin list: a labelled search input with a magnifier (the caller
//! debounces the value).
import { Search } from 'lucide-react'
interface Props {
  /** The accessible name. */
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  testId: string
}

export function SearchBox({ label, value, onChange, placeholder, testId }: Props) {
  return (
    <label className="search-box">
      <span className="sr-only">{label}</span>
      <Search aria-hidden="true" />
      <input type="search" className="input" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} data-testid={testId} />
    </label>
  )
}
