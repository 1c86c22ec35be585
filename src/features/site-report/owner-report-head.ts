import { pageNotFound } from '#src/content/not-found.content.ts'
import { notFoundHead } from '#src/lib/seo/seo-route.ts'

/** The owner's page: its own title and description, and never indexed, found or not. */
export const ownerReportHead = ({ match }: { match: { status: string } }) =>
  match.status === 'notFound'
    ? notFoundHead(pageNotFound.title, pageNotFound.description)
    : notFoundHead('Field Report', 'How real visitors fared over the last 28 days, per page.')
