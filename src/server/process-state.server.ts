/**
 * Process-wide state. The production build bundles the boot plugin (src/server/nitro) apart from
 * the app, so a module-level singleton would exist twice in one process: two databases on one
 * lock. State kept here is shared by every copy of a module.
 */
export function processState<T extends object>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>
  const slot = Symbol.for(`maple-hearth:${key}`)
  store[slot] ??= create()
  return store[slot]
}
