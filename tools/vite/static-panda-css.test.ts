import { describe, expect, it } from 'vitest'
import { loadPandaCss, resolveStaticCssCalls } from './static-panda-css.ts'

/** Panda's runtime `css`, called here with the same style objects the sources hold. */
const css = (await loadPandaCss()) as (...styles: object[]) => string

const resolve = (code: string, fileName = '/site/src/components/Example.tsx') =>
  resolveStaticCssCalls(code, fileName, css)?.code ?? null

describe('resolveStaticCssCalls', () => {
  it('writes a fully written-out call as the class names Panda gives it at run time', () => {
    const styles = { py: { base: '16', md: '24' }, _hover: { color: 'accent.onDark' }, mt: -2 }
    const code = resolve(
      `import { css } from 'styled-system/css'\nexport const band = css(${JSON.stringify(styles)})\n`,
    )
    expect(code).toBe(
      `import { css } from 'styled-system/css'\nexport const band = ${JSON.stringify(css(styles))}\n`,
    )
    expect(css(styles)).toBe('py_16 md:py_24 hover:c_accent.onDark mt_-2')
  })

  it('merges several written-out arguments as the runtime does', () => {
    const code = resolve(
      `import { css } from 'styled-system/css'\nconst x = css({ p: '4' }, { p: '8', color: 'fg.muted' })`,
    )
    expect(code).toContain(
      `const x = ${JSON.stringify(css({ p: '4' }, { p: '8', color: 'fg.muted' }))}`,
    )
  })

  it('resolves calls inside JSX and other calls, and keeps the positions after non-ASCII text', () => {
    const code = resolve(
      [
        `import { css, cx } from 'styled-system/css'`,
        `const title = 'Café — “kitchens” 🏠'`,
        `export const Card = ({ on }: { on: boolean }) => (`,
        `  <p title="é🏠" className={cx(css({ display: 'flex', gap: '2' }), on && css({ fontWeight: 'bold' }))}>{title}</p>`,
        `)`,
      ].join('\n'),
    )
    expect(code).toContain(
      `className={cx("d_flex gap_2", on && ${JSON.stringify(css({ fontWeight: 'bold' }))})}`,
    )
    expect(code).toContain(`const title = 'Café — “kitchens” 🏠'`)
  })

  it('leaves a call alone when anything in it is computed', () => {
    const computed = [
      `css({ color: on ? 'red' : 'blue' })`,
      `css({ ...base, p: '4' })`,
      `css(base)`,
      `css({ [key]: '4' })`,
      // A template literal with a placeholder (split so that this file holds no placeholder itself).
      'css({ w: `$' + '{size}px` })',
      `css()`,
    ]
    for (const call of computed) {
      const source = `import { css } from 'styled-system/css'\nconst x = ${call}`
      expect(resolve(source), call).toBeNull()
    }
  })

  it('follows an import under another name and ignores a css() that is not Panda’s', () => {
    expect(
      resolve(`import { css as style } from 'styled-system/css'\nconst x = style({ p: '4' })`),
    ).toContain('const x = "p_4"')
    expect(
      resolve(`import { css } from 'some-other-library'\nconst x = css({ p: '4' })`),
    ).toBeNull()
    expect(resolve(`const x = css({ p: '4' }) // styled-system/css`)).toBeNull()
  })

  it('reads TypeScript without JSX in .ts files', () => {
    const code = resolve(
      `import { css } from 'styled-system/css'\nconst id = <T,>(x: T) => x\nexport const a = id(css({ p: '2' }))`,
      '/site/src/theme/example.ts',
    )
    expect(code).toContain('export const a = id("p_2")')
  })
})
