/** The Swagger UI page: served over `node:http` and as a restful route, loading Swagger UI from the configured URL. */
import { Container } from '@apiserver/restful';
import t from 'tap';
import { DEFAULT_SWAGGER_UI_ASSETS, OpenAPIHandler, serveSwaggerUI, swaggerUIPage, swaggerUIWebService } from '../src/index.js';
import { serve } from './helpers/http.js';
import { petsContainer } from './helpers/pets-service.js';

t.test('the page loads swagger-ui from the assets URL and shows the spec URL', async (t) => {
  const page = swaggerUIPage({ specURL: '/openapi/v3', assetsURL: 'https://assets.example/swagger-ui/', title: 'Pets <API>' });
  t.match(page, '<link rel="stylesheet" href="https://assets.example/swagger-ui/swagger-ui.css">');
  t.match(page, '<script src="https://assets.example/swagger-ui/swagger-ui-bundle.js"></script>');
  t.match(page, 'SwaggerUIBundle({ url: "/openapi/v3", dom_id: \'#swagger-ui\'');
  t.match(page, '<title>Pets &#60;API&#62;</title>', 'title escaped');
  t.match(swaggerUIPage({ specURL: '/x' }), `${DEFAULT_SWAGGER_UI_ASSETS}/swagger-ui-bundle.js`, 'default assets');
  t.notMatch(swaggerUIPage({ specURL: '</script><script>alert(1)</script>' }), '</script><script>alert', 'spec URL cannot close the script');
});

t.test('served by node:http', async (t) => {
  const server = await serve(serveSwaggerUI({ specURL: '/openapi/v2' }));
  t.teardown(() => server.close());
  const res = await server.get('/anything');
  t.equal(res.status, 200);
  t.equal(res.headers['content-type'], 'text/html; charset=utf-8');
  t.match(res.body.toString(), 'url: "/openapi/v2"');
  t.equal((await server.get('/', {}, 'HEAD')).body.length, 0);
});

t.test('a restful-only service with its OpenAPI and Swagger UI', async (t) => {
  const container = petsContainer();
  const openapi = new OpenAPIHandler({ webServices: container, info: { title: 'Pets', version: '1' } });
  container.add(openapi.webService()).add(swaggerUIWebService({ specURL: openapi.v3Path, path: '/docs' }));
  const server = await serve(container.handler());
  t.teardown(() => server.close());
  const page = await server.get('/docs');
  t.equal(page.status, 200);
  t.match(page.body.toString(), 'url: "/openapi/v3"');
  const doc = JSON.parse((await server.get('/openapi/v3')).body.toString());
  t.same(Object.keys(doc.paths), ['/adoptions/', '/pets/', '/pets/{name}'], 'neither the Swagger UI nor the document routes are documented');
});

t.test('a Container without the pets: an empty but valid document', async (t) => {
  const openapi = new OpenAPIHandler({ webServices: new Container(), info: { title: 'Empty', version: '0' } });
  t.same(openapi.openAPIV3().document.paths, {});
});
