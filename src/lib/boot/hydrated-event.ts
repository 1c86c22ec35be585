/** Dispatched on `document` once React has hydrated the page (`replay-early-taps.ts` waits for it). */
export const hydratedEvent = 'app:hydrated'
