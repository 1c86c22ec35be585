import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { siteImages } from '#src/content/site-images.ts'
import { GalleryPage, loadProjectViewer } from '#src/features/gallery/components/GalleryPage.tsx'
import {
  galleryPageQueryOptions,
  galleryProjectQueryOptions,
} from '#src/features/gallery/gallery.queries.ts'
import {
  type GallerySearch,
  gallerySearchDefaults,
  gallerySearchSchema,
} from '#src/features/gallery/gallery-search.ts'
import { pageCacheControl } from '#src/lib/seo/cache-control.ts'
import { pageSeo, seoHead } from '#src/lib/seo/seo-route.ts'

export const Route = createFileRoute('/gallery')({
  validateSearch: gallerySearchSchema,
  search: { middlewares: [stripSearchParams(gallerySearchDefaults)] },
  // The loader (with the gallery's server function, and the head written from the page's
  // copy) loads with the component.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search: { category, sort, q, page, project } }) => ({
    category,
    sort,
    q,
    page,
    project,
  }),
  loader: async ({ context, deps: { project, ...view } }) => {
    // Not awaited: the shell streams at once and the grid follows in the same response.
    void context.queryClient.prefetchQuery(galleryPageQueryOptions(view))
    if (project) void context.queryClient.prefetchQuery(galleryProjectQueryOptions(view, project))
    // Code, not data: awaited, so the viewer's first server render does not stream behind a script.
    if (project && import.meta.env.SSR) await loadProjectViewer()
    return pageSeo(context.publicConfig.siteUrl, {
      title: `Project Gallery${view.page > 1 ? `, Page ${view.page}` : ''}: Kitchens, Bathrooms & Carpentry`,
      description:
        'Browse kitchens, bathrooms, commercial spaces and custom carpentry built by Maple Hearth Renovations across Richmond Hill and the Greater Toronto Area.',
      // A project is a page of its own (the sitemap lists them), and so is each page of the whole
      // gallery; a filtered view points at the main URL, as it did.
      path: project
        ? `/gallery?${new URLSearchParams({ project })}`
        : view.page > 1 && isWholeGallery(view)
          ? `/gallery?page=${view.page}`
          : '/gallery',
      lcpImage: siteImages['gallery-hero'],
      breadcrumb: 'Gallery',
    })
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: seoHead,
  component: GalleryRoute,
})

const isWholeGallery = ({ category, sort, q }: Pick<GallerySearch, 'category' | 'sort' | 'q'>) =>
  category === gallerySearchDefaults.category &&
  sort === gallerySearchDefaults.sort &&
  q === gallerySearchDefaults.q

function GalleryRoute() {
  return <GalleryPage search={Route.useSearch()} />
}
