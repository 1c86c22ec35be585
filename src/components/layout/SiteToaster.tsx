import { lazy, Suspense } from 'react'
import { useToasterWanted } from './toaster-state'

const LazyToaster = lazy(() => import('./Toaster.lazy'))

/** Bottom-right toasts, mounted with the first one (see notify.ts). */
export function SiteToaster() {
  const wanted = useToasterWanted()
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null
}
