/**
 * The one process every project follows, in order. Each service page describes all five stages
 * for its own work; the About page shows the four after the free consultation.
 */
export const processStages = [
  'Free Consultation',
  'Design & Planning',
  'Material Selection',
  'Professional Construction',
  'Final Inspection',
] as const

/** A list of steps whose titles are `stages`, in order: a step renamed or moved fails the parse. */
export const followsStages = (stages: readonly string[], steps: readonly { title: string }[]) =>
  steps.length === stages.length && steps.every((step, index) => step.title === stages[index])
