import { describe, expect, it } from 'vitest'
import {
  loadPandaCss,
  loadPandaRecipes,
  resolveStaticCssCalls,
  staticPandaCss,
} from './static-panda-css.ts'

/** Panda's runtime `css`, called here with the same style objects the sources hold. */
const css = (await loadPandaCss()) as (...styles: object[]) => string
/** Panda's generated recipes, by name. */
const recipes = await loadPandaRecipes()

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
      `css({ p: '4' } as const)`,
      `css({ p: '4' }, undefined)`,
      `css.raw({ p: '4' })`,
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

  it('leaves a module whole when it declares its own css, and warns', () => {
    const declarations = [
      `function f(css) { return css({ p: '4' }) }`,
      `const g = () => { const css = (o: object) => 'mine'; return css({ p: '4' }) }`,
      `try {} catch (css) { css({ p: '4' }) }`,
      `const { a: [css] } = { a: [String] }; css({ p: '4' })`,
    ]
    for (const declaration of declarations) {
      const warnings: string[] = []
      const source = `import { css } from 'styled-system/css'\nconst x = css({ p: '2' })\n${declaration}`
      const result = resolveStaticCssCalls(source, '/site/src/a.tsx', css, (m) => warnings.push(m))
      expect(result, declaration).toBeNull()
      expect(warnings, declaration).toEqual([
        '/site/src/a.tsx declares its own css: its css() calls stay calls',
      ])
    }
  })

  it('ignores a type-only import of css', () => {
    expect(
      resolve(`import type { css } from 'styled-system/css'\nconst x = css({ p: '4' })`),
    ).toBeNull()
    expect(
      resolve(`import { type css } from 'styled-system/css'\nconst x = css({ p: '4' })`),
    ).toBeNull()
  })

  it('reads a .ts file as TypeScript without JSX, and warns when a file does not parse', () => {
    // `<number>value` is a type assertion in .ts and an unclosed element in .tsx.
    const source = `import { css } from 'styled-system/css'\nexport const n = <number>(1 as unknown)\nexport const a = css({ p: '2' })`
    expect(resolve(source, '/site/src/theme/example.ts')).toContain('export const a = "p_2"')
    const warnings: string[] = []
    expect(
      resolveStaticCssCalls(source, '/site/src/a.tsx', css, (m) => warnings.push(m)),
    ).toBeNull()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^\/site\/src\/a\.tsx did not parse \(.+\): its css\(\) calls stay calls$/,
    )
  })
})

describe('resolveStaticCssCalls on config recipes', () => {
  const { button, siteContainer } = recipes as Record<string, (variants?: object) => string>
  const resolveRecipes = (code: string) =>
    resolveStaticCssCalls(code, '/site/src/components/Example.tsx', css, () => {}, recipes)?.code ??
    null

  it('writes a written-out recipe call, with or without variants, as the runtime’s class names', () => {
    const code = resolveRecipes(
      [
        `import { cx } from 'styled-system/css'`,
        `import { button as btn, siteContainer } from 'styled-system/recipes'`,
        `const a = cx(btn({ variant: 'ghost', size: 'sm' }), 'x')`,
        `const b = siteContainer()`,
      ].join('\n'),
    )
    expect(code).toContain(
      `const a = cx(${JSON.stringify(button?.({ variant: 'ghost', size: 'sm' }))}, 'x')`,
    )
    expect(code).toContain(`const b = ${JSON.stringify(siteContainer?.())}`)
    expect(button?.({ variant: 'ghost', size: 'sm' })).toBe(
      'button button--variant_ghost button--size_sm',
    )
  })

  it('writes a slot recipe’s written-out call as its object of class names by slot', () => {
    const { card } = recipes as Record<string, (variants?: object) => Record<string, string>>
    const code = resolveRecipes(
      `import { card } from 'styled-system/recipes'\nconst styles = card({ interactive: true })`,
    )
    expect(code).toContain(`const styles = (${JSON.stringify(card?.({ interactive: true }))})`)
    expect(card?.({ interactive: true }).root).toMatch(/^card__root/)
  })

  it('leaves computed variants and names it does not know as calls', () => {
    const calls = [
      `button({ variant: on ? 'accent' : 'ghost' })`,
      `button(variants)`,
      `notARecipe()`,
    ]
    for (const call of calls) {
      const source = `import { button, notARecipe } from 'styled-system/recipes'\nconst x = ${call}`
      expect(resolveRecipes(source), call).toBeNull()
    }
  })
})

describe('staticPandaCss, the Vite plugin', () => {
  const source = `import { css } from 'styled-system/css'\nexport const a = css({ p: '2' })\n`

  async function transform(id: string): Promise<string | null> {
    const plugin = staticPandaCss()
    const warnings: string[] = []
    // The hooks are plain functions here; the context is the part of Vite's they use.
    const context = { warn: (message: string) => warnings.push(message) }
    await (plugin.buildStart as (this: unknown) => Promise<void>).call(context)
    const result = (
      plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null
    ).call(context, source, id)
    expect(warnings).toEqual([])
    return result?.code ?? null
  }

  it('runs on builds only', () => {
    expect(staticPandaCss().apply).toBe('build')
  })

  it('resolves our sources, route parts the router splits off included', async () => {
    expect(await transform('/site/src/components/Band.tsx')).toContain('export const a = "p_2"')
    expect(await transform('/site/src/routes/faq.tsx?tsr-split=component')).toContain(
      'export const a = "p_2"',
    )
  })

  it('leaves packages and files outside src/ alone', async () => {
    expect(await transform('/site/node_modules/some-ui/src/Band.tsx')).toBeNull()
    expect(await transform('/site/scripts/prerender.ts')).toBeNull()
    expect(await transform('/site/src/styles/app.css')).toBeNull()
  })
})
