#!/usr/bin/env node
//! What a first visit downloads before the network is idle (docs/performance.md, "The first visit"): every request
//! of a fresh 360 px Chromium page, with when it started and its bytes as transferred (headers
//! included), then the totals by kind. A bench, run by hand against a running server:
//!   BASE_URL=http://127.0.0.1:8080 node web/scripts/first-visit.mjs [path]
import { chromium } from 'playwright-core'

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080'
const path = process.argv[2] ?? '/'
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const requests = new Map()
  cdp.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, { url: event.request.url, at: event.timestamp, type: event.type }))
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId)
    if (request) request.bytes = event.encodedDataLength
  })
  await page.goto(base + path, { waitUntil: 'networkidle' })
  await page.waitForTimeout(1500)
  const first = Math.min(...[...requests.values()].map((request) => request.at))
  const kinds = new Map()
  let total = 0
  for (const request of [...requests.values()].sort((a, b) => a.at - b.at)) {
    const kib = (request.bytes ?? 0) / 1024
    total += kib
    const kind = kinds.get(request.type) ?? { files: 0, kib: 0 }
    kinds.set(request.type, { files: kind.files + 1, kib: kind.kib + kib })
    console.log(`${((request.at - first) * 1000).toFixed(0).padStart(6)} ms ${kib.toFixed(1).padStart(7)} KiB  ${request.type.padEnd(10)} ${request.url.replace(base, '')}`)
  }
  console.log('')
  for (const [kind, { files, kib }] of kinds) console.log(`${kind.padEnd(10)} ${String(files).padStart(3)} files ${kib.toFixed(1).padStart(7)} KiB`)
  console.log(`${'total'.padEnd(10)} ${String(requests.size).padStart(3)} files ${total.toFixed(1).padStart(7)} KiB`)
} finally {
  await browser.close()
}
