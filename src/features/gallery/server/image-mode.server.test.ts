import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest'
import {
  chooseImageMode,
  createImageModeProbe,
  type ImageTransformationsSetting,
  initialImageMode,
  photoPathsOfRows,
  probeRenderUrl,
  type RenderProbeOutcome,
} from './image-mode.server'

const rendered: RenderProbeOutcome = { kind: 'rendered' }
const refused: RenderProbeOutcome = {
  kind: 'refused',
  detail: 'HTTP 403 FeatureNotEnabled: feature not enabled for this tenant',
}
const inconclusive: RenderProbeOutcome = { kind: 'inconclusive', detail: 'HTTP 503' }

describe('chooseImageMode', () => {
  it('auto starts without render URLs and takes them only once one has answered with an image', () => {
    expect(initialImageMode('auto')).toBe('variants')
    expect(chooseImageMode('auto', 'variants', rendered)).toBe('render')
    expect(chooseImageMode('auto', 'variants', refused)).toBe('variants')
    expect(chooseImageMode('auto', 'variants', inconclusive)).toBe('variants')
    // Once working, a blip does not switch them off; a refusal does.
    expect(chooseImageMode('auto', 'render', inconclusive)).toBe('render')
    expect(chooseImageMode('auto', 'render', refused)).toBe('variants')
  })

  it('true starts with render URLs, and still gives way to a refusal: never a 403 for a photo', () => {
    expect(initialImageMode('on')).toBe('render')
    expect(chooseImageMode('on', 'render', inconclusive)).toBe('render')
    expect(chooseImageMode('on', 'render', refused)).toBe('variants')
    expect(chooseImageMode('on', 'variants', rendered)).toBe('render')
  })

  it('false never uses render URLs', () => {
    expect(initialImageMode('off')).toBe('variants')
    for (const outcome of [rendered, refused, inconclusive]) {
      expect(chooseImageMode('off', 'variants', outcome)).toBe('variants')
    }
  })
})

describe('photoPathsOfRows', () => {
  it('takes the photos of the gallery bucket that rows name, once each', () => {
    expect(
      photoPathsOfRows([
        { filename: 'kitchen/oak.webp' },
        { filename: '/kitchen/oak.webp' },
        { filename: 'https://elsewhere.example/a.jpg' },
        { filename: 'notes/readme.txt' },
        { filename: 42 },
        null,
        { filename: 'bathroom/spa.JPG' },
      ]),
    ).toEqual(['kitchen/oak.webp', 'bathroom/spa.JPG'])
  })
})

/** A Storage stand-in answering every request with `answer`. */
async function withStorage(
  answer: { status: number; type: string; body: string },
  check: (baseUrl: string, paths: string[]) => Promise<void>,
) {
  const paths: string[] = []
  const server = createServer((request, response) => {
    paths.push(request.url ?? '')
    response.writeHead(answer.status, { 'content-type': answer.type })
    response.end(answer.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  try {
    await check(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths)
  } finally {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
}

describe('probeRenderUrl', () => {
  it('asks for the thumbnail render URL the gallery itself uses: an image back means transformations work', async () => {
    await withStorage({ status: 200, type: 'image/webp', body: 'RIFF' }, async (baseUrl, paths) => {
      expect(await probeRenderUrl(baseUrl, 'kitchen/oak island.webp')).toEqual(rendered)
      expect(paths).toEqual([
        '/storage/v1/render/image/public/gallery/kitchen/oak%20island.webp?width=400&resize=contain&quality=70',
      ])
    })
  })

  it("Storage's 403 FeatureNotEnabled (Free plan, or the setting off) is a refusal", async () => {
    const body = JSON.stringify({
      statusCode: '403',
      error: 'FeatureNotEnabled',
      message: 'feature not enabled for this tenant',
    })
    await withStorage({ status: 403, type: 'application/json', body }, async (baseUrl) => {
      expect(await probeRenderUrl(baseUrl, 'kitchen/oak.webp')).toEqual(refused)
    })
  })

  it('a missing photo, a server error, a page that is no image, or no answer says nothing', async () => {
    const missing = '{"statusCode":"404","error":"not_found","message":"Object not found"}'
    await withStorage({ status: 404, type: 'application/json', body: missing }, async (baseUrl) => {
      expect(await probeRenderUrl(baseUrl, 'kitchen/oak.webp')).toEqual({
        ...inconclusive,
        detail: 'HTTP 404 not_found: Object not found',
      })
    })
    await withStorage({ status: 200, type: 'text/html', body: '<p>hi' }, async (baseUrl) => {
      expect(await probeRenderUrl(baseUrl, 'kitchen/oak.webp')).toMatchObject({
        kind: 'inconclusive',
        detail: 'HTTP 200',
      })
    })
    expect(await probeRenderUrl('http://127.0.0.1:1', 'kitchen/oak.webp')).toMatchObject({
      kind: 'inconclusive',
      detail: expect.stringMatching(/fetch failed/),
    })
  })
})

describe('createImageModeProbe', () => {
  afterEach(() => vi.useRealTimers())
  const setUp = (setting: ImageTransformationsSetting, answers: RenderProbeOutcome['kind'][]) => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 })
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    const probe = vi.fn(async (_photoPath: string): Promise<RenderProbeOutcome> => {
      const kind = answers.shift() ?? 'rendered'
      return kind === 'rendered' ? { kind } : { kind, detail: 'HTTP 403' }
    })
    const modes = createImageModeProbe({ setting, probe, log })
    return { modes, probe, log, advance: (ms: number) => vi.setSystemTime(Date.now() + ms) }
  }
  /** What each call of a log method said (its `msg`). */
  const said = (method: Mock) => method.mock.calls.map(([, fields]) => fields?.msg)
  const saying = (pattern: RegExp) =>
    expect.objectContaining({ msg: expect.stringMatching(pattern) })

  it('probes at the first gallery with photos, logs the mode once, and rechecks after a while', async () => {
    const { modes, probe, log, advance } = setUp('auto', ['rendered', 'rendered', 'refused'])
    expect(modes.mode()).toBe('variants')
    expect(await modes.settle([])).toBe('variants')
    expect(probe).not.toHaveBeenCalled()

    expect(await modes.settle(['kitchen/oak.webp'])).toBe('render')
    expect(log.info).toHaveBeenCalledTimes(1)
    expect(said(log.info)[0]).toMatch(
      /^Gallery images: render \(Supabase transformed kitchen\/oak\.webp; SUPABASE_IMAGE_TRANSFORMATIONS=auto/,
    )
    await modes.settle(['kitchen/oak.webp'])
    expect(probe).toHaveBeenCalledTimes(1)

    advance(600_000)
    expect(await modes.settle(['kitchen/oak.webp'])).toBe('render')
    expect(probe).toHaveBeenCalledTimes(2)
    expect(log.info).toHaveBeenCalledTimes(1)

    advance(600_000)
    expect(await modes.settle(['kitchen/oak.webp'])).toBe('variants')
    expect(log.info).toHaveBeenCalledTimes(2)
    expect(said(log.info)[1]).toMatch(/^Gallery images: variants \(Supabase refused/)
  })

  it('after an inconclusive probe tries again with backoff, on the next photo', async () => {
    const { modes, probe, log, advance } = setUp('auto', [
      'inconclusive',
      'inconclusive',
      'inconclusive',
    ])
    const photos = ['kitchen/a.webp', 'kitchen/b.webp']
    expect(await modes.settle(photos)).toBe('variants')
    expect(log.warn).toHaveBeenLastCalledWith(
      'gallery.image_mode_inconclusive',
      saying(/^Gallery images: variants for now .*trying again in 5 s/),
    )
    advance(4_999)
    await modes.settle(photos)
    expect(probe).toHaveBeenCalledTimes(1)
    advance(1)
    await modes.settle(photos)
    expect(probe.mock.calls.map(([path]) => path)).toEqual(['kitchen/a.webp', 'kitchen/b.webp'])
    expect(log.warn).toHaveBeenLastCalledWith(
      'gallery.image_mode_inconclusive',
      saying(/trying again in 30 s/),
    )
    advance(30_000)
    await modes.settle(photos)
    expect(log.warn).toHaveBeenLastCalledWith(
      'gallery.image_mode_inconclusive',
      saying(/trying again in 120 s/),
    )
    advance(120_000)
    expect(await modes.settle(photos)).toBe('render')
    expect(probe).toHaveBeenCalledTimes(4)
  })

  it('probeAgain makes the next settle ask at once (after a failed gallery load)', async () => {
    const { modes, probe } = setUp('auto', ['rendered', 'refused'])
    await modes.settle(['kitchen/oak.webp'])
    modes.probeAgain()
    expect(await modes.settle(['kitchen/oak.webp'])).toBe('variants')
    expect(probe).toHaveBeenCalledTimes(2)
  })

  it('runs one probe at a time', async () => {
    const { modes, probe } = setUp('auto', ['rendered'])
    const both = await Promise.all([
      modes.settle(['kitchen/oak.webp']),
      modes.settle(['kitchen/oak.webp']),
    ])
    expect(both).toEqual(['render', 'render'])
    expect(probe).toHaveBeenCalledTimes(1)
  })

  it('true that Supabase refuses falls back, and says so as an error', async () => {
    const { modes, log } = setUp('on', ['refused'])
    expect(modes.mode()).toBe('render')
    expect(await modes.settle(['kitchen/oak.webp'])).toBe('variants')
    expect(log.error).toHaveBeenCalledWith(
      'gallery.image_transformations_refused',
      saying(/^Gallery images: variants .*SUPABASE_IMAGE_TRANSFORMATIONS=true/),
    )
  })

  it('false never probes, and says so once', async () => {
    const { modes, probe, log } = setUp('off', [])
    expect(await modes.settle(['kitchen/oak.webp'])).toBe('variants')
    expect(probe).not.toHaveBeenCalled()
    expect(log.info).toHaveBeenCalledWith(
      'gallery.image_mode',
      saying(/^Gallery images: variants \(SUPABASE_IMAGE_TRANSFORMATIONS=false/),
    )
  })
})
