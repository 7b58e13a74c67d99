import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Schemas take `z` from src/lib/zod, which sets zod's CSP-safe `jitless` before any schema exists.
const zodThroughLib = { name: 'zod', message: 'Import { z } from src/lib/zod (it makes zod CSP-safe first).' }

/** The shared code (STYLE.md): any feature and the app shell may import it; it imports neither. */
const SHARED = ['lib', 'components', 'api', 'i18n', 'test']

/**
 * Imports point one way, shared code → features → app (STYLE.md): a feature imports shared code and
 * its own files only, never another feature or the app shell. `no-restricted-imports` sees the
 * import as written, so there is one config per folder depth inside a feature: from
 * `src/features/<name>/<depth folders>/file.tsx`, `../` × (depth + 1) leads to a sibling feature and
 * `../` × (depth + 2) to `src`, where only the shared folders may be named.
 */
function featureBoundaries(maxDepth = 4) {
  return Array.from({ length: maxDepth + 1 }, (_, depth) => {
    const toFeatures = '\\.\\./'.repeat(depth + 1)
    const toSrc = '\\.\\./'.repeat(depth + 2)
    return {
      files: [`src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [zodThroughLib],
            patterns: [
              {
                regex: `^${toFeatures}(?!\\.\\./)`,
                message: 'Features never import each other: move shared code to src/lib or src/components.',
              },
              {
                regex: `^${toSrc}(?!(${SHARED.join('|')})/)`,
                message: 'A feature imports shared code only (src/lib, src/components, src/api, src/i18n), never the app shell.',
              },
              { regex: '(^|/)(features|app)/', message: 'A feature imports shared code only, never another feature or the app shell.' },
            ],
          },
        ],
      },
    }
  })
}

export default tseslint.config(
  // src/api/schema.d.ts is generated from src/api/openapi.json (`npm run gen:api`).
  { ignores: ['dist', 'node_modules', 'src/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  ...featureBoundaries(),
  {
    files: SHARED.map((folder) => `src/${folder}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodThroughLib],
          patterns: [{ regex: '(^|/)(features|app)/', message: 'Shared code never imports features or the app shell.' }],
        },
      ],
    },
  },
  {
    files: ['src/lib/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: globals.node,
    },
  },
)
