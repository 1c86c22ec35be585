import { createServer } from 'node:net'

/**
 * A port on 127.0.0.1 that nothing listens on right now (the system picks it). Used by the
 * prerender step, the benchmarks and tests that start their own servers.
 */
export const freeLoopbackPort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
