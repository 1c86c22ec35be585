/** Start's table of server functions, a module its Vite plugin writes into the server build. */
declare module '#tanstack-start-server-fn-resolver' {
  /** The function's handler, its module imported on the first call for that id. */
  export function getServerFnById(
    id: string,
    access: { origin: 'client' | 'server' },
  ): Promise<unknown>
}
