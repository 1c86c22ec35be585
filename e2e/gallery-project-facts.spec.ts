import { readFileSync } from 'node:fs'
import { expect, gotoHydrated, test } from './fixtures'

type ManifestEntry = {
  path: string
  title: string
  scope?: string
  weeks?: number
  budgetFrom?: number
  budgetTo?: number
}
const manifest: ManifestEntry[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)
const dollars = (amount: number) => `$${amount.toLocaleString('en-CA')}`
const project = manifest.find((entry) => entry.path.startsWith('kitchen/') && entry.weeks)

test('a project says what it was: weeks and budget on its card, scope too in the viewer', async ({
  page,
}) => {
  if (!project?.scope || !project.weeks || !project.budgetFrom || !project.budgetTo)
    throw new Error('the shipped gallery has no kitchen with its facts')
  const budget = `${dollars(project.budgetFrom)}–${dollars(project.budgetTo)}`
  await gotoHydrated(page, '/gallery')
  const card = page
    .getByRole('list', { name: 'Projects' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: project.title, exact: true }) })
  await expect(card).toContainText(`${project.weeks} weeks · ${budget}`)

  await card.getByRole('link').click()
  const viewer = page.getByRole('dialog')
  await expect(viewer.getByRole('heading', { name: project.title })).toBeVisible()
  const facts = viewer.getByTestId('project-facts')
  await expect(facts.locator('dt')).toHaveText(['Scope', 'Duration', 'Budget'])
  await expect(facts.locator('dd')).toHaveText([project.scope, `${project.weeks} weeks`, budget])
})
