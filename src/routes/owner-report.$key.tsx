import { createFileRoute, notFound } from '@tanstack/react-router'
import { SiteReportPage } from '#src/features/site-report/components/SiteReportPage.tsx'
import { ownerReportHead } from '#src/features/site-report/owner-report-head.ts'
import { getOwnerReport } from '#src/features/site-report/site-report.functions.ts'
import { pageCacheControl } from '#src/lib/seo/cache-control.ts'

// The owner's field report, at a path only OWNER_REPORT_KEY opens: 404 otherwise, never indexed,
// never kept by a cache, not in the sitemap.
export const Route = createFileRoute('/owner-report/$key')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ params }) => {
    const { report, contactCheck } = await getOwnerReport({ data: { key: params.key } })
    if (!report) throw notFound()
    return { report, contactCheck }
  },
  headers: () => ({ 'cache-control': pageCacheControl.never, 'x-robots-tag': 'noindex, nofollow' }),
  head: ownerReportHead,
  component: OwnerReportRoute,
})

function OwnerReportRoute() {
  const { report, contactCheck } = Route.useLoaderData()
  return <SiteReportPage report={report} contactCheck={contactCheck} />
}
