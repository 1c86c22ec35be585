/**
 * Start's default browser entry, with two changes. The app is fetched and started after the
 * page's first paint and its hero picture's (at most 1.5 s after that first paint, or at the
 * first tap or key press): until then its download would compete with the hero picture on a slow
 * connection and its start-up work would hold the paint back, while every control already works
 * without it (links, <details>, the menu's <dialog>, real forms). And what a visitor typed into
 * a form before the app arrived is remembered until the form takes it, because React resets
 * controlled fields to their rendered values when it hydrates them.
 */
import { afterFirstPaint } from '~/features/boot/after-first-paint'
import { afterHeroPicture } from '~/features/boot/after-hero-picture'
import { cacheHeadingFontWhenIdle } from '~/features/boot/heading-font'
import { rememberTypedFields } from '~/features/boot/typed-before-hydration'

rememberTypedFields()
cacheHeadingFontWhenIdle()
await afterFirstPaint()
await afterHeroPicture(1_500)
await import('./client-hydrate')
