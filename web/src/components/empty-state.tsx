import type { ReactNode } from 'react'

export function EmptyState({ icon = '📭', children, testId }: { icon?: string; children: ReactNode; testId?: string }) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-icon" aria-hidden="true">
        {icon}
      </span>
      <div>{children}</div>
    </div>
  )
}
