import { describe, expect, it } from 'vitest'
import { company } from '#app.config.ts'
import { EnvironmentError, ignoredVariables, parseEnvironment } from './env.server'
import { hcaptchaTestKeys } from './env-schema.server'

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

  it('takes an owner report key only long and plain enough, and never repeats it', () => {
    expect(parseEnvironment({}).OWNER_REPORT_KEY).toBeUndefined()
    const key = `${'a'.repeat(20)}-_09`
    expect(parseEnvironment({ OWNER_REPORT_KEY: ` ${key} ` }).OWNER_REPORT_KEY).toBe(key)
    for (const bad of ['short-key', 'has spaces in it and is long enough', 'ünïcödé'.repeat(4)]) {
      let message = ''
      try {
        parseEnvironment({ OWNER_REPORT_KEY: bad })
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).toMatch(/OWNER_REPORT_KEY must be 24 to 128 letters/)
      expect(message).toContain('not shown')
      expect(message).not.toContain(bad)
    }
  })

  it('requires the Supabase URL and key together', () => {
    expect(() => parseEnvironment({ SUPABASE_URL: 'https://x.supabase.co' })).toThrow(
      /SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SECRET_KEY must be set together/,
    )
    expect(() =>
      parseEnvironment({ SUPABASE_URL: 'https://x.supabase.co', SUPABASE_ANON_KEY: 'k' }),
    ).toThrow(/must be set together/)
    const env = parseEnvironment({
      SUPABASE_URL: 'https://x.supabase.co',
      SUPABASE_ANON_KEY: 'sb_publishable_k',
      SUPABASE_SECRET_KEY: 'sb_secret_k',
    })
    expect(env.SUPABASE_URL).toBe('https://x.supabase.co')
    expect(() =>
      parseEnvironment({
        SUPABASE_URL: 'https://x.supabase.co',
        SUPABASE_ANON_KEY: 'sb_publishable_k',
        SUPABASE_SECRET_KEY: 'sb_publishable_k',
      }),
    ).toThrow(/SUPABASE_SECRET_KEY holds a publishable key/)
  })

  it('refuses a public production site on hCaptcha test keys, naming what to set', () => {
    const production = { NODE_ENV: 'production', SITE_URL: 'https://www.maple-hearth.example' }
    expect(() => parseEnvironment(production)).toThrow(
      /HCAPTCHA_SITE_KEY and HCAPTCHA_SECRET still hold hCaptcha's published test keys.*set HCAPTCHA_SITE_KEY and HCAPTCHA_SECRET/,
    )
    expect(() =>
      parseEnvironment({
        ...production,
        HCAPTCHA_SITE_KEY: 'real-site-key',
        HCAPTCHA_SECRET: '0xreal',
      }),
    ).not.toThrow()
    // On this machine, or not in production: the test keys are what make it run with nothing set.
    expect(() => parseEnvironment({ NODE_ENV: 'production' })).not.toThrow()
    expect(() => parseEnvironment({ SITE_URL: 'https://www.maple-hearth.example' })).not.toThrow()
  })

  it('reads whether the gallery may use Supabase image transformations: found out unless told', () => {
    expect(parseEnvironment({}).SUPABASE_IMAGE_TRANSFORMATIONS).toBe('auto')
    expect(
      parseEnvironment({ SUPABASE_IMAGE_TRANSFORMATIONS: ' Auto ' }).SUPABASE_IMAGE_TRANSFORMATIONS,
    ).toBe('auto')
    for (const on of ['true', 'TRUE', ' yes ', 'on', '1']) {
      expect(
        parseEnvironment({ SUPABASE_IMAGE_TRANSFORMATIONS: on }).SUPABASE_IMAGE_TRANSFORMATIONS,
      ).toBe('on')
    }
    for (const off of ['false', 'FALSE', ' no ', 'off', '0']) {
      expect(
        parseEnvironment({ SUPABASE_IMAGE_TRANSFORMATIONS: off }).SUPABASE_IMAGE_TRANSFORMATIONS,
      ).toBe('off')
    }
    expect(() => parseEnvironment({ SUPABASE_IMAGE_TRANSFORMATIONS: 'pro' })).toThrow(
      /SUPABASE_IMAGE_TRANSFORMATIONS must be auto, true or false \(got "pro"\)/,
    )
  })

  it('names variables that do nothing in the chosen mode', () => {
    const supabase = {
      SUPABASE_URL: 'https://x.supabase.co',
      SUPABASE_ANON_KEY: 'sb_publishable_k',
      SUPABASE_SECRET_KEY: 'sb_secret_k',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      DATA_DIR: '/srv/data',
    }
    expect(ignoredVariables(parseEnvironment(supabase), supabase).map((v) => v.name)).toEqual([
      'SMTP_URL',
      'DATA_DIR',
    ])
    const embedded = { MAIL_API_KEY: 're_x', SUPABASE_IMAGE_TRANSFORMATIONS: 'false' }
    expect(ignoredVariables(parseEnvironment(embedded), embedded).map((v) => v.name)).toEqual([
      'SUPABASE_IMAGE_TRANSFORMATIONS',
      'MAIL_API_KEY',
    ])
    expect(ignoredVariables(parseEnvironment({}), {})).toEqual([])
  })
})
