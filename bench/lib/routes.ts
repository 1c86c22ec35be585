/** The pages issue 6 measures (first load and Lighthouse). */
export const benchRoutes = [
  '/',
  '/gallery',
  '/services/kitchen-remodeling',
  '/areas-of-service/concord-kitchen-remodeling',
  '/faq',
  '/contact-us',
]
