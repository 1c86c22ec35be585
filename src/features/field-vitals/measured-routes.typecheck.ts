/**
 * Compile-time check, nothing runs: `tsc` fails here if a route pattern a beacon may name is not
 * a route of the app (the router's registered route ids), 404 aside.
 */
import type { RegisteredRouter } from '@tanstack/react-router'
import type { MeasuredRoute } from './beacon-wire'

type RouteId = keyof RegisteredRouter['routesById']
type NotARoute = Exclude<MeasuredRoute, RouteId | '404'>

export const everyMeasuredRouteIsARoute: [NotARoute] extends [never] ? true : NotARoute = true
