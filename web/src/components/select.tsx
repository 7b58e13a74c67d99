//! A Radix Select styled like the other inputs; works with react-hook-form's Controller.
import { Check, ChevronDown } from 'lucide-react'
import * as RadixSelect from '@radix-ui/react-select'
import './menu.css'

export interface SelectOption {
  value: string
  label: string
  /** The label's language, when not the page's (a language's name in itself). */
  lang?: string
  /** Shown but not to be chosen. */
  disabled?: boolean
}

interface Props {
  id: string
  value: string
  onChange: (value: string) => void
  options: readonly SelectOption[]
  placeholder?: string
  invalid?: boolean
  describedBy?: string
  testId?: string
  disabled?: boolean
}

export function Select({ id, value, onChange, options, placeholder, invalid, describedBy, testId, disabled }: Props) {
  return (
    <RadixSelect.Root value={value} onValueChange={onChange} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        className="input select-trigger"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select-icon" aria-hidden="true">
          <ChevronDown />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="select-viewport">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="select-item"
                data-testid={testId ? `${testId}-${option.value}` : undefined}
              >
                <RadixSelect.ItemText>{option.lang ? <span lang={option.lang}>{option.label}</span> : option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="select-check">
                  <Check aria-hidden="true" />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
