//! The lint rule that keeps imports pointing one way (STYLE.md: shared code → features → app) is
//! run through ESLint's Node API on files that exist only in memory, so a change to
//! eslint.config.js that stops catching a cross-feature import fails here.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint()

/** The `no-restricted-imports` errors ESLint reports for `code` saved as `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports' && message.severity === 2).map((message) => message.message)
}

describe('feature boundaries', () => {
  it('stops a feature from importing another feature', async () => {
    const errors = await boundaryErrors('src/features/auth/sneaky.ts', "export { TopupPage } from '../topup/topup-page'\n")
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/Features never import each other/)
  })

  it('stops it from a nested folder of a feature too', async () => {
    const errors = await boundaryErrors('src/features/auth/parts/sneaky.ts', "import { TopupPage } from '../../topup/topup-page'\nexport default TopupPage\n")
    expect(errors).toHaveLength(1)
  })

  it('stops a feature from importing the app shell', async () => {
    const errors = await boundaryErrors('src/features/auth/sneaky.ts', "import { Header } from '../../app/header'\nexport default Header\n")
    expect(errors.length).toBeGreaterThan(0)
  })

  it('stops shared code from importing a feature', async () => {
    const errors = await boundaryErrors('src/lib/sneaky.ts', "import { LoginDialog } from '../features/auth/login-dialog'\nexport default LoginDialog\n")
    expect(errors).toHaveLength(1)
  })

  it('lets a feature import its own files and shared code', async () => {
    const code = "import { api } from '../../lib/api'\nimport { Spinner } from '../../components/spinner'\nimport { LoginDialog } from './login-dialog'\nexport default [api, Spinner, LoginDialog]\n"
    expect(await boundaryErrors('src/features/auth/fine.tsx', code)).toEqual([])
    expect(await boundaryErrors('src/features/auth/parts/fine.tsx', code.replaceAll("'../../", "'../../../").replace("'./", "'../"))).toEqual([])
  })

  it('lets the app shell import features', async () => {
    expect(await boundaryErrors('src/app/fine.tsx', "import { LoginDialog } from '../features/auth/login-dialog'\nexport default LoginDialog\n")).toEqual([])
  })
})
