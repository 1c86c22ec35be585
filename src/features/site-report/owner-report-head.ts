import { pageNotFound } from '~/components/layout/NotFoundPage'
import { notFoundHead } from '~/features/seo/seo-route'

/** The owner's page: its own title and description, and never indexed, found or not. */
export const ownerReportHead = ({ match }: { match: { status: string } }) =>
  match.status === 'notFound'
    ? notFoundHead(pageNotFound.title, pageNotFound.description)
    : notFoundHead('Field Report', 'How real visitors fared over the last 28 days, per page.')
