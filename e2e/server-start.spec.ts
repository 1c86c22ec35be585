import { spawn } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { loggedText, unstructuredLines } from '#test/support/server-log-lines.ts'

function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string; unstructured: string[] }>((resolve) => {
    const child = spawn(process.execPath, ['.output/server/index.mjs'], {
      env: { ...process.env, DATA_DIR: '.data/e2e-env', ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.on('exit', (code) => {
      clearTimeout(timer)
      // What it said, unescaped; every line must be JSON with a level.
      resolve({ code, output: loggedText(output), unstructured: unstructuredLines(output) })
    })
  })
}

test('the server refuses to start on a bad variable and names it', async () => {
  const port = await startServer({ PORT: 'abc' })
  expect(port.code).toBe(1)
  expect(port.unstructured).toEqual([])
  expect(port.output).toContain('PORT must be a whole number (got "abc")')

  const proxy = await startServer({ TRUST_PROXY: 'private, 10.0.0.0/33' })
  expect(proxy.code).toBe(1)
  expect(proxy.output).toContain('TRUST_PROXY must be true, false, a number of proxies')
  expect(proxy.output).toContain('"10.0.0.0/33" is not an address or a network')

  const supabase = await startServer({ SUPABASE_URL: 'https://demo.supabase.co' })
  expect(supabase.code).toBe(1)
  expect(supabase.output).toContain(
    'SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SECRET_KEY must be set together',
  )
})
