import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { testV8Flags } from './test/support/test-v8-flags.ts'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
      'supabase/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'supabase/functions/**/*.deno.test.ts'],
    environment: 'node',
    globalSetup: ['test/support/vitest-global-setup.ts'],
    setupFiles: ['test/support/vitest-setup.ts'],
    // A test that asserts nothing fails: every test must be able to fail for a behaviour.
    expect: { requireAssertions: true },
    // Guards against a hang, not budgets: beside the end-to-end tests a database test that takes
    // 6 s alone took over 30 s (CPU budgets live in bench/).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each worker runs file after file in one process instead of a fresh one per file: 128
    // CPU-seconds for the whole run against 162, and the migrated PGlite image a process keeps
    // (test/support/supabase-schema.ts) serves every file after its first (decision 036). No test
    // leaves fake timers, mocks, a global or the environment behind it; three shuffled orders
    // passed. `npx vitest run --isolate` rules it out when a failure depends on order.
    isolate: false,
    // What a test stubs is undone after it, whatever it forgets (test/support/vitest-setup.ts
    // does the same for fake timers).
    unstubEnvs: true,
    unstubGlobals: true,
    // One test file per core (vitest's default leaves one core idle): the database tests spend
    // much of their time waiting on PostgreSQL and PGlite.
    maxWorkers: Math.max(2, availableParallelism()),
    execArgv: testV8Flags,
  },
})
