import { notFoundHead } from '#src/lib/seo/seo-route.ts'

/** The head of a service or location page that does not exist (the route answers 404). */
export const serviceNotFoundHead = notFoundHead(
  'Service Not Found',
  'We could not find that service. Browse all of our remodeling services.',
)
