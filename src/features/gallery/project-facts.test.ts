import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { projectFactLines } from './project-facts'

describe('projectFactLines', () => {
  it('labels each fact the owner gave, in reading order, in dollars and weeks', () => {
    expect(
      projectFactLines({ scope: 'Full kitchen', weeks: 6, budget: { from: 30000, to: 80000 } }),
    ).toEqual([
      { label: 'Scope', value: 'Full kitchen' },
      { label: 'Duration', value: '6 weeks' },
      { label: 'Budget', value: '$30,000–$80,000' },
    ])
  })

  it('says one week, one figure for a band of one, and nothing for no facts', () => {
    expect(projectFactLines({ weeks: 1, budget: { from: 45000, to: 45000 } })).toEqual([
      { label: 'Duration', value: '1 week' },
      { label: 'Budget', value: '$45,000' },
    ])
    expect(projectFactLines(undefined)).toEqual([])
  })
})

describe('the sample projects', () => {
  type Entry = {
    path: string
    description: string
    scope?: string
    weeks?: number
    budgetFrom?: number
    budgetTo?: number
  }
  const samples: Entry[] = JSON.parse(
    readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
  )
  // The FAQ's figures: kitchens 4–8 weeks and $30,000–$80,000, bathrooms 2–4 weeks and $15,000–$40,000.
  const faq = {
    kitchen: { weeks: [4, 8], budget: [30_000, 80_000] },
    bathroom: { weeks: [2, 4], budget: [15_000, 40_000] },
  } as const

  it.each(Object.entries(faq))(
    '%s: each says what it was, within the FAQ’s figures',
    (category, range) => {
      const ofCategory = samples.filter((entry) => entry.path.startsWith(`${category}/`))
      expect(ofCategory.length).toBeGreaterThan(0)
      for (const { scope, weeks = 0, budgetFrom = 0, budgetTo = 0 } of ofCategory) {
        expect(scope?.trim()).toBeTruthy()
        expect(weeks).toBeGreaterThanOrEqual(range.weeks[0])
        expect(weeks).toBeLessThanOrEqual(range.weeks[1])
        expect(budgetFrom).toBeGreaterThanOrEqual(range.budget[0])
        expect(budgetTo).toBeLessThanOrEqual(range.budget[1])
        expect(budgetFrom).toBeLessThanOrEqual(budgetTo)
      }
    },
  )

  it('each sums itself up in 85–125 characters, whole sentences the viewer shows unclipped', () => {
    // The generator's catalog writes the manifest (npm run images): the two say the same.
    const catalog = readFileSync('tools/images/catalog/projects.ts', 'utf8')
    expect(samples.length).toBeGreaterThan(0)
    for (const { path, description } of samples) {
      expect(description.length, path).toBeGreaterThanOrEqual(85)
      expect(description.length, path).toBeLessThanOrEqual(125)
      expect(description, path).toMatch(/^Sample project: .+\.$/)
      expect(catalog, path).toContain(`'${description}'`)
    }
  })
})
