/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
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

// https://vite.dev/config/
export default defineConfig({
  plugins: [localeParts(), react()],
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
