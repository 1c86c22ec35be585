import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { getEnvironment } from './server/env.server'
import { contentSecurityPolicy } from './server/security-headers'

/** A fresh script nonce per request; pages get a Content-Security-Policy that names it. */
const contentSecurityPolicyMiddleware = createMiddleware().server(async ({ next }) => {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString('base64')
  const result = await next({ context: { nonce } })
  if (result.response.headers.get('content-type')?.includes('text/html')) {
    const supabase = getEnvironment().SUPABASE_URL
    result.response.headers.set(
      'content-security-policy',
      contentSecurityPolicy({ nonce, imageOrigins: supabase ? [new URL(supabase).origin] : [] }),
    )
  }
  return result
})

export const startInstance = createStart(() => ({
  // A start file replaces Start's default request middleware: keep its CSRF check first.
  requestMiddleware: [
    createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' }),
    contentSecurityPolicyMiddleware,
  ],
}))

declare module '@tanstack/react-start' {
  interface Register {
    config: Awaited<ReturnType<typeof startInstance.getOptions>>
  }
}
