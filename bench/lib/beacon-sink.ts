/**
 * The control for bench/beacons.ts: a server that takes beacons and does nothing with them (reads
 * the body, answers 204), so sending the same load to it costs the machine what the sending
 * costs, and nothing of our server's handling. Prints its port, then serves until killed.
 *
 *   node bench/lib/beacon-sink.ts
 */
import { createServer } from 'node:http'

const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    response.writeHead(204)
    response.end()
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  console.log(typeof address === 'object' && address ? address.port : 0)
})
