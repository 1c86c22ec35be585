/**
 * The servers the tests start (the suite's and each fault test's) and vitest's workers compile
 * PGlite's WebAssembly with V8's baseline compiler only (Liftoff), not its optimizing second
 * pass: a server starts with 0.6-0.7 CPU-seconds instead of 1.3-1.5, `PGlite.create()` costs 2.2 instead of 3.6,
 * and no test runs long enough to pay the optimizing back. Production keeps V8's defaults
 * (decision 036).
 */
export const testV8Flags = ['--liftoff-only']
