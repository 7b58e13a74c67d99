#!/usr/bin/env node
//! Lighthouse (the npm `lighthouse` package driving Debian's Chromium) on the home page and on a
//! live auction's page of a running server, mobile preset (the default form factor, simulated
//! throttling). A bench, not a test: it measures time, so nothing asserts on it. Builds nothing.
//!
//!   BASE_URL=http://127.0.0.1:8080 node scripts/lighthouse.mjs [--runs N]
//!
//! Each page is measured N times (3 by default) and the run with the median performance score is
//! reported: the four category scores, FCP, LCP, TBT and CLS, and the audits that lost points.
//! The table it prints is the one docs/performance.md ("The first visit") keeps, today's only.
import { execFile } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const web = join(dirname(fileURLToPath(import.meta.url)), '..')
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']
const METRICS = [
  ['FCP', 'first-contentful-paint', (v) => `${(v / 1000).toFixed(1)} s`],
  ['LCP', 'largest-contentful-paint', (v) => `${(v / 1000).toFixed(1)} s`],
  ['TBT', 'total-blocking-time', (v) => `${Math.round(v)} ms`],
  ['CLS', 'cumulative-layout-shift', (v) => v.toFixed(3)],
]
/** The bars of issue 11 ("Speed"); SEO has none. */
const TARGETS = { performance: 95, accessibility: 95, 'best-practices': 95 }

function options(argv) {
  const runsAt = argv.indexOf('--runs')
  const runs = runsAt >= 0 ? Number(argv[runsAt + 1]) : 3
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1')
  const base = process.env.BASE_URL
  if (!base) throw new Error('set BASE_URL to a running server, e.g. BASE_URL=http://127.0.0.1:8080')
  return { base: base.replace(/\/$/, ''), runs }
}

/** The page of the first live auction the server lists. */
async function liveAuctionPath(base) {
  const res = await fetch(`${base}/api/auctions`)
  if (!res.ok) throw new Error(`GET /api/auctions: ${res.status}`)
  const { live } = await res.json()
  if (!live?.length) throw new Error('no live auction to measure (start the server with DEMO_DATA=1)')
  return `/auction/${encodeURIComponent(live[0].slug)}`
}

async function lighthouse(url) {
  const bin = join(web, 'node_modules', '.bin', 'lighthouse')
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS}`,
  ]
  const { stdout } = await run(bin, args, { env: { ...process.env, CHROME_PATH }, maxBuffer: 256 * 1024 * 1024 })
  return JSON.parse(stdout)
}

/** What one report says: scores out of 100, the metrics, and the audits that lost points. */
function summary(report) {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]))
  const metrics = Object.fromEntries(METRICS.map(([name, id]) => [name, report.audits[id]?.numericValue ?? NaN]))
  const weighted = new Set(CATEGORIES.flatMap((id) => report.categories[id].auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)))
  const losing = Object.values(report.audits)
    .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `${audit.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`)
  return { scores, metrics, losing, version: report.lighthouseVersion, userAgent: report.environment?.hostUserAgent ?? '' }
}

async function measure(name, url, runs) {
  const results = []
  for (let i = 0; i < runs; i += 1) {
    process.stderr.write(`${name}: run ${i + 1} of ${runs}…\n`)
    results.push(summary(await lighthouse(url)))
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance)
  const median = results[Math.floor((results.length - 1) / 2)]
  return { name, url, ...median, performanceRuns: results.map((r) => r.scores.performance) }
}

function table(pages) {
  const header = ['page', ...CATEGORIES, ...METRICS.map(([name]) => name)]
  const rows = pages.map((page) => [
    page.name,
    ...CATEGORIES.map((id) => String(page.scores[id])),
    ...METRICS.map(([name, , format]) => format(page.metrics[name])),
  ])
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n')
}

async function main() {
  const opts = options(process.argv.slice(2))
  const auction = await liveAuctionPath(opts.base)
  const pages = []
  pages.push(await measure('home', `${opts.base}/`, opts.runs))
  pages.push(await measure('live auction', `${opts.base}${auction}`, opts.runs))
  console.log(`\n${table(pages)}\n`)
  for (const page of pages) {
    const below = Object.entries(TARGETS).filter(([id, target]) => page.scores[id] < target)
    const note = below.length ? `below target: ${below.map(([id, target]) => `${id} ${page.scores[id]} < ${target}`).join(', ')}` : 'meets the targets'
    console.log(`${page.name} (${page.url}): ${note}`)
    if (page.losing.length) console.log(`  points lost: ${page.losing.join(', ')}`)
  }
}

main().catch((error) => {
  console.error(error.message ?? error)
  process.exit(1)
})
