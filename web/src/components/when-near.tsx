//! What lies below a phone's first screen (the footer), rendered once its place comes within a
//! screen's height of the visible part of the page (above or below it): a visit that never scrolls there does not
//! download it (the first visit's budget, e2e/budget.mjs). Until then an empty, hidden slot holds
//! its place. Where the place is in view at once (a short page, a wide screen) it renders at once.
import { useEffect, useRef, useState, type ReactNode } from 'react'

/** How near the screen a slot starts its part: within one screen's height above or below it. */
const AHEAD = '100% 0px 100% 0px'

export function WhenNear({ children }: { children: ReactNode }) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const slot = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = slot.current
    if (near || !element) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true)
    }, { rootMargin: AHEAD })
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return near ? children : <div ref={slot} aria-hidden="true" data-testid="when-near" />
}
