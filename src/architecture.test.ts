import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The promises docs/architecture.md makes of the code itself, for every import of every module in
 * src, supabase/functions, scripts, tools, bench, test and e2e.
 *
 * Layers point down (routes → features → components → lib → content and theme; the server, and
 * a feature's `server/` folder, reads lib, content and a feature's model, never UI); no module reaches itself again through its
 * imports; a feature reads no other feature but for the one exception listed below (the gallery,
 * which service and location pages embed); the function folder reads nothing outside
 * supabase/functions, and src reads only its `_shared/` core, from the server and the contact
 * feature. Tests and compile-time proofs read what they check, and nothing reads them.
 *
 * And a component or recipe names a colour by its role (a semantic token), never by its shade or
 * value.
 */

const rootDir = resolve(import.meta.dirname, '..')
const scannedFolders = ['src', 'supabase/functions', 'scripts', 'tools', 'bench', 'test', 'e2e']
const moduleFile = /\.(?:m?ts|tsx)$/

const modulePaths = [
  ...scannedFolders
    .filter((folder) => existsSync(join(rootDir, folder)))
    .flatMap((folder) =>
      (readdirSync(join(rootDir, folder), { recursive: true }) as string[])
        .map((file) => join(folder, file).replaceAll('\\', '/'))
        .filter((file) => moduleFile.test(file) && !file.includes('node_modules/')),
    ),
  ...readdirSync(rootDir).filter((file) => moduleFile.test(file)),
]

type Layer =
  | 'app'
  | 'feature-ui'
  | 'feature-model'
  | 'components'
  | 'lib'
  | 'content'
  | 'theme'
  | 'server'
  | 'config'
  | 'function'
  | 'tooling'

/** The layer of a repository path, and the feature it belongs to (if any). */
function layerOf(path: string): { layer: Layer; feature?: string } {
  if (path === 'app.config.ts') return { layer: 'config' }
  if (path.startsWith('supabase/functions/')) return { layer: 'function' }
  if (!path.startsWith('src/')) return { layer: 'tooling' }
  const [, top, feature, ...rest] = path.split('/')
  // The entries beside the routes: the router, the browser's and the server's entry, Start's setup.
  if (top === 'routes' || feature === undefined) return { layer: 'app' }
  if (top === 'features' && feature) {
    // A feature's server code sits with it (its `server/` folder), held to the server's rules.
    if (rest[0] === 'server') return { layer: 'server', feature }
    const ui = rest[0] === 'components' || path.endsWith('.tsx')
    return { layer: ui ? 'feature-ui' : 'feature-model', feature }
  }
  if (top === 'components' || top === 'lib' || top === 'content' || top === 'theme')
    return { layer: top }
  if (top === 'styles') return { layer: 'theme' }
  if (top === 'server') return { layer: 'server' }
  throw new Error(`${path} belongs to no layer: add it to layerOf`)
}

const readsBelow: Record<Layer, readonly Layer[]> = {
  app: [
    'app',
    'feature-ui',
    'feature-model',
    'components',
    'lib',
    'content',
    'theme',
    'server',
    'config',
  ],
  'feature-ui': ['feature-ui', 'feature-model', 'components', 'lib', 'content', 'theme', 'config'],
  'feature-model': ['feature-model', 'lib', 'content', 'config'],
  components: ['components', 'lib', 'content', 'theme', 'config'],
  lib: ['lib', 'content', 'config'],
  content: ['content', 'config'],
  theme: ['theme'],
  server: ['server', 'feature-model', 'lib', 'content', 'config', 'function'],
  config: ['config'],
  function: ['function'],
  tooling: [
    'app',
    'feature-ui',
    'feature-model',
    'components',
    'lib',
    'content',
    'theme',
    'server',
    'config',
    'function',
    'tooling',
  ],
}

/**
 * The one feature other features read, and why: a service's and a location's page show that
 * category's live projects through the gallery's own query, cards and loading boundary. The rest of
 * the gallery's UI (its page, the viewer) stays its own.
 */
const sharedGallery = {
  readers: ['services', 'locations'],
  ui: [
    'src/features/gallery/components/CategoryProjects.tsx',
    'src/features/gallery/components/GalleryLoad.tsx',
  ],
}

/** Tests, and compile-time proofs (`*.typecheck.ts`, which nothing runs): they read what they check. */
const isTest = (path: string) => /\.(?:test|spec|typecheck)\.tsx?$/.test(path)

/** Why `from` may not import `to`, or undefined when it may. */
function forbiddenImport(from: string, to: string): string | undefined {
  const source = layerOf(from)
  const target = layerOf(to)
  if (isTest(to)) return 'a module reads a test'
  // Tests wire real parts together (the function's tests drive it with the site's client of it):
  // what they test is held to the rules, not the test.
  if (isTest(from) || specialRead(from, to)) return undefined
  if (!readsBelow[source.layer].includes(target.layer))
    return `${source.layer} reads ${target.layer}`
  if (target.layer === 'function' && source.layer !== 'function') {
    if (!to.startsWith('supabase/functions/_shared/'))
      return 'src reads a function, not the shared core'
  }
  if (target.feature && source.feature && target.feature !== source.feature) {
    if (target.feature !== 'gallery' || !sharedGallery.readers.includes(source.feature))
      return 'another feature'
    if (target.layer === 'feature-ui' && !sharedGallery.ui.includes(to))
      return "the gallery's own UI"
  }
  return undefined
}

/** The extra reads a layer's special modules make: a server function wraps server code. */
function specialRead(from: string, to: string) {
  if (
    from.startsWith('src/features/') &&
    from.endsWith('.functions.ts') &&
    layerOf(to).layer === 'server'
  )
    return true
  // The contact form's schema is the contact core's (README: the contact core is shared).
  if (
    from.startsWith('src/features/contact/') &&
    to.startsWith('supabase/functions/_shared/contact/')
  )
    return true
  return false
}

const packageImports: Record<string, unknown> =
  JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')).imports ?? {}

const firstTarget = (target: unknown): string | undefined =>
  typeof target === 'string'
    ? target
    : target && typeof target === 'object'
      ? Object.values(target).map(firstTarget).find(Boolean)
      : undefined

/** Where package.json's `"imports"` map a `#` specifier, as written (Node tries no extension). */
function packageImportTarget(specifier: string): string | undefined {
  for (const [key, value] of Object.entries(packageImports)) {
    const target = firstTarget(value)
    if (!target) continue
    if (key === specifier) return target
    if (key.endsWith('*') && specifier.startsWith(key.slice(0, -1)))
      return target.replace('*', specifier.slice(key.length - 1))
  }
  return undefined
}

/** Modules Start's Vite plugin writes into the build: a package's, not paths of ours. */
const startVirtualModules = new Set(['#tanstack-start-server-fn-resolver'])

/** The repository path `specifier` names from `file`, or undefined for a package. */
function resolveImport(file: string, specifier: string): string | undefined {
  if (startVirtualModules.has(specifier)) return undefined
  let base: string | undefined
  if (specifier.startsWith('~/')) base = join('src', specifier.slice(2))
  else if (specifier.startsWith('.'))
    base = relative(rootDir, resolve(rootDir, dirname(file), specifier))
  else if (specifier.startsWith('#')) {
    base = packageImportTarget(specifier)
    if (base) base = relative(rootDir, resolve(rootDir, base))
  }
  if (base === undefined) return undefined
  base = base.replaceAll('\\', '/').replace(/\?.*$/, '')
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
  return (
    candidates.find(
      (path) => existsSync(join(rootDir, path)) && statSync(join(rootDir, path)).isFile(),
    ) ?? base
  )
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm

const typeImportPattern = /^import\s+type\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm

const importsOf = (file: string, text: string) => {
  const typeOnly = new Set([...text.matchAll(typeImportPattern)].map(([, specifier]) => specifier))
  return [...text.matchAll(importPattern)].flatMap(([, specifier]) => {
    const to = resolveImport(file, specifier as string)
    return to ? [{ specifier: specifier as string, to, typeOnly: typeOnly.has(specifier) }] : []
  })
}

/** The generated route tree is also the typed table of every path: its types may be read anywhere. */
const typeOfRouteTree = (to: string, typeOnly: boolean) => typeOnly && to === 'src/routeTree.gen.ts'

/**
 * One cycle per group of modules that reach each other (Tarjan's strongly connected components),
 * written as the shortest path from the group's first member back to it: `a → b → a`.
 */
function importCycles(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const groups: string[][] = []
  const connect = (node: string) => {
    order.set(node, order.size)
    low.set(node, order.size - 1)
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) connect(next)
      if (stack.includes(next)) low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
    }
    if (low.get(node) !== order.get(node)) return
    const group = stack.splice(stack.indexOf(node))
    if (group.length > 1 || edges.get(node)?.includes(node)) groups.push(group.sort())
  }
  for (const node of edges.keys()) if (!order.has(node)) connect(node)
  return groups.sort().map((group) => {
    const [start] = group as [string]
    const cameFrom = new Map<string, string>()
    const queue = [start]
    for (const node of queue) {
      for (const next of edges.get(node) ?? []) {
        if (!group.includes(next) || cameFrom.has(next)) continue
        cameFrom.set(next, node)
        queue.push(next)
      }
      if (cameFrom.has(start)) break
    }
    const path = [start]
    for (let node = cameFrom.get(start); node !== start && node; node = cameFrom.get(node))
      path.unshift(node)
    return [start, ...path].join(' → ')
  })
}

const graph = modulePaths.map((file) => ({
  file,
  imports: importsOf(file, readFileSync(join(rootDir, file), 'utf8')),
}))

describe('layers point down', () => {
  it('every module belongs to a layer', () => {
    const unplaced = modulePaths.filter((file) => {
      try {
        layerOf(file)
        return false
      } catch {
        return true
      }
    })
    expect(unplaced).toEqual([])
  })

  it('every import reads a layer below it or its own', () => {
    const offenders = graph.flatMap(({ file, imports }) =>
      imports.flatMap(({ specifier, to, typeOnly }) => {
        const why = typeOfRouteTree(to, typeOnly) ? undefined : forbiddenImport(file, to)
        return why ? [`${file} imports ${specifier} (${why})`] : []
      }),
    )
    expect(offenders).toEqual([])
  })

  it('no module reaches itself through its imports', () => {
    // Start's generated route tree registers the router's type (`import type`, erased at build).
    const generated = (file: string, typeOnly: boolean) =>
      typeOnly && file === 'src/routeTree.gen.ts'
    const edges = new Map(
      graph.map(({ file, imports }) => [
        file,
        imports.filter(({ typeOnly }) => !generated(file, typeOnly)).map(({ to }) => to),
      ]),
    )
    expect(importCycles(edges)).toEqual([])
  })

  it('names each cycle by the path that closes it', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c', 'a']],
      ['c', ['b']],
      ['d', ['d']],
      ['e', ['a']],
    ])
    expect(importCycles(edges)).toEqual(['a → b → a', 'd → d'])
  })

  it('tells an allowed import from a forbidden one', () => {
    const forbidden = forbiddenImport
    expect(
      forbidden('src/components/Hero.tsx', 'src/features/gallery/gallery-item.ts'),
    ).toBeDefined()
    expect(
      forbidden('src/server/x.server.ts', 'src/features/gallery/components/ProjectCard.tsx'),
    ).toBeDefined()
    expect(
      forbidden('src/server/x.server.ts', 'src/features/gallery/gallery-item.ts'),
    ).toBeUndefined()
    expect(
      forbidden('src/features/about/components/A.tsx', 'src/features/services/components/B.tsx'),
    ).toBeDefined()
    expect(
      forbidden('src/features/home/components/A.tsx', 'src/components/ServiceCard.tsx'),
    ).toBeUndefined()
    expect(forbidden('src/features/home/a.ts', 'src/routes/index.tsx')).toBeDefined()
    expect(forbidden('src/content/a.ts', 'src/theme/tokens.ts')).toBeDefined()
    expect(forbidden('src/lib/seo/a.ts', 'src/components/Hero.tsx')).toBeDefined()
    expect(forbidden('supabase/functions/x/app.ts', 'src/server/a.server.ts')).toBeDefined()
    expect(forbidden('supabase/functions/x/app.ts', 'app.config.ts')).toBeDefined()
    expect(forbidden('src/server/a.server.ts', 'supabase/functions/x/app.ts')).toBeDefined()
    expect(forbidden('src/server/a.server.ts', 'supabase/functions/_shared/log.ts')).toBeUndefined()
    expect(forbidden('src/features/home/a.ts', 'supabase/functions/_shared/log.ts')).toBeDefined()
    expect(forbidden('src/server/a.server.ts', 'test/support/postgres-15.ts')).toBeDefined()
    expect(forbidden('src/server/a.server.test.ts', 'test/support/postgres-15.ts')).toBeUndefined()
    expect(forbidden('src/server/a.server.ts', 'src/server/a.server.test.ts')).toBeDefined()
    expect(
      forbidden('src/features/gallery/a.typecheck.ts', 'src/features/gallery/components/A.tsx'),
    ).toBeUndefined()
    expect(
      forbidden('src/features/gallery/gallery.functions.ts', 'src/server/a.server.ts'),
    ).toBeUndefined()
    expect(
      forbidden('src/features/gallery/gallery-view.ts', 'src/server/a.server.ts'),
    ).toBeDefined()
    expect(
      forbidden('src/features/contact/lead-source.ts', 'src/features/field-vitals/page-left.ts'),
    ).toBeDefined()
    expect(
      forbidden('src/features/locations/components/A.tsx', 'src/features/gallery/gallery-view.ts'),
    ).toBeUndefined()
    expect(
      forbidden(
        'src/features/services/components/A.tsx',
        'src/features/gallery/components/CategoryProjects.tsx',
      ),
    ).toBeUndefined()
    expect(
      forbidden(
        'src/features/locations/components/A.tsx',
        'src/features/gallery/components/GalleryPage.tsx',
      ),
    ).toBeDefined()
    expect(forbidden('src/features/gallery/a.ts', 'src/features/services/b.ts')).toBeDefined()
  })

  it('finds a module through every kind of path', () => {
    expect(
      importsOf(
        'src/components/Hero.tsx',
        "import { x } from '#src/features/gallery/gallery-item.ts'",
      ),
    ).toEqual([
      {
        specifier: '#src/features/gallery/gallery-item.ts',
        to: 'src/features/gallery/gallery-item.ts',
        typeOnly: false,
      },
    ])
    expect(importsOf('src/components/layout/A.tsx', "import('../../routes/__root')")).toEqual([
      { specifier: '../../routes/__root', to: 'src/routes/__root.tsx', typeOnly: false },
    ])
    expect(
      importsOf('supabase/functions/x/a.ts', "export { y } from '../../../src/server.ts'"),
    ).toEqual([{ specifier: '../../../src/server.ts', to: 'src/server.ts', typeOnly: false }])
    expect(
      importsOf('src/server/a.server.ts', "import type { R } from '#src/routeTree.gen.ts'"),
    ).toEqual([{ specifier: '#src/routeTree.gen.ts', to: 'src/routeTree.gen.ts', typeOnly: true }])
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

/**
 * An import names a module one way that Node, Vite, vitest, Playwright and TypeScript all resolve:
 * within its folder or its parent by a relative path, anywhere else through package.json's
 * `"imports"` (`#src/…`) with the file's own name. The function folder deploys alone, so it keeps
 * relative paths.
 */
/** What the function's Deno tests import from test/ (Deno resolves no package.json import). */
const denoReached = new Set(['test/support/postgres-15.ts', 'test/contact/captcha-stand-in.ts'])

function importStyleProblem(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('~/')) return 'a tsconfig alias Node cannot resolve'
  // The function's tests and the stand-ins they reach run under Deno, which reads the function's
  // deno.json, not package.json: they reach each other relatively.
  const underDeno =
    (file.startsWith('supabase/functions/') && file.includes('.test.')) || denoReached.has(file)
  if (/^(\.\.\/){2,}/.test(specifier) && !underDeno) return 'climbs more than one folder'
  if (specifier.startsWith('#') && denoReached.has(file)) return 'Deno runs it: relative only'
  if (specifier.startsWith('#') && !startVirtualModules.has(specifier)) {
    if (file.startsWith('supabase/functions/')) return 'the function folder deploys alone'
    const target = packageImportTarget(specifier)
    const path = target && join(rootDir, target.replace(/\?.*$/, ''))
    if (!path || !existsSync(path) || !statSync(path).isFile())
      return 'names no file (give its extension)'
  }
  return undefined
}

describe('imports resolve one way everywhere', () => {
  it('no alias, no climb past the parent folder, every # import names a file', () => {
    // This file's own import strings are fixtures of the checks above.
    const modules = graph.filter(({ file }) => file !== 'src/architecture.test.ts')
    const offenders = modules.flatMap(({ file }) =>
      [...readFileSync(join(rootDir, file), 'utf8').matchAll(importPattern)].flatMap(
        ([, specifier]) => {
          const why = importStyleProblem(file, specifier as string)
          return why ? [`${file} imports ${specifier} (${why})`] : []
        },
      ),
    )
    expect(offenders).toEqual([])
  })

  it('tells each way apart', () => {
    expect(importStyleProblem('src/a/b.ts', '~/content/services')).toMatch(/alias/)
    expect(importStyleProblem('src/a/b/c.ts', '../../content/services.ts')).toMatch(/climbs/)
    expect(importStyleProblem('src/a/b.ts', '#src/content/services')).toMatch(/names no file/)
    expect(importStyleProblem('supabase/functions/x/a.ts', '#src/content/services.ts')).toMatch(
      /deploys alone/,
    )
    expect(importStyleProblem('src/a/b.ts', '#src/content/services.ts')).toBeUndefined()
    expect(importStyleProblem('src/a/b.ts', '../c.ts')).toBeUndefined()
    expect(
      importStyleProblem('supabase/functions/x/a.test.ts', '../../../test/y.ts'),
    ).toBeUndefined()
  })
})

describe('colours are named by their role', () => {
  // The tokens themselves, and the palette they are made from, are where shades live.
  const styledFiles = modulePaths
    .filter((file) => file.startsWith('src/') && !isTest(file) && file !== 'src/routeTree.gen.ts')
    .filter((file) => !['src/theme/tokens.ts', 'src/theme/palette.ts'].includes(file))
    .map((file) => ({ file, text: readFileSync(join(rootDir, file), 'utf8') }))

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
