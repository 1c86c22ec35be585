/** The part of autocannon 9's API the benches use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export interface AutocannonRequest {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    // biome-ignore lint/suspicious/noExplicitAny: the context is whatever the caller keeps in it
    setupRequest?: (request: AutocannonRequest, context: any) => AutocannonRequest | undefined
    onResponse?: (
      status: number,
      body: string,
      // biome-ignore lint/suspicious/noExplicitAny: see setupRequest
      context: any,
      headers: Record<string, string | string[]>,
    ) => void
  }

  export interface AutocannonOptions {
    url: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    pipelining?: number
    headers?: Record<string, string>
    method?: AutocannonRequest['method']
    body?: string | Buffer
    requests?: AutocannonRequest[]
  }

  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }

  export interface AutocannonResult {
    url: string
    requests: Histogram & { sent: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
    resets: number
    duration: number
    start: Date
    finish: Date
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
  }

  export interface Instance extends EventEmitter, PromiseLike<AutocannonResult> {
    stop(): void
  }

  function autocannon(options: AutocannonOptions): Instance
  export default autocannon
}
