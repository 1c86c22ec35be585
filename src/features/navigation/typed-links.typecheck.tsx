/**
 * Compile-time proof that routes are typed end to end: `tsc` (part of `npm test`) fails if any
 * line marked @ts-expect-error starts to compile, so each one is a link the editor refuses.
 * Nothing here runs.
 */
import { Link } from '@tanstack/react-router'

export function TypedLinkExamples() {
  return (
    <>
      <Link to="/services/$serviceId" params={{ serviceId: 'kitchen-remodeling' }}>
        A known service
      </Link>
      <Link
        to="/areas-of-service/$locationService"
        params={{ locationService: 'midtown-toronto-design-build' }}
      >
        A known location page
      </Link>
      <Link to="/gallery" search={{ category: 'kitchen', sort: 'newest' }}>
        A valid gallery view
      </Link>

      {/* @ts-expect-error: no such route */}
      <Link to="/kitchens">Unknown route</Link>

      {/* @ts-expect-error: the service page needs its serviceId */}
      <Link to="/services/$serviceId">Missing param</Link>

      {/* @ts-expect-error: not a service id */}
      <Link to="/services/$serviceId" params={{ serviceId: 'roofing' }}>
        Unknown service
      </Link>

      <Link
        to="/areas-of-service/$locationService"
        // @ts-expect-error: not a location-service pair
        params={{ locationService: 'paris-kitchen-remodeling' }}
      >
        Unknown location
      </Link>

      {/* @ts-expect-error: category outside the gallery's search schema */}
      <Link to="/gallery" search={{ category: 'roofs' }}>
        Bad category
      </Link>

      {/* @ts-expect-error: sort outside the gallery's search schema */}
      <Link to="/gallery" search={{ sort: 'sideways' }}>
        Bad sort
      </Link>
    </>
  )
}
