import t from 'tap';
import { registerEntityAccessor } from '../src/entity/entity-accessors.js';
import { encodeJSON } from '../src/entity/json-accessor.js';
import { sortedMimes } from '../src/mime.js';
import { Response, setPrettyPrintResponses } from '../src/response.js';
import { ServiceError } from '../src/service-error.js';
import { startServer } from './helpers/http.js';

/** Runs `fn` on a Response over a real ServerResponse and returns what the client got. */
async function respond(fn: (resp: Response) => void, options: { accept?: string; produces?: string[]; method?: string } = {}) {
  let seen: Response | undefined;
  const server = await startServer((_req, res) => {
    const resp = new Response(res, { requestAccept: options.accept ?? '', routeProduces: options.produces ?? [] });
    seen = resp;
    fn(resp);
    void resp.end();
  });
  try {
    const reply = await server.send({ path: '/', method: options.method });
    return { ...reply, resp: seen as unknown as Response };
  } finally {
    await server.close();
  }
}

t.test('sortedMimes (mime_test.go)', async (t) => {
  const table: ReadonlyArray<[string, Array<[string, number]>]> = [
    ['text/html; q=0.8, text/javascript; q=0.9', [['text/javascript', 0.9], ['text/html', 0.8]]],
    ['a,b;q=0.5,c;q=0.5,d', [['a', 1], ['d', 1], ['b', 0.5], ['c', 0.5]]],
    ['x;q=abc,y', [['y', 1]]],
    ['*/* ; q=0.8, application/xml', [['application/xml', 1], ['*/* ', 0.8]]],
    ['', [['', 1]]],
    ['a;q=inf,b', [['a', Infinity], ['b', 1]]],
  ];
  for (const [accept, want] of table) {
    t.same(sortedMimes(accept).map((m) => [m.media, m.quality]), want, accept);
  }
  const issue400 = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3';
  t.equal(sortedMimes(issue400).length, 7, 'TestNonNumberQualityInAccept_issue400');
});

t.test('entity negotiation (§2.4, response_test.go)', async (t) => {
  const json = ['application/json'];
  const table: ReadonlyArray<{ name: string; accept: string; produces: string[]; status: number; type?: string }> = [
    { name: 'no Accept', accept: '', produces: json, status: 200, type: 'application/json' },
    { name: 'TestAcceptStarStar_Issue83', accept: 'application/bogus,*/*;q=0.8', produces: json, status: 200, type: 'application/json' },
    { name: 'TestAcceptXmlBeforeStarStar_Issue83', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', produces: json, status: 200, type: 'application/json' },
    { name: 'TestWriteEntityNoAcceptMatchWithProduces', accept: 'application/bogus', produces: json, status: 200, type: 'application/json' },
    { name: 'TestWriteEntityNoAcceptMatchNoProduces', accept: 'application/bogus', produces: [], status: 406 },
    { name: 'substring lookup on raw Accept', accept: 'application/json;as=Table;g=meta.k8s.io', produces: [], status: 200, type: 'application/json' },
    { name: 'q=0 still first by q order only', accept: 'text/plain;q=0.1, application/json;q=0.2', produces: ['text/plain', 'application/json'], status: 200, type: 'application/json' },
    { name: 'Produces */* and odd Accept', accept: 'text/csv', produces: ['*/*'], status: 406 },
  ];
  for (const row of table) {
    const r = await respond((resp) => resp.writeEntity({ a: 1 }), { accept: row.accept, produces: row.produces });
    t.equal(r.status, row.status, `${row.name}: status`);
    t.equal(r.headers['content-type'], row.type, `${row.name}: content type`);
    if (row.status === 406) t.equal(r.text, '', `${row.name}: empty 406 body`);
  }
});

t.test('JSON encoding and content length (response_test.go)', async (t) => {
  const pretty = await respond((resp) => resp.writeEntity({ Name: 'abc', V: 1 }), { produces: ['application/json'] });
  t.equal(pretty.text, '{\n "Name": "abc",\n "V": 1\n}', '1-space indent, no newline');
  t.equal(pretty.resp.contentLength(), pretty.text.length);
  const compact = await respond((resp) => {
    resp.prettyPrint(false);
    resp.writeEntity({ Value: 'x' });
  }, { produces: ['application/json'] });
  t.equal(compact.text, '{"Value":"x"}\n', 'compact + trailing newline');
  t.equal(compact.resp.contentLength(), 14);
  t.equal(encodeJSON({ h: '<a&b>' }, false), '{"h":"\\u003ca\\u0026b\\u003e"}\n', 'HTML escaping like encoding/json');
  t.equal(encodeJSON(undefined, false), 'null\n');
  setPrettyPrintResponses(false);
  const global = await respond((resp) => resp.writeAsJson([1, 2]));
  setPrettyPrintResponses(true);
  t.equal(global.text, '[1,2]\n', 'PrettyPrintResponses off');
  const created = await respond((resp) => resp.writeHeaderAndEntity(201, { id: 1 }), { produces: ['application/json'] });
  t.same([created.status, created.headers['content-type']], [201, 'application/json'], 'TestStatusCreatedAndContentTypeJson_Issue54');
  const nf = await respond((resp) => resp.writeHeaderAndEntity(404, { message: 'x' }), { produces: ['application/json'] });
  t.same([nf.status, nf.headers['content-type']], [404, 'application/json'], 'TestWriteHeaderAndEntity_Issue235');
  const nil = await respond((resp) => resp.writeHeaderAndEntity(204, null), { produces: ['application/json'] });
  t.same([nil.status, nil.headers['content-type'], nil.text], [204, undefined, ''], 'nil entity writes only the status');
  const custom = await respond((resp) => resp.writeHeaderAndJson(202, { a: 1 }, 'application/merge-patch+json'));
  t.same([custom.status, custom.headers['content-type']], [202, 'application/merge-patch+json']);
  const wj = await respond((resp) => resp.writeJson({ a: 1 }, 'application/vnd+json'));
  t.same([wj.status, wj.headers['content-type']], [200, 'application/vnd+json']);
});

t.test('status handling (response_test.go)', async (t) => {
  const header = await respond((resp) => resp.writeHeader(123 + 100));
  t.same([header.status, header.resp.statusCode()], [223, 223], 'TestWriteHeader');
  const none = await respond(() => undefined);
  t.same([none.status, none.resp.statusCode(), none.headers['content-length']], [200, 200, '0'], 'TestNoWriteHeader');
  const noContent = await respond((resp) => resp.writeHeader(204));
  t.same([noContent.status, noContent.headers['content-length']], [204, undefined], 'TestWriteHeaderNoContent_Issue124');
  const notModified = await respond((resp) => resp.writeHeader(304));
  t.equal(notModified.status, 304, 'Issue163');
  const twice = await respond((resp) => {
    resp.writeHeader(201);
    resp.header().set('X-Late', 'no');
    resp.writeHeader(500);
  });
  t.same([twice.status, twice.resp.statusCode(), twice.headers['x-late']], [201, 500, undefined], 'first status on the wire, headers fixed');
  const errString = await respond((resp) => resp.writeErrorString(400, 'bad'));
  t.same([errString.status, errString.text, errString.headers['content-type'], errString.resp.contentLength()], [400, 'bad', 'text/plain; charset=utf-8', 3]);
  t.match(String(errString.resp.error()), /bad/);
  const nilErr = await respond((resp) => resp.writeError(500, null));
  t.same([nilErr.status, nilErr.text, nilErr.headers['content-type']], [500, '', undefined], 'TestWriteErrorWithNil');
  const err = await respond((resp) => resp.writeError(409, new Error('conflict')));
  t.same([err.status, err.text], [409, 'conflict']);
  const se = await respond((resp) => resp.writeServiceError(405, new ServiceError(405, 'no', { Allow: 'GET' })), { produces: ['application/json'] });
  t.same(JSON.parse(se.text), { Code: 405, Message: 'no', Header: { Allow: ['GET'] } });
  const se2 = await respond((resp) => resp.writeServiceError(404, new ServiceError(404, 'gone')), { produces: ['application/json'] });
  t.equal(se2.text, '{\n "Code": 404,\n "Message": "gone",\n "Header": null\n}');
  const added = await respond((resp) => {
    resp.addHeader('X-A', '1').addHeader('X-A', '2');
    resp.header().set('X-B', 'b');
    resp.header().del('X-B');
    t.same(resp.header().values('X-A'), ['1', '2']);
    t.equal(resp.header().get('X-Missing'), '');
  });
  t.same([added.headers['x-a'], added.headers['x-b']], ['1, 2', undefined]);
});

t.test('streaming past the buffer and flush', async (t) => {
  const big = await respond((resp) => {
    resp.write('a'.repeat(3000));
    resp.write(new Uint8Array([98, 99]));
  });
  t.same([big.body.length, big.headers['transfer-encoding']], [3002, 'chunked']);
  const flushed = await respond((resp) => {
    resp.write('x');
    resp.flush();
  });
  t.same([flushed.text, flushed.headers['transfer-encoding']], ['x', 'chunked']);
  const head = await respond((resp) => resp.write('body'), { method: 'HEAD' });
  t.same([head.status, head.text, head.headers['content-length']], [200, '', '4'], 'HEAD keeps Content-Length, drops the body');
});

t.test('custom entity accessor (entity_accessors_test.go TestKeyValueEncoding)', async (t) => {
  registerEntityAccessor('application/kv', {
    read: (_req, body) => Object.fromEntries(body.toString().split('\n').filter(Boolean).map((l) => l.split('='))),
    write(resp, status, value) {
      resp.header().set('Content-Type', 'application/kv');
      resp.writeHeader(status);
      for (const [k, v] of Object.entries(value as Record<string, string>)) resp.write(`${k}=${v}\n`);
    },
  });
  const r = await respond((resp) => resp.writeEntity({ Name: 'Joe' }), { accept: 'application/kv,*/*;q=0.8', produces: ['application/kv', 'application/json'] });
  t.same([r.headers['content-type'], r.text], ['application/kv', 'Name=Joe\n']);
  const set = await respond((resp) => {
    resp.setRequestAccepts('application/kv');
    resp.writeEntity({ a: 'b' });
  }, { produces: ['application/kv'] });
  t.equal(set.text, 'a=b\n', 'setRequestAccepts');
});

t.test('measured content lengths (response_test.go)', async (t) => {
  const pretty = await respond((resp) => resp.writeAsJson({ Kind: 'apple' }));
  t.equal(pretty.resp.contentLength(), 20, 'TestMeasureContentLengthJson');
  const compact = await respond((resp) => {
    resp.prettyPrint(false);
    resp.writeAsJson({ Kind: 'apple' });
  });
  t.equal(compact.resp.contentLength(), 17, 'TestMeasureContentLengthJsonNotPretty');
  const err = await respond((resp) => resp.writeErrorString(404, 'Invalid'));
  t.same([err.resp.contentLength(), err.resp.statusCode()], [7, 404], 'TestMeasureContentLengthWriteErrorString, TestStatusIsPassedToResponse');
});

t.test('write reports backpressure and drain waits for it', async (t) => {
  const server = await startServer((_req, res) => {
    const resp = new Response(res);
    void (async () => {
      let full = 0;
      for (let i = 0; i < 64; i++) {
        if (!resp.write(Buffer.alloc(64 * 1024, 97))) {
          full++;
          await resp.drain();
        }
      }
      resp.setRequestAccepts('');
      resp.write(`|${full > 0 ? 'saw backpressure' : 'no backpressure'}`);
      await resp.end();
    })();
  });
  t.teardown(() => server.close());
  const r = await server.send({ path: '/' });
  t.equal(r.body.length, 64 * 64 * 1024 + '|saw backpressure'.length);
  t.ok(r.text.endsWith('|saw backpressure'));
});

t.test('drain removes its losing once listeners (Response.drain listener leak)', async (t) => {
  const counts: string[] = [];
  const server = await startServer((_req, res) => {
    const resp = new Response(res);
    const count = (): string => `${res.listenerCount('drain')}/${res.listenerCount('close')}/${res.listenerCount('error')}`;
    void (async () => {
      const before = count();
      let drained = 0;
      for (let i = 0; i < 64; i++) {
        if (!resp.write(Buffer.alloc(64 * 1024, 97))) {
          await resp.drain();
          drained++;
          counts.push(count());
        }
      }
      resp.setRequestAccepts('');
      resp.write(`|${drained}|${before}`);
      await resp.end();
    })();
  });
  t.teardown(() => server.close());
  const r = await server.send({ path: '/' });
  const [, drained, before] = r.text.slice(64 * 64 * 1024).split('|');
  t.ok(Number(drained) > 0, `drain was awaited ${drained} times`);
  t.same(counts, counts.map(() => before), `listener counts (drain/close/error) stay at ${before} after every drain`);
});
