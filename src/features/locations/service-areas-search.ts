import * as v from 'valibot'

export const serviceAreaViews = ['by-location', 'by-service'] as const
export type ServiceAreaView = (typeof serviceAreaViews)[number]

export const serviceAreasSearchDefaults = { view: 'by-location' } as const satisfies {
  view: ServiceAreaView
}

/** The /service-areas search params: which list shows; anything else shows the default. */
export const serviceAreasSearchSchema = v.object({
  view: v.optional(
    v.fallback(v.picklist(serviceAreaViews), serviceAreasSearchDefaults.view),
    serviceAreasSearchDefaults.view,
  ),
})
