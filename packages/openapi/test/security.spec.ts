/** Security declarations, common responses and the other kube-apiserver-style settings appear only when configured. */
import t from 'tap';
import { buildOpenAPIV3, buildSwagger, type OpenAPIConfig } from '../src/index.js';
import { petsContainer } from './helpers/pets-service.js';
import { type Doc, openAPIV3Errors, swaggerErrors } from './helpers/validate.js';

const services = petsContainer().registeredWebServices();

t.test('API key security: v2 securityDefinitions, v3 securitySchemes, both security requirements', async (t) => {
  const config: OpenAPIConfig = {
    info: { title: 'Pets', version: '1' },
    securityDefinitions: { ApiKey: { type: 'apiKey', name: 'X-API-Key', in: 'header' } },
    defaultSecurity: [{ ApiKey: [] }],
    commonResponses: { 401: { description: 'Unauthorized' } },
  };
  const v2 = buildSwagger(services, config) as Doc;
  const v3 = buildOpenAPIV3(services, config) as Doc;
  t.same(swaggerErrors(v2), []);
  t.same(openAPIV3Errors(v3), []);
  t.same(v2.securityDefinitions, { ApiKey: { type: 'apiKey', name: 'X-API-Key', in: 'header' } });
  t.same(v2.security, [{ ApiKey: [] }]);
  t.same(v3.components.securitySchemes, v2.securityDefinitions, 'v3 uses the v2 definitions when they are valid for both');
  t.same(v3.security, [{ ApiKey: [] }]);
  t.same(v3.paths['/pets/{name}'].delete.responses, { 204: { description: 'No Content' }, 401: { description: 'Unauthorized' } }, 'common response added');
  t.same(Object.keys(v3.paths['/pets/{name}'].get.responses), ['200', '401', 'default'], 'documented codes are kept, default last');
});

t.test('schemes that differ by version: HTTP bearer for v3, basic for v2', async (t) => {
  const config: OpenAPIConfig = {
    info: { title: 'Pets', version: '1' },
    securityDefinitions: { Basic: { type: 'basic' } },
    securitySchemes: { Bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  };
  const v2 = buildSwagger(services, config) as Doc;
  const v3 = buildOpenAPIV3(services, config) as Doc;
  t.same(swaggerErrors(v2), []);
  t.same(openAPIV3Errors(v3), []);
  t.same(v3.components.securitySchemes, { Bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } });
  t.notOk('security' in v3, 'no requirement unless defaultSecurity is set');
  t.notOk('security' in v2);
});

t.test('operation schemes, operation IDs and an undocumented body from the config', async (t) => {
  const config: OpenAPIConfig = {
    info: { title: 'Pets', version: '1' },
    operationSchemes: ['https'],
    operationIDAndTags: (route) => ({ operationId: `pets_${route.operation}`, tags: ['all'] }),
    undocumentedBody: (route) => (route.method === 'DELETE' ? { reason: 'moved away' } : undefined),
  };
  const v2 = buildSwagger(services, config) as Doc;
  const v3 = buildOpenAPIV3(services, config) as Doc;
  t.same(swaggerErrors(v2), []);
  t.same(openAPIV3Errors(v3), []);
  t.same(v2.paths['/pets/'].get.schemes, ['https']);
  t.equal(v3.paths['/pets/'].get.operationId, 'pets_listPets');
  t.same(v3.paths['/pets/'].get.tags, ['all']);
  t.same(v3.paths['/pets/{name}'].delete.requestBody, {
    content: { 'application/json': { schema: { type: 'object', properties: { reason: { type: 'string' } } } } },
    required: true,
  });
  t.same(v2.paths['/pets/{name}'].delete.parameters, [
    { name: 'body', in: 'body', required: true, schema: { type: 'object', properties: { reason: { type: 'string' } } } },
  ]);
});

t.test('a model resolver goes first; undefined falls back to the built-in resolution', async (t) => {
  const marker = Symbol('named');
  const config: OpenAPIConfig = {
    info: { title: 'Pets', version: '1' },
    resolveModel: (model, components) => (model === marker ? components.named('Marker', () => ({ type: 'string', format: 'uuid' })) : undefined),
    undocumentedBody: (route) => (route.method === 'DELETE' ? marker : undefined),
  };
  const v3 = buildOpenAPIV3(services, config) as Doc;
  t.same(v3.paths['/pets/{name}'].delete.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/Marker' });
  t.same(v3.components.schemas.Marker, { type: 'string', format: 'uuid' });
  t.ok(v3.components.schemas.Pet, 'other models resolved as before');
});
