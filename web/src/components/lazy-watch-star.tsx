//! The watch star as the first screens (the lists, the auction page) show it: loaded with every
//! text once they are up, so it weighs nothing on the first load; until then no star shows.
import { Suspense, lazy, type ComponentProps } from 'react'
import { withAllTexts } from '../lib/i18n'

const WatchStar = lazy(withAllTexts(() => import('./watch-star').then((m) => ({ default: m.WatchStar }))))

export function LazyWatchStar(props: ComponentProps<typeof WatchStar>) {
  return (
    <Suspense fallback={null}>
      <WatchStar {...props} />
    </Suspense>
  )
}
