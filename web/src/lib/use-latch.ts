//! For parts loaded on demand (a dialog's chunk): mount them the first time they are wanted and
//! keep them mounted, so closing one plays its exit and reopening it needs no second load.
import { useState } from 'react'

/** False until `wanted` is first true, then true for good. */
export function useLatch(wanted: boolean): boolean {
  const [latched, setLatched] = useState(wanted)
  if (wanted && !latched) setLatched(true)
  return latched || wanted
}
