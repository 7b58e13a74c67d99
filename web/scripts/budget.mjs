#!/usr/bin/env node
//! The bundle budget before the first render (issue 11, "Speed"): how much JavaScript and CSS a
//! first visit to the home page and to an auction page downloads before it can show the page,
//! read from the build's manifest (`dist/.vite/manifest.json`, `build.manifest` in vite.config.ts).
//! Everything a first visit downloads until it is idle (these chunks, the lazy parts the first
//! screens load, the socket client) has the same budget, measured in a real browser against the
//! server by e2e/budget.mjs, which uses `gzipSize` and the budgets from here.
//!
//! A page's initial JavaScript is the entry script (index.html's) with every chunk it imports
//! statically (the modulepreload links of dist/index.html), plus the route module that the
//! router's lazy() loads for the page with every chunk that one imports statically. Each file
//! counts once, at its gzip size (level 9, as a server precompressing would send it). Chunks
//! loaded later (other routes, dialogs opened on demand, the other languages, the chart, the
//! socket client) are not initial and do not count.
//!
//! Exits 1 if either page is over its JavaScript or CSS budget; run after `vite build`
//! (`npm run budget`).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const KIB = 1024
/** Initial JavaScript per page, gzipped. */
export const JS_BUDGET = 150 * KIB
/** Initial CSS per page, gzipped: a generous cap, so that a stylesheet doubling in size is seen. */
export const CSS_BUDGET = 20 * KIB

/** The pages measured and the route module the router loads for each (src/app/router.tsx). */
export const PAGES = [
  { name: 'home (/)', route: 'src/features/auctions/home-page.tsx' },
  { name: 'auction (/auction/:slug)', route: 'src/features/auctions/auction-detail-page.tsx' },
]

const web = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(web, 'dist')

/** The manifest key of `entry` and every key it imports statically, depth first. */
export function staticClosure(manifest, entry, seen = new Set()) {
  if (seen.has(entry)) return seen
  if (!manifest[entry]) throw new Error(`${entry} is not in the build manifest: was it renamed? (scripts/budget.mjs PAGES)`)
  seen.add(entry)
  for (const imported of manifest[entry].imports ?? []) staticClosure(manifest, imported, seen)
  return seen
}

/** The files (JavaScript and CSS) a page needs before it shows: entry's and route's closures. */
export function pageFiles(manifest, route) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  if (!entry) throw new Error('the build manifest has no entry')
  const keys = new Set([...staticClosure(manifest, entry), ...staticClosure(manifest, route)])
  const js = new Set()
  const css = new Set()
  for (const key of keys) {
    js.add(manifest[key].file)
    for (const sheet of manifest[key].css ?? []) css.add(sheet)
  }
  return { js: [...js], css: [...css] }
}

const gzipCache = new Map()
/** A built file's size (`assets/x.js`, from dist/): raw, and gzipped at level 9. */
export function sizes(file) {
  if (!gzipCache.has(file)) {
    const bytes = readFileSync(join(dist, file))
    gzipCache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })
  }
  return gzipCache.get(file)
}

export const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`

export function table(title, files) {
  const rows = files.map((file) => ({ file, ...sizes(file) })).sort((a, b) => b.gzip - a.gzip)
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 })
  const width = Math.max(title.length, ...rows.map((row) => row.file.length))
  console.log(`\n${title.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`)
  for (const row of rows) console.log(`${row.file.padEnd(width)}  ${kib(row.raw).padStart(10)}  ${kib(row.gzip).padStart(10)}`)
  console.log(`${'total'.padEnd(width)}  ${kib(total.raw).padStart(10)}  ${kib(total.gzip).padStart(10)}`)
  return total.gzip
}

/** Every modulepreload of dist/index.html must be in the walk (the manifest and the HTML agree). */
function checkPreloads(entryFiles) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1])
  const missing = preloaded.filter((file) => !entryFiles.includes(file))
  if (missing.length) throw new Error(`index.html preloads chunks the manifest walk missed: ${missing.join(', ')}`)
}

function main() {
  const manifestPath = join(dist, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: run "npm run build" first (build.manifest must be on)`)
    process.exit(2)
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
  checkPreloads([...staticClosure(manifest, entry)].map((key) => manifest[key].file))

  const results = []
  for (const page of PAGES) {
    const { js, css } = pageFiles(manifest, page.route)
    results.push({ page: page.name, js: table(`JS: ${page.name}`, js), css: table(`CSS: ${page.name}`, css) })
  }
  console.log('\nBudget (gzip):')
  let over = false
  for (const { page, js, css } of results) {
    const jsOk = js <= JS_BUDGET
    const cssOk = css <= CSS_BUDGET
    over ||= !jsOk || !cssOk
    console.log(`  ${page.padEnd(26)} JS ${kib(js).padStart(10)} / ${kib(JS_BUDGET)} ${jsOk ? 'ok' : 'OVER'}   CSS ${kib(css).padStart(9)} / ${kib(CSS_BUDGET)} ${cssOk ? 'ok' : 'OVER'}`)
  }
  if (over) {
    console.error('\nOver budget: lazy-load what the first screen does not need (see scripts/budget.mjs).')
    process.exit(1)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
