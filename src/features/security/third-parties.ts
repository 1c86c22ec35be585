/**
 * The third parties a page embeds, by its path. Its Content-Security-Policy allows those and no
 * others (src/server/page-security.server.ts); reload-for-third-parties.ts keeps client-side
 * navigation within that policy. Plain paths, so the policy does not depend on the route tree:
 * third-parties.typecheck.ts checks that each one is a route.
 */
export type ThirdParty = 'hcaptcha' | 'mapFrame'

export const thirdPartiesByPage = {
  '/contact-us': ['hcaptcha', 'mapFrame'],
  '/service-areas': ['mapFrame'],
} as const satisfies Record<string, readonly ThirdParty[]>

export const thirdPartiesOf = (pathname: string): readonly ThirdParty[] =>
  Object.hasOwn(thirdPartiesByPage, pathname)
    ? thirdPartiesByPage[pathname as keyof typeof thirdPartiesByPage]
    : []
