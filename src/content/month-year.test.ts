import { describe, expect, it } from 'vitest'
import { monthYear } from './month-year'

describe('monthYear', () => {
  it('names the month and the year, never the raw date', () => {
    expect(monthYear('2026-03-14')).toBe('March 2026')
    expect(monthYear('2025-12-31')).toBe('December 2025')
    expect(monthYear('2026-01-01')).toBe('January 2026')
    expect(monthYear('2026-09-30', 'short')).toBe('Sep 2026')
    expect(monthYear('2026-11-01T00:00:00Z', 'short')).toBe('Nov 2026')
  })

  it('refuses what is not a date rather than showing "undefined"', () => {
    expect(() => monthYear('2026-13-01')).toThrow(/YYYY-MM-DD/)
    expect(() => monthYear('March 2026')).toThrow(/YYYY-MM-DD/)
  })
})
