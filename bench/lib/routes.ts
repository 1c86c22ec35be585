/** The pages issue 6 measures (first load and Lighthouse). */
export const benchRoutes = [
  '/',
  '/gallery',
  '/services/kitchen-remodeling',
  '/areas-of-service/concord-kitchen-remodeling',
  '/faq',
  '/contact-us',
]

/** What a browser sends for a page: if the server ever compresses, the figures include it. */
export const browserPageHeaders = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'user-agent': 'maple-hearth-bench (autocannon)',
}
