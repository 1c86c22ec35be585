import * as v from 'valibot'

/** Every service that has a detail page at /services/$serviceId. */
export const serviceIds = [
  'kitchen-remodeling',
  'bathroom-remodeling',
  'commercial-remodeling',
  'design-build',
  'custom-carpentry-and-woodworking',
  'home-design',
  'general-contractor',
  'cabinet-carpentry',
  'laser-cutting-art',
] as const

export type ServiceId = (typeof serviceIds)[number]

export const serviceIdSchema = v.picklist(serviceIds)

export const isServiceId = (value: unknown): value is ServiceId => v.is(serviceIdSchema, value)
