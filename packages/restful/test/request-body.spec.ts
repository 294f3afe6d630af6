/**
 * A body over the limit (issue #19): 413, `Connection: close`, and the connection closed promptly while the
 * client keeps sending, instead of reading the rest of a chunked upload until node's request timeout.
 */
import { flood } from '@apiserver/testing';
import t from 'tap';
import { Container } from '../src/container.js';
import { ServiceError } from '../src/service-error.js';
import { WebService } from '../src/web-service.js';
import { startServer } from './helpers/http.js';


t.test('413 closes the connection while the client keeps sending', async (t) => {
  const ws = new WebService().path('/echo').consumes('application/json').produces('application/json');
  ws.route(
    ws.post('').to(async (req, resp) => {
      try {
        resp.write((await req.body()).toString('utf8'));
      } catch (error) {
        if (error instanceof ServiceError) resp.writeServiceError(error.code, error);
        else throw error;
      }
    }),
  );
  const server = await startServer(new Container().add(ws).maxRequestBodyBytes(1024).handler());
  t.teardown(() => server.close());
  for (const [name, head, chunked] of [
    ['chunked upload', 'POST /echo HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', true],
    ['declared Content-Length over the limit', 'POST /echo HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n', false],
  ] as const) {
    const { response, closedAfterMs } = await flood(server.port, head, chunked);
    t.match(response, /^HTTP\/1\.1 413 /, `${name}: 413`);
    t.match(response, /\r\nConnection: close\r\n/i, `${name}: Connection: close`);
    t.ok(closedAfterMs !== undefined && closedAfterMs < 1000, `${name}: closed ${closedAfterMs?.toFixed(0)} ms after the 413`);
  }
  const ok = await server.send({ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: 'small' });
  t.equal(ok.text, 'small', 'bodies under the limit are read whole');
});
