import { describe, expect, it } from 'vitest'
import { pageDataFreshUntil, renderRecordingFreshness } from './page-freshness.server'

describe('renderRecordingFreshness', () => {
  it('records the earliest freshness its data sources report, across awaits', async () => {
    const { result, freshness } = renderRecordingFreshness(async () => {
      pageDataFreshUntil(5_000)
      await new Promise((resolve) => setImmediate(resolve))
      pageDataFreshUntil(3_000)
      return 'page'
    })
    expect(await result).toBe('page')
    expect(freshness.until).toBe(3_000)
  })

  it('records a source that gave nothing fit to keep, and nothing outside a render', async () => {
    pageDataFreshUntil(undefined)
    const { result, freshness } = renderRecordingFreshness(async () =>
      pageDataFreshUntil(undefined),
    )
    await result
    expect(freshness.until).toBe(Number.NEGATIVE_INFINITY)
    expect(renderRecordingFreshness(() => 1).freshness.until).toBe(Number.POSITIVE_INFINITY)
  })
})
