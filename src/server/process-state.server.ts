// Workaround: Nitro bundles its plugins and entry apart from Start's SSR bundle, so a module both import exists twice in one process (two databases on one lock); none filed, reproduced by test/canaries/nitro-duplicate-modules.canary.test.ts; remove once one module graph serves both.
export function processState<T extends object>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>
  const slot = Symbol.for(`maple-hearth:${key}`)
  store[slot] ??= create()
  return store[slot]
}
