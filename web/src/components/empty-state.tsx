import type { LucideIcon } from 'lucide-react'
import { Inbox } from 'lucide-react'
import type { ReactNode } from 'react'
import './empty-state.css'

export function EmptyState({ icon: Icon = Inbox, children, testId }: { icon?: LucideIcon; children: ReactNode; testId?: string }) {
  return (
    <div className="empty-state" data-testid={testId}>
      <span className="empty-icon">
        <Icon aria-hidden="true" />
      </span>
      <div>{children}</div>
    </div>
  )
}
