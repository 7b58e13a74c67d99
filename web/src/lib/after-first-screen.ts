//! Work the first screen does not need (the realtime socket) waits until
//! the page has loaded and the browser has had a moment for the first screen's own requests and
//! render: on a slow phone it then does not compete with them for the network and the CPU.
//! (A page does not wait for the socket: it shows what its HTML carried or HTTP returned, and joins
//! the auction when the socket connects, getting a full snapshot then; the realtime module polls
//! while a socket it has tried is not connected.)

/** How long after the `load` event the deferred work starts, at the latest once idle. */
export const SETTLE_MS = 600

export function afterFirstScreen(task: () => void) {
  const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 1000 }) : window.setTimeout(run, 0))
  const start = () => window.setTimeout(() => idle(task), SETTLE_MS)
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}
