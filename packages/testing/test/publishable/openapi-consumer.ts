/**
 * The program a restful-only user writes (the `@apiserver/openapi` README's example): a WebService, its OpenAPI
 * documents and a Swagger UI page on `node:http`, port 0. As a script run inside a project holding only the
 * installed tarballs; it prints what three GETs answered as JSON, then exits.
 */
export const OPENAPI_CONSUMER = `
import http from 'node:http';
import { Container, WebService } from '@apiserver/restful';
import { OpenAPIHandler, swaggerUIWebService } from '@apiserver/openapi';

const ws = new WebService().path('/pets').produces('application/json');
ws.route(ws.get('/{name}').to((req, resp) => resp.writeEntity({ name: req.pathParameter('name') }))
  .operation('getPet').param(ws.pathParameter('name', 'the pet')).returns(200, 'OK', { name: 'Rex', age: 3 }));
const container = new Container().add(ws);
const openapi = new OpenAPIHandler({ webServices: container, info: { title: 'Pets', version: '1.0.0' } });
container.add(openapi.webService()).add(swaggerUIWebService({ specURL: '/openapi/v3' }));
const server = http.createServer(container.handler());
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = 'http://127.0.0.1:' + server.address().port;
const answers = {};
for (const path of ['/openapi/v2', '/openapi/v3', '/swagger-ui', '/pets/rex']) {
  const res = await fetch(base + path);
  answers[path] = { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}
server.close();
process.stdout.write(JSON.stringify(answers));
`;
