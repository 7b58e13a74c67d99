import { TextWithBadges } from '../../components/text-with-badges'

import './static-pages.css'
export interface FaqItem {
  q: string
  a: string
}

/** Questions that open on click (native details: keyboard accessible). */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="faq">
      {items.map((item) => (
        <details key={item.q} className="faq-item">
          <summary>{item.q}</summary>
          <p>
            <TextWithBadges text={item.a} />
          </p>
        </details>
      ))}
    </div>
  )
}
