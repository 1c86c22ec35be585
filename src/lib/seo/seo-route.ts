import { company } from '#app.config.ts'
import { type PageHeadInput, pageHead } from './page-head'
import { breadcrumbJsonLd } from './structured-data'

type HeadContext = { loaderData?: { seo: PageHeadInput } }
type MatchHeadContext = HeadContext & { match: { status: string } }

export type PageSeoInput = Omit<PageHeadInput, 'siteUrl'> & {
  /** The page's name in its breadcrumb (Home › name), added after its other structured data. */
  breadcrumb?: string
}

/**
 * A page's loader data: the head input written from the page's copy. Routes call it in a loader
 * split with the component (`codeSplitGroupings: [['loader', 'component']]`), so each page's
 * copy stays out of every other page's scripts.
 */
export function pageSeo(
  siteUrl: string,
  { title, description, path, lcpImage, structuredData, breadcrumb }: PageSeoInput,
): { seo: PageHeadInput } {
  const crumbs = breadcrumb ? [breadcrumbJsonLd(siteUrl, [{ name: breadcrumb, path }])] : []
  return {
    seo: {
      title,
      description,
      path,
      siteUrl,
      ...(lcpImage ? { lcpImage } : {}),
      ...(structuredData || breadcrumb
        ? { structuredData: [...(structuredData ?? []), ...crumbs] }
        : {}),
    },
  }
}

/** The head of a page whose loader returned `pageSeo(...)`. */
export const seoHead = ({ loaderData }: HeadContext) => (loaderData ? pageHead(loaderData.seo) : {})

/** The same, for a page whose params may name nothing: it answers 404 with `notFound`. */
export const seoHeadOr =
  (notFound: ReturnType<typeof notFoundHead>) =>
  ({ match, loaderData }: MatchHeadContext) =>
    match.status === 'notFound' || !loaderData ? notFound : pageHead(loaderData.seo)

/** The head of a page that answers 404: its own title, never indexed. */
export function notFoundHead(title: string, description?: string) {
  return {
    meta: [
      { title: `${title} | ${company.shortName}` },
      ...(description ? [{ name: 'description', content: description }] : []),
      { name: 'robots', content: 'noindex' },
    ],
  }
}
