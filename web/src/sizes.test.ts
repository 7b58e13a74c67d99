//! Sizes that stay (STYLE.md, "Files and functions stay small"): no source file in web/src over
//! 400 lines and no function over 80, a React component included. Tests, the generated contract
//! (src/api/) and the locale texts (JSON) are not held to it. Functions are found by the
//! TypeScript parser, so a function is measured from its body's first line to its last.
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 80

/** Every production module's text, by its path from src/ (`lib/realtime-client.ts`). */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '!./**/*.d.ts', '!./api/**', '!./i18n/locales/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, code]) => [path.replace(/^\.\//, ''), code]),
)

function lineCount(code: string): number {
  return code.replace(/\n$/, '').split('\n').length
}

/** A function of the parser's tree, with what a reader would call it. */
type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.Node }

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  )
}

/** The function's own name, else the name of what holds it (`const Page = () => …`, `onClick: () => …`),
 * else the call it is passed to (`callback of useMemo`). */
function nameOf(node: FunctionNode, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if (node.name) return node.name.getText(file)
  const parent = node.parent
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText(file)
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(file)}`
  return '(anonymous)'
}

/** `file:line name (N lines)` for every function of `code` whose body is over the limit. */
function longFunctions(path: string, code: string, limit = MAX_FUNCTION_LINES): string[] {
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const first = file.getLineAndCharacterOfPosition(node.body.getStart(file)).line
      const last = file.getLineAndCharacterOfPosition(node.body.getEnd()).line
      const lines = last - first + 1
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1
      if (lines > limit) found.push(`${path}:${start} ${nameOf(node, file)} (${lines} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('sizes that stay', () => {
  it('reads the sources it checks', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100)
    expect(Object.keys(SOURCES)).toContain('lib/realtime-client.ts')
    expect(Object.keys(SOURCES)).not.toContain('sizes.test.ts')
    expect(Object.keys(SOURCES).some((path) => path.startsWith('api/'))).toBe(false)
  })

  it(`keeps every file within ${MAX_FILE_LINES} lines`, () => {
    const long = Object.entries(SOURCES)
      .filter(([, code]) => lineCount(code) > MAX_FILE_LINES)
      .map(([path, code]) => `${path} (${lineCount(code)} lines)`)
    expect(long, `split these files into modules named for what they do (at most ${MAX_FILE_LINES} lines each)`).toEqual([])
  })

  it(`keeps every function within ${MAX_FUNCTION_LINES} lines`, () => {
    const long = Object.entries(SOURCES).flatMap(([path, code]) => longFunctions(path, code))
    expect(long, `extract well-named functions, hooks or components (at most ${MAX_FUNCTION_LINES} lines each)`).toEqual([])
  })

  it('finds components, methods and callbacks by name', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, (_, index) => `  use(${index})`).join('\n')
    const code = [
      `export function Page() {\n${body(4)}\n}`,
      `const Card = () => {\n${body(4)}\n}`,
      `class Client {\n  start() {\n${body(4)}\n  }\n  get socket() {\n${body(3)}\n  }\n}`,
      `useEffect(() => {\n${body(4)}\n})`,
    ].join('\n')
    expect(longFunctions('x.tsx', code, 3)).toEqual(['x.tsx:1 Page (4 lines)', 'x.tsx:5 Card (4 lines)', 'x.tsx:10 start (4 lines)', 'x.tsx:18 callback of useEffect (4 lines)'])
  })
})
