/**
 * Compile-time checks, nothing runs: `tsc` fails here if a route pattern a beacon may name is not
 * a route of the app (the router's registered route ids), 404 aside; or if a page of the app is
 * neither measured nor the one page left out (the reporter in the browser checks only that one).
 */
import type { RegisteredRouter } from '@tanstack/react-router'
import type { MeasuredRoute, unmeasuredRoute } from './beacon-wire'

type RouteId = keyof RegisteredRouter['routesById']
type NotARoute = Exclude<MeasuredRoute, RouteId | '404'>

export const everyMeasuredRouteIsARoute: [NotARoute] extends [never] ? true : NotARoute = true

/** Routes that answer with a file or JSON, never a page the reporter sees. */
type ServerRoute =
  | '__root__'
  | '/healthz'
  | '/readyz'
  | '/robots.txt'
  | '/sitemap.xml'
  | '/storage/v1/object/public/gallery-variants/$'
  | '/storage/v1/object/public/gallery/$'
type PageNotClassified = Exclude<RouteId, MeasuredRoute | typeof unmeasuredRoute | ServerRoute>

export const everyPageIsMeasuredOrLeftOut: [PageNotClassified] extends [never]
  ? true
  : PageNotClassified = true
