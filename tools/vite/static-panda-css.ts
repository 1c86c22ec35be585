/**
 * `css({ … })` calls whose styles are written out in full become their class names at build time,
 * so a browser runs no Panda code for them: not while the modules evaluate (one long task before
 * the app can answer a tap) and not while React hydrates (issue 21, decision 020). Calls with
 * anything computed stay calls. The class names come from the project's own generated runtime
 * (`styled-system/css`), so they are the ones the stylesheet holds.
 *
 * Panda resolves these calls only at run time; its extractor finds them but offers no build step
 * that replaces them. When Panda ships one (an `optimizeJs`-like option), this plugin can go.
 */
import MagicString from 'magic-string'
import { type ESTree, type Plugin, parseSync, Visitor } from 'vite'

type StaticValue = string | number | boolean | null | StaticValue[] | { [key: string]: StaticValue }
/** Panda's `css`, whose style objects the written-out values are (checked by Panda's own types). */
type CssFunction = (...styles: never[]) => string

/** What the call's arguments are when written out in full, or `undefined` when anything is computed. */
function staticValue(
  node: ESTree.Expression | ESTree.SpreadElement | null,
): StaticValue | undefined {
  if (!node) return undefined
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ||
        typeof node.value === 'number' ||
        typeof node.value === 'boolean' ||
        node.value === null
        ? node.value
        : undefined
    case 'TemplateLiteral':
      return node.expressions.length === 0
        ? node.quasis.map((q) => q.value.cooked).join('')
        : undefined
    case 'UnaryExpression': {
      const value = node.operator === '-' ? staticValue(node.argument) : undefined
      return typeof value === 'number' ? -value : undefined
    }
    case 'ArrayExpression': {
      const items = node.elements.map((element) => staticValue(element))
      return items.every((item) => item !== undefined) ? items : undefined
    }
    case 'ObjectExpression': {
      const object: { [key: string]: StaticValue } = {}
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.method)
          return undefined
        const key =
          !property.computed && property.key.type === 'Identifier'
            ? property.key.name
            : property.key.type === 'Literal'
              ? staticValue(property.key)
              : undefined
        const value = staticValue(property.value as ESTree.Expression)
        if ((typeof key !== 'string' && typeof key !== 'number') || value === undefined)
          return undefined
        object[key] = value
      }
      return object
    }
    default:
      return undefined
  }
}

/** The names `css` is imported under from Panda's generated `styled-system/css`. */
function localCssNames(program: ESTree.Program): Set<string> {
  const names = new Set<string>()
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || statement.source.value !== 'styled-system/css') {
      continue
    }
    for (const specifier of statement.specifiers) {
      if (
        specifier.type === 'ImportSpecifier' &&
        specifier.imported.type === 'Identifier' &&
        specifier.imported.name === 'css'
      ) {
        names.add(specifier.local.name)
      }
    }
  }
  return names
}

/**
 * The module's source with every fully written-out `css()` call replaced by its class names, or
 * `null` when it has none. `css` is the project's generated runtime function.
 */
export function resolveStaticCssCalls(
  code: string,
  fileName: string,
  css: CssFunction,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('styled-system/css')) return null
  const parsed = parseSync(fileName, code)
  if (parsed.errors.length > 0) return null
  const cssNames = localCssNames(parsed.program)
  if (cssNames.size === 0) return null

  const output = new MagicString(code)
  new Visitor({
    CallExpression(call) {
      if (call.callee.type !== 'Identifier' || !cssNames.has(call.callee.name)) return
      const styles = call.arguments.map((argument) => staticValue(argument))
      if (styles.length === 0 || styles.some((style) => style === undefined)) return
      output.overwrite(call.start, call.end, JSON.stringify(css(...(styles as never[]))))
    },
  }).visit(parsed.program)

  return output.hasChanged()
    ? { code: output.toString(), map: output.generateMap({ hires: 'boundary', source: fileName }) }
    : null
}

/** The project's generated `css` (written by `panda codegen` before every build, so read at its start). */
export async function loadPandaCss(): Promise<CssFunction> {
  const runtime = new URL('../../styled-system/css/css.mjs', import.meta.url).href
  return ((await import(runtime)) as { css: CssFunction }).css
}

/** Our sources (route files too, also when the router splits them into `?tsr-split` parts). */
const ourSource = /[\\/]src[\\/].*\.tsx?$/

/** The Vite plugin: build only (the dev server keeps Panda's runtime, with the same class names). */
export function staticPandaCss(): Plugin {
  let css: CssFunction | undefined
  return {
    name: 'static-panda-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      css = await loadPandaCss()
    },
    transform(code, id) {
      const [path = ''] = id.split('?')
      if (!css || !ourSource.test(path) || path.includes('node_modules')) return null
      return resolveStaticCssCalls(code, path, css)
    },
  }
}
