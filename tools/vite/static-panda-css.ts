/**
 * `css({ … })` calls whose styles are written out in full become their class names at build time,
 * and so do recipe calls (`button({ variant: 'accent' })`, `siteContainer()`, a slot recipe's
 * `card({ interactive: true })`, which becomes its object of class names by slot),
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
/** The generated recipes by name (`styled-system/recipes`), config and slot recipes. */
type Recipes = Record<string, unknown>

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

/**
 * The local names of the values a module imports from `source` by name, mapped to the imported
 * names, for those `wanted` accepts.
 */
function importedNames(
  program: ESTree.Program,
  source: string,
  wanted: (imported: string) => boolean,
): Map<string, string> {
  const names = new Map<string, string>()
  for (const statement of program.body) {
    if (
      statement.type !== 'ImportDeclaration' ||
      statement.source.value !== source ||
      statement.importKind === 'type'
    ) {
      continue
    }
    for (const specifier of statement.specifiers) {
      if (
        specifier.type === 'ImportSpecifier' &&
        specifier.importKind !== 'type' &&
        specifier.imported.type === 'Identifier' &&
        wanted(specifier.imported.name)
      ) {
        names.set(specifier.local.name, specifier.imported.name)
      }
    }
  }
  return names
}

type Binding = ESTree.BindingPattern | ESTree.ParamPattern | ESTree.BindingRestElement | null

/** Adds the names a declaration's pattern binds (`a`, `{ a, b: [c] }`, `...d`, `e = 1`). */
function addBoundNames(pattern: Binding, names: Set<string>): void {
  if (!pattern) return
  switch (pattern.type) {
    case 'Identifier':
      names.add(pattern.name)
      return
    case 'ObjectPattern':
      for (const property of pattern.properties) {
        addBoundNames(property.type === 'RestElement' ? property.argument : property.value, names)
      }
      return
    case 'ArrayPattern':
      for (const element of pattern.elements) addBoundNames(element, names)
      return
    case 'AssignmentPattern':
      addBoundNames(pattern.left, names)
      return
    case 'RestElement':
      addBoundNames(pattern.argument, names)
      return
    case 'TSParameterProperty':
      addBoundNames(pattern.parameter, names)
      return
  }
}

/** Every name the module declares other than by import: variables, functions, classes, parameters. */
function declaredNames(program: ESTree.Program): Set<string> {
  const names = new Set<string>()
  const addFunction = (fn: ESTree.Function | ESTree.ArrowFunctionExpression) => {
    if (fn.type !== 'ArrowFunctionExpression' && fn.id) names.add(fn.id.name)
    for (const param of fn.params) addBoundNames(param, names)
  }
  new Visitor({
    VariableDeclarator(declarator) {
      addBoundNames(declarator.id, names)
    },
    FunctionDeclaration: addFunction,
    FunctionExpression: addFunction,
    ArrowFunctionExpression: addFunction,
    CatchClause(clause) {
      addBoundNames(clause.param, names)
    },
    ClassDeclaration(declaration) {
      if (declaration.id) names.add(declaration.id.name)
    },
    ClassExpression(expression) {
      if (expression.id) names.add(expression.id.name)
    },
  }).visit(program)
  return names
}

/**
 * The module's source with every fully written-out `css()` call, and recipe call, replaced
 * by its class names, or `null` when it has none. `css` and `recipes` are the project's generated
 * runtime.
 */
export function resolveStaticCssCalls(
  code: string,
  fileName: string,
  css: CssFunction,
  warn: (message: string) => void = () => {},
  recipes: Recipes = {},
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!code.includes('styled-system/css') && !code.includes('styled-system/recipes')) return null
  const parsed = parseSync(fileName, code)
  if (parsed.errors.length > 0) {
    warn(`${fileName} did not parse (${parsed.errors[0]?.message}): its css() calls stay calls`)
    return null
  }
  const cssNames = importedNames(parsed.program, 'styled-system/css', (name) => name === 'css')
  const recipeNames = importedNames(parsed.program, 'styled-system/recipes', (name) =>
    Object.hasOwn(recipes, name),
  )
  if (cssNames.size === 0 && recipeNames.size === 0) return null
  // Names are matched, not scopes resolved: a module that declares its own `css` is left whole.
  const shadowed = [...declaredNames(parsed.program)].filter(
    (name) => cssNames.has(name) || recipeNames.has(name),
  )
  if (shadowed.length > 0) {
    warn(`${fileName} declares its own ${shadowed.join(', ')}: its css() calls stay calls`)
    return null
  }

  const output = new MagicString(code)
  new Visitor({
    CallExpression(call) {
      if (call.callee.type !== 'Identifier') return
      const args = call.arguments.map((argument) => staticValue(argument))
      if (args.some((arg) => arg === undefined)) return
      const recipe = recipes[recipeNames.get(call.callee.name) ?? '']
      if (cssNames.has(call.callee.name) && args.length > 0) {
        output.overwrite(call.start, call.end, JSON.stringify(css(...(args as never[]))))
      } else if (typeof recipe === 'function' && args.length <= 1) {
        // A config recipe gives its class names, a slot recipe an object of them by slot.
        const classNames: unknown = recipe(...args)
        if (typeof classNames === 'string') {
          output.overwrite(call.start, call.end, JSON.stringify(classNames))
        } else if (isClassNamesBySlot(classNames)) {
          output.overwrite(call.start, call.end, `(${JSON.stringify(classNames)})`)
        }
      }
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

const isClassNamesBySlot = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.getPrototypeOf(value) === Object.prototype &&
  Object.values(value).every((slot) => typeof slot === 'string')

/** The project's generated recipes (`styled-system/recipes`), by name. */
export async function loadPandaRecipes(): Promise<Recipes> {
  const runtime = new URL('../../styled-system/recipes/index.mjs', import.meta.url).href
  return (await import(runtime)) as Recipes
}

/** Our sources (route files too, also when the router splits them into `?tsr-split` parts). */
const ourSource = /[\\/]src[\\/].*\.tsx?$/

/** The Vite plugin: build only (the dev server keeps Panda's runtime, with the same class names). */
export function staticPandaCss(): Plugin {
  let css: CssFunction | undefined
  let recipes: Recipes = {}
  return {
    name: 'static-panda-css',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      css = await loadPandaCss()
      recipes = await loadPandaRecipes()
    },
    transform(code, id) {
      const [path = ''] = id.split('?')
      if (!css || !ourSource.test(path) || path.includes('node_modules')) return null
      return resolveStaticCssCalls(code, path, css, (message) => this.warn(message), recipes)
    },
  }
}
