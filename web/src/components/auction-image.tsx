import { Gift } from 'lucide-react'
import { useState } from 'react'
import './auction-image.css'

/** An auction's picture, or a neutral placeholder when it has none or fails to load. */
export function AuctionImage({ src, alt, className = '' }: { src: string | null | undefined; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false)
  if (!src || failed) {
    return (
      <div className={`auction-image placeholder ${className}`} role="img" aria-label={alt}>
        <Gift aria-hidden="true" />
      </div>
    )
  }
  return <img src={src} alt={alt} className={`auction-image ${className}`} loading="lazy" onError={() => setFailed(true)} />
}
