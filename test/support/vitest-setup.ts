import fc from 'fast-check'
import { afterEach, vi } from 'vitest'

// Property tests draw from one seed, so a run repeats exactly; FC_SEED=<n> explores another. A
// failing property prints its seed and path (fast-check's report), which replays it.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_127) })

// Test files share a process (vitest.config.ts, isolate: false): a test that fails before it
// restores real timers must not leave fake ones to the next file.
afterEach(() => {
  vi.useRealTimers()
})
