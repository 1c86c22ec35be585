/**
 * Compile-time check, nothing runs: `tsc` fails here if a page in thirdPartiesByPage is not a
 * route of the app (the router's registered route tree).
 */
import type { LinkOptions } from '@tanstack/react-router'
import type { thirdPartiesByPage } from './third-parties'

type NotARoute = Exclude<keyof typeof thirdPartiesByPage, NonNullable<LinkOptions['to']>>

export const everyThirdPartyPageIsARoute: [NotARoute] extends [never] ? true : NotARoute = true
