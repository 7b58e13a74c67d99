//! A table that stacks: under 640 px each row becomes a card and every cell with a `data-label`
//! names its column (see stack-table.css). The caller gives the header labels and the
//! body rows.
import type { ReactNode } from 'react'
import './stack-table.css'

interface Props {
  /** The header labels, in column order. */
  columns: readonly string[]
  testId?: string
  /** Further classes for the table. */
  className?: string
  /** The `<tr>` rows of the body. */
  children: ReactNode
}

export function StackTable({ columns, testId, className, children }: Props) {
  return (
    <div className="table-wrap">
      <table className={className ? `table table-stack ${className}` : 'table table-stack'} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((label, index) => (
              // The labels are fixed per table; two could read alike in some language.
              <th key={index} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
