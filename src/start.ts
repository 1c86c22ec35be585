import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { createScriptNonce, pageContentSecurityPolicy } from './server/page-security.server'

/** A fresh script nonce per request; pages get a Content-Security-Policy that names it. */
const contentSecurityPolicyMiddleware = createMiddleware().server(async ({ next, pathname }) => {
  const nonce = createScriptNonce()
  const result = await next({ context: { nonce } })
  if (result.response.headers.get('content-type')?.includes('text/html')) {
    result.response.headers.set(
      'content-security-policy',
      pageContentSecurityPolicy(nonce, pathname),
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
