import { createServerFn } from '@tanstack/react-start'
import { getEnvironment } from '~/server/env.server'

/** What the browser may know of the server's configuration: nothing secret. */
export const getPublicConfig = createServerFn({ method: 'GET' }).handler(() => {
  const env = getEnvironment()
  return { siteUrl: env.SITE_URL, hcaptchaSiteKey: env.HCAPTCHA_SITE_KEY }
})
