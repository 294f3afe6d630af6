/** The documents served over real `node:http`: as a plain handler and as restful routes in the documented Container. */
import { gunzipSync } from 'node:zlib';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { MIME_OPENAPI_V2_PROTOBUF, MIME_OPENAPI_V2_PROTOBUF_DEPRECATED, OpenAPIHandler, openAPIV2DocumentType } from '../src/index.js';
import { serve } from './helpers/http.js';
import { petsContainer } from './helpers/pets-service.js';
import { type Doc, openAPIV3Errors, swaggerErrors } from './helpers/validate.js';

const info = { title: 'Pets', version: '1.0.0' };

t.test('a plain node:http server: handle() serves both documents and leaves other requests alone', async (t) => {
  const container = petsContainer();
  const openapi = new OpenAPIHandler({ webServices: container, info });
  const server = await serve((req, res) => {
    if (!openapi.handle(req, res)) res.writeHead(404).end('not mine');
  });
  t.teardown(() => server.close());

  const v2 = await server.get('/openapi/v2');
  t.equal(v2.status, 200);
  t.equal(v2.headers['content-type'], 'application/json');
  t.same(swaggerErrors(JSON.parse(v2.body.toString())), [], 'served v2 validates');
  const v3 = await server.get('/openapi/v3?x=1');
  t.equal(v3.status, 200);
  t.same(openAPIV3Errors(JSON.parse(v3.body.toString())), [], 'served v3 validates');
  t.equal((await server.get('/pets/')).body.toString(), 'not mine');
  t.equal((await server.get('/openapi/v2', {}, 'POST')).status, 404, 'only GET and HEAD');
  const head = await server.get('/openapi/v3', {}, 'HEAD');
  t.equal(head.status, 200);
  t.equal(head.body.length, 0);
  t.equal(head.headers['content-length'], String(v3.body.length));
});

t.test('negotiation, protobuf, ETag revalidation and gzip', async (t) => {
  const openapi = new OpenAPIHandler({ webServices: petsContainer(), info, v2Path: '/swagger.json', v3Path: '/openapi.json' });
  const server = await serve((req, res) => {
    if (!openapi.handle(req, res)) res.writeHead(404).end();
  });
  t.teardown(() => server.close());

  const json = await server.get('/swagger.json');
  t.equal(json.status, 200, 'configured paths');
  const proto = await server.get('/swagger.json', { accept: MIME_OPENAPI_V2_PROTOBUF_DEPRECATED });
  t.equal(proto.headers['content-type'], MIME_OPENAPI_V2_PROTOBUF);
  const decoded = openAPIV2DocumentType().toObject(openAPIV2DocumentType().decode(proto.body)) as Doc;
  t.equal(decoded.swagger, '2.0');
  t.same(
    decoded.paths.path.map((p: { name: string }) => p.name),
    Object.keys(JSON.parse(json.body.toString()).paths),
    'the protobuf form holds the same paths',
  );
  t.equal((await server.get('/swagger.json', { accept: 'text/html' })).status, 406);
  t.equal((await server.get('/openapi.json', { accept: 'text/html' })).status, 406);

  const etag = String(json.headers.etag);
  t.match(etag, /^"[0-9A-F]{128}"$/, 'ETag: quoted uppercase SHA-512');
  t.equal((await server.get('/swagger.json', { 'if-none-match': etag })).status, 304);
  const gz = await server.get('/openapi.json', { 'accept-encoding': 'gzip' });
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.same(JSON.parse(gunzipSync(gz.body).toString()), JSON.parse((await server.get('/openapi.json')).body.toString()));
});

t.test('as restful routes in the documented Container; rebuilt when routes change', async (t) => {
  const container = petsContainer();
  const openapi = new OpenAPIHandler({ webServices: container, info });
  container.add(openapi.webService());
  t.equal(openapi.webService(), openapi.webService(), 'one WebService');
  const server = await serve(container.handler());
  t.teardown(() => server.close());

  const first = JSON.parse((await server.get('/openapi/v3')).body.toString());
  t.notOk('/openapi/v3' in first.paths, 'its own routes are not documented');
  t.same(Object.keys(first.paths), ['/adoptions/', '/pets/', '/pets/{name}']);
  const v2 = await server.get('/openapi/v2', { accept: MIME_OPENAPI_V2_PROTOBUF });
  t.equal(v2.status, 200);
  t.equal(v2.headers['content-type'], MIME_OPENAPI_V2_PROTOBUF);

  const extra = new WebService().path('/toys').produces('application/json');
  extra.route(extra.get('').to((_req, resp) => resp.writeEntity([])).operation('listToys').returns(200, 'OK', ['ball']));
  container.add(extra);
  const second = JSON.parse((await server.get('/openapi/v3')).body.toString());
  t.same(Object.keys(second.paths), ['/adoptions/', '/pets/', '/pets/{name}', '/toys/'], 'a WebService added later is documented');
  openapi.invalidate();
  t.same(JSON.parse((await server.get('/openapi/v3')).body.toString()), second, 'invalidate() rebuilds the same document');
});

t.test('webServices as a function', async (t) => {
  const container = petsContainer();
  const [pets] = container.registeredWebServices();
  const openapi = new OpenAPIHandler({ webServices: () => (pets === undefined ? [] : [pets]), info });
  t.same(Object.keys(openapi.openAPIV3().document.paths as object), ['/pets/', '/pets/{name}']);
  t.equal(openapi.swagger(), openapi.swagger(), 'cached until something changes');
});
