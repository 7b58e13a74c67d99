/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { pickTexts, type TextPart } from './src/i18n/shell-texts.ts'

// The Rust server (or e2e/mock-server.mjs via API_TARGET). The Host header is passed through
// unchanged (changeOrigin: false) so the server's same-origin check sees Origin == Host.
const server = process.env.API_TARGET ?? 'http://127.0.0.1:8080'

/** `locales/xx.json?texts=shell|rest`: one part of a locale file (src/i18n/shell-texts.ts). */
function localeParts(): Plugin {
  const query = /^(.*\.json)\?texts=(shell|rest)$/
  return {
    name: 'locale-parts',
    enforce: 'pre',
    load(id) {
      const match = query.exec(id)
      if (!match) return null
      const [, file, part] = match
      this.addWatchFile(file)
      const texts = pickTexts(JSON.parse(readFileSync(file, 'utf8')), part as TextPart)
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(texts))})`, moduleType: 'js' }
    },
  }
}

/** The small modules both first screens (home, auction) use: see `codeSplitting` below. */
const FIRST_SCREEN_SMALL_MODULES = new RegExp(
  [
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|arrow-right|check|flag|gift|hourglass|scroll-text|search|trophy|timer|clock)\.m?js$`,
    String.raw`src[\\/]components[\\/](bot-badge|empty-state|auction-image|page-header)\.tsx$`,
    String.raw`src[\\/]lib[\\/](bots|languages|money|slug|use-document-title)\.tsx?$`,
  ].join('|'),
)

/** A chunk of the build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

/** The offline page's build manifest, beside the app's (dist/.vite/). */
const OFFLINE_MANIFEST = '.vite/offline-manifest.json'

/**
 * offline.html, the page the service worker shows while the network is down, built on its own
 * after the app, into the same dist/ (a build without this config: no plugin but Vite's own). As a
 * second input of the app's build it would take the module preload polyfill out of the app's
 * entry into a chunk the two share: one more file on every first visit.
 */
function offlinePage(): Plugin {
  return {
    name: 'offline-page',
    apply: 'build',
    // Before vite-plugin-pwa's closeBundle, which precaches the page.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler(error) {
        if (error) return
        await build({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'warn',
          build: { outDir: 'dist', emptyOutDir: false, manifest: OFFLINE_MANIFEST, rolldownOptions: { input: 'offline.html' } },
        })
      },
    },
  }
}

/** The pages whose scripts and styles the service worker precaches, by build manifest: the app's
 * entry and the offline page (the app shell: docs/rules/web-app.md, "The phone app"). */
const APP_SHELL_PAGES = [
  { manifest: '.vite/manifest.json', page: 'index.html' },
  { manifest: OFFLINE_MANIFEST, page: 'offline.html' },
]

/**
 * Keeps, of the hashed files the service worker's precache glob found, those the app shell's
 * pages load before anything else: each page's chunk, the chunks it imports statically, and their
 * styles. No lazy chunk (another page, a dialog, another language): a first visit on mobile data
 * does not download the whole app behind the reader's back.
 */
function appShellOnly(dist: string) {
  return async <Entry extends { url: string }>(entries: Entry[]) => {
    const shell = new Set<string>()
    for (const { manifest, page } of APP_SHELL_PAGES) {
      const chunks = JSON.parse(readFileSync(join(dist, manifest), 'utf8')) as Record<string, ManifestChunk>
      const walk = (key: string) => {
        const chunk = chunks[key]
        if (!chunk) throw new Error(`${key} is not in ${manifest} (vite.config.ts, APP_SHELL_PAGES)`)
        if (shell.has(chunk.file)) return
        shell.add(chunk.file)
        for (const sheet of chunk.css ?? []) shell.add(sheet)
        for (const imported of chunk.imports ?? []) walk(imported)
      }
      walk(page)
    }
    return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] }
  }
}

/** The service worker (src/sw/sw.ts → dist/sw.js), registered by src/lib/service-worker.ts. */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // Registered after the first screen by the app itself, not by a script in index.html.
    injectRegister: false,
    // One manifest per language, static: public/manifest.<lang>.webmanifest.
    manifest: false,
    includeManifestIcons: false,
    injectManifest: {
      // A classic worker (module workers are newer than some phones that install the app).
      rollupFormat: 'iife',
      globPatterns: ['offline.html', 'favicon.svg', 'icons/icon-192.png', 'icons/badge-96.png', 'assets/*.{js,css}'],
      manifestTransforms: [appShellOnly(join(import.meta.dirname, 'dist'))],
      // Hashed names need no revision of their own.
      dontCacheBustURLsMatching: /^assets\//,
    },
  })
}

// https://vite.dev/config/
export default defineConfig({
  plugins: [localeParts(), react(), offlinePage(), serviceWorker()],
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/demo': { target: server, changeOrigin: false },
      '/socket.io': { target: server, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    // dist/.vite/manifest.json: which chunks each module needs, read by scripts/budget.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // React in a chunk of its own: it changes less often than the app, and the entry chunk
        // stays under the 500 kB warning. The first screens' small shared modules (icons, badges,
        // formatting helpers) in one chunk rather than a file each: a first visit fetches one
        // request instead of twenty, and gzip compresses them together (e2e/budget.mjs).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'first-screens', test: FIRST_SCREEN_SMALL_MODULES },
            // The QR code's library under a name of its own (not its file's, "browser"): only the
            // QR payment page loads it (features/qr-pay/qr-code.tsx), and e2e/qr.mjs checks so.
            { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test-setup.ts'],
    // The stylesheets' text is read by styles.test.ts (`?raw`), which needs Vitest to load them.
    css: { include: [/\.css/] },
  },
})
