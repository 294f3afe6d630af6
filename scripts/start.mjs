// `npm start` (after `npm run build`): serves the @apiserver/restful example users API
// on 127.0.0.1. PORT selects the port (default 8080). Stops cleanly on SIGINT/SIGTERM.
import { createServer } from 'node:http';
import { createExampleContainer } from '@apiserver/restful';

const host = '127.0.0.1';
const port = Number.parseInt(process.env.PORT ?? '8080', 10);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`start: PORT must be a port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

const container = createExampleContainer({ log: true });
const server = createServer(container.handler());

server.on('error', (error) => {
  if (error.code === 'EADDRINUSE') {
    console.error(`start: port ${port} on ${host} is already in use; stop the other process or set PORT, e.g. PORT=8081 npm start`);
  } else {
    console.error(`start: cannot listen on ${host}:${port}: ${error.message}`);
  }
  process.exit(1);
});

server.listen(port, host, () => {
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address !== null ? address.port : port}`;
  console.log(`restful example users API listening on ${url}`);
  console.log(`try: curl -s ${url}/users/1`);
  console.log(`     curl -s -X POST -H 'Content-Type: application/json' -d '{"name":"Grace"}' ${url}/users`);
});

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`received ${signal}, shutting down`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
  }, 2000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
