import { processStages } from './process'
import type { ServiceContent, ServicePageCopy } from './schemas/service.schema'
import { getServiceCard } from './service-cards'
import type { ServiceId } from './services'

/**
 * Each service's page copy is its own module (services/<id>.content.ts), loaded when its page
 * loads: a service page's scripts carry that service's copy and no other.
 */
const pageCopyModules = import.meta.glob<ServicePageCopy>('./services/*.content.ts', {
  import: 'default',
})

/** The file a service's page copy lives in. */
const servicePageCopyPath = (id: ServiceId) => `./services/${id}.content.ts`

/**
 * Everything a service's detail page shows: its name and card from the catalog, then its copy,
 * each step of its process titled by its stage (a description missing fails the content's parse).
 */
export async function loadService(id: ServiceId): Promise<ServiceContent> {
  const load = pageCopyModules[servicePageCopyPath(id)]
  if (!load) throw new Error(`No page copy for the service "${id}": add ${servicePageCopyPath(id)}`)
  const copy = await load()
  const process = processStages.map((title, index) => ({
    title,
    description: copy.process[index] ?? '',
  }))
  return { ...getServiceCard(id), ...copy, process }
}
