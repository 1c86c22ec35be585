import { describe, expect, it } from 'vitest'
import { company, hcaptchaTestKeys } from '../../app.config'
import { EnvironmentError, parseEnvironment } from './env.server'

describe('parseEnvironment', () => {
  it('runs on embedded defaults when nothing is set', () => {
    const env = parseEnvironment({})
    expect(env).toMatchObject({
      PORT: 3000,
      SITE_URL: 'http://localhost:3000',
      DATA_DIR: '.data',
      HCAPTCHA_SITE_KEY: hcaptchaTestKeys.siteKey,
      HCAPTCHA_SECRET: hcaptchaTestKeys.secret,
      CONTACT_TO_EMAIL: company.email,
    })
    expect(env.SUPABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('treats empty values as unset and trims the site URL', () => {
    const env = parseEnvironment({ SUPABASE_URL: '', PORT: ' ', SITE_URL: 'https://a.example/' })
    expect(env.SUPABASE_URL).toBeUndefined()
    expect(env.PORT).toBe(3000)
    expect(env.SITE_URL).toBe('https://a.example')
  })

  it('names the bad variable and its value', () => {
    expect(() => parseEnvironment({ PORT: 'abc' })).toThrow(EnvironmentError)
    expect(() => parseEnvironment({ PORT: 'abc' })).toThrow(
      /PORT must be a whole number \(got "abc"\)/,
    )
    expect(() => parseEnvironment({ PORT: '70000' })).toThrow(/PORT must be at most 65535/)
    expect(() => parseEnvironment({ SITE_URL: 'nope' })).toThrow(/SITE_URL must be an absolute URL/)
    expect(() => parseEnvironment({ CONTACT_TO_EMAIL: 'x' })).toThrow(/CONTACT_TO_EMAIL/)
    expect(() => parseEnvironment({ SITE_URL: 'javascript:alert(1)' })).toThrow(
      /SITE_URL must be an http or https URL/,
    )
  })

  it('requires the Supabase URL and key together', () => {
    expect(() => parseEnvironment({ SUPABASE_URL: 'https://x.supabase.co' })).toThrow(
      /SUPABASE_URL and SUPABASE_ANON_KEY must be set together/,
    )
    const env = parseEnvironment({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'k' })
    expect(env.SUPABASE_URL).toBe('https://x.supabase.co')
  })
})
