import { createCsrfMiddleware, createMiddleware, createStart } from '@tanstack/react-start'
import { createScriptNonce, pageContentSecurityPolicy } from './server/page-security.server'
import { markServerFnReached } from './server/server-fn-guard.server'

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

/** Marks each call that reached a function: a 500 to any other is the caller's mistake. */
const serverFnReachedMiddleware = createMiddleware({ type: 'function' }).server(({ next }) => {
  markServerFnReached()
  return next()
})

export const startInstance = createStart(() => ({
  // A start file replaces Start's default request middleware: keep its CSRF check first.
  requestMiddleware: [
    createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' }),
    contentSecurityPolicyMiddleware,
  ],
  functionMiddleware: [serverFnReachedMiddleware],
}))

declare module '@tanstack/react-start' {
  interface Register {
    config: Awaited<ReturnType<typeof startInstance.getOptions>>
  }
}
