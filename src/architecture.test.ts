import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The promises the README's architecture map makes of the code itself: layers point down
 * (routes → features → components → content and theme), and a component or recipe names a colour
 * by its role (a semantic token), never by its shade or value.
 */

const srcDir = resolve(import.meta.dirname)

const sourceFiles = (readdirSync(srcDir, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .filter((file) => file !== 'routeTree.gen.ts')
  .map((file) => ({ file, text: readFileSync(join(srcDir, file), 'utf8') }))

/** The top folder under src/ of each module `file` imports (its own code, not packages). */
function importedLayers(file: string, text: string) {
  const specifiers = [
    ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm),
  ].map(([, specifier]) => specifier as string)
  return specifiers.flatMap((specifier) => {
    const target = specifier.startsWith('~/')
      ? join(srcDir, specifier.slice(2))
      : specifier.startsWith('.')
        ? resolve(srcDir, dirname(file), specifier)
        : undefined
    if (!target) return []
    const path = relative(srcDir, target)
    return path.startsWith('..') ? [] : [{ specifier, layer: path.split(/[\\/]/)[0] as string }]
  })
}

const upwardImports = (layer: string, forbidden: readonly string[]) =>
  sourceFiles
    .filter(({ file }) => file.startsWith(`${layer}/`))
    .flatMap(({ file, text }) =>
      importedLayers(file, text)
        .filter((imported) => forbidden.includes(imported.layer))
        .map(({ specifier }) => `${file} imports ${specifier}`),
    )

describe('layers point down', () => {
  it('features never read a route or the generated route tree', () => {
    expect(upwardImports('features', ['routes', 'routeTree.gen'])).toEqual([])
  })

  it('shared components never read a feature or a route', () => {
    expect(upwardImports('components', ['features', 'routes', 'routeTree.gen'])).toEqual([])
  })

  it('content reads nothing but content', () => {
    expect(
      upwardImports('content', ['components', 'features', 'routes', 'server', 'theme']),
    ).toEqual([])
  })

  it('the theme reads nothing but the theme', () => {
    expect(
      upwardImports('theme', ['components', 'features', 'routes', 'server', 'content']),
    ).toEqual([])
  })

  it('finds a layer through either kind of path', () => {
    expect(importedLayers('components/Hero.tsx', "import { x } from '~/features/a'")).toEqual([
      { specifier: '~/features/a', layer: 'features' },
    ])
    expect(importedLayers('components/layout/A.tsx', "import('../../routes/b')")).toEqual([
      { specifier: '../../routes/b', layer: 'routes' },
    ])
  })
})

/** The colour scales and raw colours a style object could name instead of a semantic token. */
const shadeOrValue =
  /^(?:(?:navy|sand|copper|red|gray|green|blue|white|black)(?:\.\d+)?(?:\/\d+)?|#[\da-f]{3,8}|(?:rgb|hsl)a?\(.*)$/i
const colourProperty =
  /\b(color|bg|background|backgroundColor|borderColor|border[A-Z]\w*Color|outlineColor|fill|stroke|gradient(?:From|Via|To)|textDecorationColor|caretColor|accentColor)\s*:\s*'([^']*)'/g

const colourByShade = (text: string) =>
  [...text.matchAll(colourProperty)]
    .filter(([, , value]) => shadeOrValue.test(value as string))
    .map(([match]) => match)
    .concat(text.match(/token\(colors\.(?:navy|sand|copper)\.\d+\)/g) ?? [])

describe('colours are named by their role', () => {
  // The tokens themselves, and the palette they are made from, are where shades live.
  const styledFiles = sourceFiles.filter(
    ({ file }) => !['theme/tokens.ts', 'theme/palette.ts'].includes(file.replaceAll('\\', '/')),
  )

  it('no component or recipe names a shade or a raw colour', () => {
    const offenders = styledFiles.flatMap(({ file, text }) =>
      colourByShade(text).map((match) => `${file}: ${match}`),
    )
    expect(offenders).toEqual([])
  })

  it('tells a shade from a role', () => {
    expect(
      colourByShade(
        "css({ bg: 'navy.900', color: 'white', borderColor: 'rgba(0,0,0,.1)', fill: '#fff' })",
      ),
    ).toHaveLength(4)
    expect(colourByShade('token(colors.copper.400)')).toHaveLength(1)
    expect(
      colourByShade("css({ bg: 'bg.inverse', color: 'fg.inverse', borderColor: 'transparent' })"),
    ).toEqual([])
  })
})
