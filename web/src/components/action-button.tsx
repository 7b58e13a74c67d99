//! A row action of an admin table: an icon with its label. In a wide table only the icon shows
//! (the label stays its accessible name and tooltip); when the table stacks into cards, both show.
import type { LucideProps } from 'lucide-react'
import type { ButtonHTMLAttributes, ComponentType } from 'react'
import './action-button.css'

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** A lucide-react icon (drawn hidden from screen readers: the label names the button). */
  icon: ComponentType<LucideProps>
  label: string
  tone?: 'outline' | 'danger' | 'ghost' | 'primary'
  testId?: string
  /** The tooltip, when it should say more than the label (e.g. why the action is disabled). */
  hint?: string
}

const TONES = { outline: 'btn-outline', danger: 'btn-danger-outline', ghost: 'btn-ghost', primary: 'btn-primary' } as const

export function ActionButton({ icon: Icon, label, tone = 'outline', testId, hint, className = '', ...rest }: Props) {
  return (
    <button type="button" className={`btn btn-small action-button ${TONES[tone]} ${className}`} aria-label={label} title={hint ?? label} data-testid={testId} {...rest}>
      <Icon aria-hidden="true" />
      <span className="action-label" aria-hidden="true">
        {label}
      </span>
    </button>
  )
}
