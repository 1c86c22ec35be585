import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import { siteImages } from '#src/content/site-images.ts'
import { GalleryPage, loadProjectViewer } from '#src/features/gallery/components/GalleryPage.tsx'
import {
  galleryPageQueryOptions,
  galleryProjectQueryOptions,
} from '#src/features/gallery/gallery.queries.ts'
import { galleryAddressShown } from '#src/features/gallery/gallery-pages.ts'
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
  // The viewer's photo is the browser's alone: a step between photos loads nothing.
  loaderDeps: ({ search: { image, ...deps } }) => deps,
  loader: async ({ context, deps: { project, ...view } }) => {
    // A shared link to a page past the end or to a project no longer shown is no page of its own:
    // its first render awaits the data and redirects to what the gallery shows instead.
    if (import.meta.env.SSR && (project !== undefined || view.page > 1)) {
      // A read that throws is the grid's to show, as when it streams: nothing is known missing.
      const read = await Promise.all([
        context.queryClient.ensureQueryData(galleryPageQueryOptions(view)),
        context.queryClient.ensureQueryData(galleryProjectQueryOptions(view, project)),
      ]).catch(() => undefined)
      const shown =
        read &&
        galleryAddressShown({ page: view.page, project }, { page: read[0], project: read[1] })
      if (shown) throw redirectToShown(shown)
    }
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

/** Temporary, as what the gallery shows changes; kept no longer than the list it was read from. */
const redirectToShown = ({ page, project }: { page: number; project: string | undefined }) =>
  redirect({
    to: '/gallery',
    search: (previous) => ({
      ...previous,
      page,
      project,
      image: project === undefined ? undefined : previous.image,
    }),
    statusCode: 307,
    headers: { 'cache-control': pageCacheControl.galleryData },
  })

const isWholeGallery = ({ category, sort, q }: Pick<GallerySearch, 'category' | 'sort' | 'q'>) =>
  category === gallerySearchDefaults.category &&
  sort === gallerySearchDefaults.sort &&
  q === gallerySearchDefaults.q

function GalleryRoute() {
  return <GalleryPage search={Route.useSearch()} />
}
