#!/usr/bin/env node
//! Draws the installed app's icons (issue 43) from the logo and writes them to public/icons/, where
//! the web manifests (public/manifest.*.webmanifest), index.html and the service worker name them.
//! Chromium renders each SVG (Debian's, through playwright-core, as the e2e suites drive it); the
//! PNGs are committed, so run this only when the logo changes: `node scripts/app-icons.mjs`.
//!
//! - icon-192.png, icon-512.png (`purpose: any`): the coin of components/logo.tsx on transparency;
//! - icon-maskable-512.png (`purpose: maskable`) and apple-touch-icon.png (180 px, iOS fills
//!   transparency with black): the coin's face to the edges, its ring and letter inside the
//!   maskable safe zone (the centred circle of 40 % of the size in radius);
//! - badge-96.png: the ring and letter in white on transparency, the monochrome mark Android shows
//!   in the status bar for a notification (only the alpha counts);
//! - shortcut-auctions-96.png, shortcut-profile-96.png: the manifest's shortcuts, lucide's gavel
//!   and user in white on the coin.
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { __iconData as gavel } from 'lucide-react/dist/esm/icons/gavel.mjs'
import { __iconData as user } from 'lucide-react/dist/esm/icons/user.mjs'

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/icons')

/** The logo's colours and letter, as components/logo.tsx draws them. */
const GRADIENT = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#ff922b"/><stop offset="1" stop-color="#d9480f"/></linearGradient></defs>`
const RING = (stroke, width = 3) => `<circle cx="32" cy="32" r="23" fill="none" stroke="${stroke}" stroke-width="${width}"/>`
const LETTER = (fill) =>
  `<text x="32" y="43" font-family="Georgia, 'Liberation Serif', 'DejaVu Serif', serif" font-size="30" font-weight="700" text-anchor="middle" fill="${fill}">Т</text>`

/** The coin on transparency: the logo as the header shows it. */
const coin = `${GRADIENT}<circle cx="32" cy="32" r="30" fill="url(#g)"/>${RING('#ffe8cc')}${LETTER('#fff')}`
/** The coin's face to the edges; ring and letter scaled into the safe zone (ring's outer radius
 * 24.5 × 0.9 = 22 of 64, inside 25.6). */
const fullBleed = `${GRADIENT}<rect width="64" height="64" fill="url(#g)"/>
  <g transform="translate(32 32) scale(0.9) translate(-32 -32)">${RING('#ffe8cc')}${LETTER('#fff')}</g>`
const badge = `${RING('#fff', 4)}${LETTER('#fff')}`

/** A lucide icon (24 × 24, stroked) in white, centred on the coin. */
function onCoin(icon) {
  const paths = icon.node.map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([name]) => name !== 'key').map(([name, value]) => `${name}="${value}"`).join(' ')}/>`)
  return `${GRADIENT}<circle cx="32" cy="32" r="30" fill="url(#g)"/>
  <g transform="translate(14 14) scale(1.5)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</g>`
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: coin },
  { file: 'icon-512.png', size: 512, svg: coin },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  { file: 'badge-96.png', size: 96, svg: badge },
  { file: 'shortcut-auctions-96.png', size: 96, svg: onCoin(gavel) },
  { file: 'shortcut-profile-96.png', size: 96, svg: onCoin(user) },
]

async function main() {
  await mkdir(out, { recursive: true })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    for (const { file, size, svg } of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
      const markup = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${svg}</svg>`
      await page.setContent(`<!doctype html><body style="margin:0;background:transparent">${markup}</body>`)
      await page.locator('svg').screenshot({ path: join(out, file), omitBackground: true })
      await page.close()
      console.log(`${file} ${size}×${size}`)
    }
  } finally {
    await browser.close()
  }
}

await main()
