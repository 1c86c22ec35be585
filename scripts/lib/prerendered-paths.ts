/**
 * The pages whose content ships with the build: `scripts/prerender.ts` renders them after `vite
 * build`. Every page the navigation links (header, footer, sitemap) but those that show live data.
 */
import { legalNavigation, mainNavigation } from '#src/content/navigation.ts'
import type { FileRoutesByTo } from '#src/routeTree.gen.ts'

export const prerenderedPaths = [...mainNavigation, ...legalNavigation]
  .filter((link) => !('live' in link))
  .map((link) => link.to) satisfies readonly (keyof FileRoutesByTo)[]
