import fc from 'fast-check'

// Property tests draw from one seed, so a run repeats exactly; FC_SEED=<n> explores another. A
// failing property prints its seed and path (fast-check's report), which replays it.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_127) })
