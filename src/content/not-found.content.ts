import type { PageNotFoundContent } from './schemas/page.schema'

/** The copy of the site-wide 404, also its head's title and description. */
export const pageNotFound: PageNotFoundContent = {
  title: 'Page Not Found',
  description:
    'The page you were looking for could not be found. Return home or contact Maple Hearth Renovations for help with your remodeling project.',
}
