import { createServerFn } from '@tanstack/react-start'
import { getEnvironment } from '#src/server/env.server.ts'

/** What the browser may know of the server's configuration: nothing secret. */
export const getPublicConfig = createServerFn({ method: 'GET' }).handler(() => {
  const env = getEnvironment()
  return { siteUrl: env.SITE_URL, hcaptchaSiteKey: env.HCAPTCHA_SITE_KEY }
})
