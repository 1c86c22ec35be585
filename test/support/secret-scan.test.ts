import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { company } from '#app.config.ts'
import { hcaptchaTestKeys } from '#src/server/env-schema.server.ts'
import {
  configuredSecretRules,
  parseDotEnv,
  type SecretRule,
  scanDirectory,
  scanText,
  serverOnlyVariableNames,
  structuralSecretRules,
  supabaseJsMarkers,
} from './secret-scan'

/** A fake minified asset with something hidden in the middle of ordinary code. */
const asset = (hidden: string) =>
  `import{r as e}from"./react-x.js";var t=e(),n=\`${hidden}\`;function a(){return t.jsx("div",{children:n})}export{a as default};`

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const serviceRoleJwt = [
  base64url({ alg: 'HS256', typ: 'JWT' }),
  base64url({ iss: 'supabase', ref: 'abcdefghijklmnop', role: 'service_role', iat: 1, exp: 2 }),
  'K8pV3oL1y0sN8bJ2cQ4rT6uW9xZ1aB3dE5fG7hI9jK0',
].join('.')

const rulesHit = (text: string, rules: readonly SecretRule[] = structuralSecretRules) =>
  scanText('asset.js', asset(text), rules).map((finding) => finding.rule)

describe('secret scan: every rule finds its marker', () => {
  it.each(serverOnlyVariableNames.map((name) => [name]))('the variable name %s', (name) => {
    expect(rulesHit(`process.env.${name}`)).toContain(`server-only variable name ${name}`)
  })

  it('SUPABASE_SERVICE_ROLE_KEY and friends, by prefix', () => {
    expect(rulesHit('SUPABASE_SERVICE_ROLE_KEY')).toContain(
      'server-only variable name SUPABASE_SERVICE_ROLE',
    )
  })

  it.each(supabaseJsMarkers.map((marker) => [marker]))('supabase-js code: %s', (marker) => {
    expect(rulesHit(`class ${marker.replace(/\W/g, '')}{} "${marker}"`)).toContain(
      `supabase-js code (${marker})`,
    )
  })

  it('a service_role JWT, as a JWT, as base64 JSON and by its role', () => {
    expect(rulesHit(serviceRoleJwt)).toEqual(
      expect.arrayContaining(['JWT (eyJ…)', 'base64 JSON (eyJ… a token or key)']),
    )
    expect(rulesHit('{"role":"service_role"}')).toContain('service_role')
  })

  it('a private key block', () => {
    expect(rulesHit('-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBg')).toContain(
      'private key or certificate (-----BEGIN)',
    )
    expect(rulesHit('-----BEGIN OPENSSH PRIVATE KEY-----')).toContain(
      'private key or certificate (-----BEGIN)',
    )
  })

  it('SMTP and database credentials in a URL', () => {
    expect(rulesHit('smtp://mailer:hunter2@smtp.example.com:587')).toContain('credentials in a URL')
    expect(rulesHit('postgresql://postgres:pw@db.example.supabase.co:5432/postgres')).toContain(
      'credentials in a URL',
    )
  })

  it('stays quiet on ordinary code and near misses', () => {
    const clean =
      'const smtp = "SMTP"; const role = "service role"; const e = "eyJhb"; const rule = "-----"; ' +
      'const link = "https://supabase.com/docs"; const mail = "mailto:info@example.com"; ' +
      'const url = "https://user@example.com/path"; const pg = "PostgREST";'
    expect(scanText('clean.js', asset(clean), structuralSecretRules)).toEqual([])
  })
})

/** A made-up secret in hCaptcha's format, assembled at run time so the source holds no
 * 40-digit hex literal that looks like a committed key. */
const canaryCaptchaSecret = `0x${'A1b2C3d4E5'.repeat(4)}`

describe('configured secrets', () => {
  const rules = configuredSecretRules({
    env: {
      HCAPTCHA_SECRET: canaryCaptchaSecret,
      SMTP_URL: 'smtp://mailer:s3cret-pass@smtp.example.com:587',
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleJwt,
      CONTACT_TO_EMAIL: company.email,
      SITE_URL: 'https://www.example.com',
      HOME: '/root/private-home',
    },
    dotEnv: [
      '# a comment',
      'HCAPTCHA_SITE_KEY=10000000-ffff-ffff-ffff-000000000001',
      'SUPABASE_DB_URL="postgres://postgres:db-pass-123@localhost:5432/postgres"',
      "export OTHER_TOKEN='tok_live_51H8xYz'",
      'TRUST_PROXY=true',
      'PORT=3000',
    ].join('\n'),
    defaults: { HCAPTCHA_SECRET: hcaptchaTestKeys.secret },
    publicValues: [company.email],
  })
  const found = (text: string) => scanText('asset.js', asset(text), rules)

  it('finds each configured server secret, from the environment and from .env', () => {
    for (const value of [
      canaryCaptchaSecret,
      'smtp://mailer:s3cret-pass@smtp.example.com:587',
      serviceRoleJwt,
      'postgres://postgres:db-pass-123@localhost:5432/postgres',
      'tok_live_51H8xYz',
      hcaptchaTestKeys.secret,
    ]) {
      expect(found(`x${value}y`), value).toHaveLength(1)
    }
  })

  it('leaves public and trivial values alone, and ignores variables it does not own', () => {
    for (const value of [
      company.email,
      'https://www.example.com',
      '10000000-ffff-ffff-ffff-000000000001',
      'true',
      '3000',
      '/root/private-home',
    ]) {
      expect(found(value), value).toEqual([])
    }
  })

  it('never prints the secret it found', () => {
    const [finding] = found(canaryCaptchaSecret)
    expect(finding?.rule).toBe('secret value (environment HCAPTCHA_SECRET)')
    expect(finding?.excerpt).not.toContain('0xA1b2')
  })

  it('reads .env quoting and comments', () => {
    expect(parseDotEnv('A=1 # note\nB="two words"\n# C=3\nexport D=\'4\'\nnot a line')).toEqual({
      A: '1',
      B: 'two words',
      D: '4',
    })
  })
})

describe('scanDirectory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'secret-scan-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('reads every file, nested and binary, and reports where each find is', () => {
    mkdirSync(join(dir, 'assets', 'deep'), { recursive: true })
    writeFileSync(join(dir, 'index.html'), '<!doctype html><p>clean</p>')
    writeFileSync(join(dir, 'assets', 'clean.js'), asset('nothing to see'))
    writeFileSync(join(dir, 'assets', 'deep', 'client.js'), asset('new GoTrueClient()'))
    writeFileSync(
      join(dir, 'assets', 'photo.webp'),
      Buffer.concat([
        Buffer.from([0x52, 0x49, 0x46, 0x46, 0xff, 0x00]),
        Buffer.from('service_role'),
      ]),
    )
    const { files, findings } = scanDirectory(dir, structuralSecretRules)
    expect(files).toHaveLength(4)
    expect(findings.map((finding) => [finding.file, finding.rule])).toEqual([
      [join('assets', 'deep', 'client.js'), 'supabase-js code (GoTrueClient)'],
      [join('assets', 'photo.webp'), 'service_role'],
    ])
  })
})
