//! The watch star as the first screens (the lists, the auction page) show it: loaded with every
//! text once they are up, so it weighs nothing on the first load. Until then a card shows no star
//! (it sits in the card's corner, over nothing), and the auction page keeps the labelled star's
//! place with an invisible one of the same size: the page does not move when it comes (on a
//! phone it takes a row of its own, above the bid button).
import { Star } from 'lucide-react'
import { Suspense, lazy, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import './watch-star.css'

const WatchStar = lazy(() => import('./watch-star').then((m) => ({ default: m.WatchStar })))

function PlaceHolder() {
  const { t } = useTranslation()
  return (
    <span className="watch-star watch-star-labeled watch-star-placeholder" aria-hidden="true" data-testid="watch-star-placeholder">
      <Star />
      <span className="watch-star-word">{t('watch.word')}</span>
    </span>
  )
}

export function LazyWatchStar(props: ComponentProps<typeof WatchStar>) {
  return (
    <Suspense fallback={props.variant === 'labeled' ? <PlaceHolder /> : null}>
      <WatchStar {...props} />
    </Suspense>
  )
}
