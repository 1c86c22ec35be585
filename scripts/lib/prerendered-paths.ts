/** The pages whose content ships with the build: `scripts/prerender.ts` renders them after `vite build`. */
import type { FileRoutesByTo } from '#src/routeTree.gen.ts'

export const prerenderedPaths = [
  '/',
  '/about-us',
  '/services',
  '/faq',
  '/service-areas',
  '/contact-us',
  '/privacy-policy',
  '/sitemap',
] as const satisfies readonly (keyof FileRoutesByTo)[]
