import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteImageAlt } from '#src/content/image-alt.content.ts'
import { projects } from './catalog/projects.ts'
import { siteImages } from './catalog/site.ts'
import {
  GALLERY_H,
  GALLERY_MAX_BYTES,
  GALLERY_W,
  galleryManifestSource,
  galleryProjectTasks,
  ImageWriter,
  outputPaths,
  repositoryRoot,
  siteManifestSource,
} from './render.ts'

describe('picture generator', () => {
  let outRoot: string
  beforeAll(async () => {
    outRoot = await mkdtemp(path.join(tmpdir(), 'images-smoke-'))
  })
  afterAll(async () => {
    await rm(outRoot, { recursive: true, force: true })
  })

  it("draws a gallery project's photo as a WebP of the gallery's size, into the folder it is given", async () => {
    const project = projects[0]
    if (!project) throw new Error('the catalog has no project')
    const out = new ImageWriter(outRoot)
    const [mainPhoto] = galleryProjectTasks(project, out)
    await mainPhoto?.()

    expect(out.written.map((w) => w.file)).toEqual([
      path.join(outputPaths.galleryBucket, `${project.category}/${project.slug}.webp`),
    ])
    const file = await readFile(path.join(outRoot, out.written[0]?.file ?? ''))
    const meta = await sharp(file).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: GALLERY_W, height: GALLERY_H })
    expect(file.length).toBeLessThanOrEqual(GALLERY_MAX_BYTES)
  })

  it('writes the committed site-images.ts as it is', async () => {
    const committed = await readFile(path.join(repositoryRoot, outputPaths.siteManifest), 'utf8')
    expect(siteManifestSource()).toBe(committed)
  })

  it("writes the committed gallery manifest as it is, each project's scope, weeks and budget included", async () => {
    const committed = await readFile(
      path.join(repositoryRoot, outputPaths.galleryBucket, 'manifest.json'),
      'utf8',
    )
    expect(galleryManifestSource()).toBe(committed)
    expect(JSON.parse(committed)[0]).toMatchObject({
      scope: expect.any(String),
      weeks: expect.any(Number),
      budgetFrom: expect.any(Number),
      budgetTo: expect.any(Number),
    })
  })

  it('has a picture for every alt text in src/content', () => {
    expect(siteImages.map((def) => def.name).sort()).toEqual(Object.keys(siteImageAlt).sort())
  })
})
