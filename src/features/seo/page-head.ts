import { company } from '../../../app.config'

export type PageHeadInput = {
  title: string
  description: string
  /** The page's canonical path, e.g. '/services/kitchen-remodeling'. */
  path: string
  siteUrl: string
}

export const absoluteUrl = (siteUrl: string, path: string) =>
  new URL(path, `${siteUrl}/`).toString()

/** The tags every page sets: its own title and description, and its canonical URL. */
export function pageHead({ title, description, path, siteUrl }: PageHeadInput) {
  const fullTitle = title.includes(company.shortName) ? title : `${title} | ${company.shortName}`
  const canonical = absoluteUrl(siteUrl, path)
  return {
    meta: [
      { title: fullTitle },
      { name: 'description', content: description },
      { property: 'og:title', content: fullTitle },
      { property: 'og:description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:url', content: canonical },
      { property: 'og:site_name', content: company.name },
    ],
    links: [{ rel: 'canonical', href: canonical }],
  }
}
