import type { Testimonial } from './schemas/testimonial.schema'

/** The cards under "What Our Clients Say" on the home page. */
export const homeTestimonials: readonly Testimonial[] = [
  {
    quote:
      'Our old kitchen had a wall right where we wanted an island. Maple Hearth opened it up, kept the dust off the rest of the house, and finished in just under seven weeks, right when they said they would. The estimate was the price we paid.',
    author: 'Sarah M.',
    town: 'Richmond Hill',
    projectType: 'Kitchen Remodeling',
    date: '2026-03-18',
    sample: true,
  },
  {
    quote:
      'We turned a cramped tub and tiny vanity into a walk-in shower with real storage. The crew explained the waterproofing before they tiled over it and cleaned up every afternoon. Three weeks start to finish.',
    author: 'David and Lina T.',
    town: 'Midtown Toronto',
    projectType: 'Bathroom Remodeling',
    date: '2025-11-04',
    sample: true,
  },
  {
    quote:
      'They renovated our showroom and staff washroom in phases so we never had to close. The same two people ran the job from the first walkthrough to the last inspection, which made it easy to keep track.',
    author: 'Marco R.',
    town: 'Concord',
    projectType: 'Commercial Remodeling',
    date: '2026-06-22',
    sample: true,
  },
]

/** More clients' words from the service areas: an area page shows those of its own town. */
export const locationTestimonials: readonly Testimonial[] = [
  {
    quote:
      'Our 1950s bungalow needed a new kitchen and an updated bathroom. Maple Hearth planned both on one schedule, found and fixed some old wiring along the way without any drama, and matched the new trim to what was already there.',
    author: 'Heather C.',
    town: 'Etobicoke',
    projectType: 'Kitchen & Bathroom Remodeling',
    date: '2025-09-12',
    sample: true,
  },
  {
    quote:
      'We finished the basement and redid the flooring and trim on the main floor in one go. Having one crew and one contact for everything made a big project feel manageable, and they kept the house livable the whole time.',
    author: 'Anthony D.',
    town: 'Concord',
    projectType: 'Home Improvement',
    date: '2026-08-27',
    sample: true,
  },
]

/** Every testimonial from `town`, for its area pages: never a client from another town. */
export const testimonialsFrom = (town: string) =>
  [...locationTestimonials, ...homeTestimonials].filter((testimonial) => testimonial.town === town)
