/**
 * Documents of a plain restful service: valid against the OpenAPI 2.0 and 3.0 JSON Schemas, with the routes'
 * parameters, bodies, responses, tags and operation IDs, and every kind of model as a schema.
 */
import t from 'tap';
import { buildOpenAPIV3, buildSwagger, type OpenAPISchema } from '../src/index.js';
import { petsContainer } from './helpers/pets-service.js';
import { type Doc, openAPIV3Errors, swaggerErrors } from './helpers/validate.js';

const info = { title: 'Pets', version: '1.0.0', description: 'A pet store' };
const services = petsContainer().registeredWebServices();
const v2 = buildSwagger(services, { info });
const v3 = buildOpenAPIV3(services, { info });

const d2 = v2 as Doc;
const d3 = v3 as Doc;

t.test('both documents validate against the OpenAPI JSON Schemas', async (t) => {
  t.same(swaggerErrors(v2), [], 'Swagger 2.0');
  t.same(openAPIV3Errors(v3), [], 'OpenAPI 3.0');
  t.same(d2.info, info);
  t.equal(d3.openapi, '3.0.0');
});

t.test('the validator rejects what the schemas forbid (the check can fail)', async (t) => {
  t.not(swaggerErrors({ ...v2, securityDefinitions: { x: { type: 'nope' } } }).length, 0, 'bad security definition');
  t.not(swaggerErrors({ ...v2, definitions: { Bad: { anyOf: [] } } }).length, 0, 'anyOf is not Swagger 2.0');
  t.not(openAPIV3Errors({ ...v3, paths: { '/x': { get: { responses: { 200: {} } } } } }).length, 0, 'response without description');
  t.not(openAPIV3Errors({ ...v3, components: { schemas: { Bad: { type: ['string', 'null'] } } } }).length, 0, 'type arrays are not 3.0');
});

t.test('paths, operations, tags and operation IDs', async (t) => {
  t.same(Object.keys(d3.paths), ['/adoptions/', '/pets/', '/pets/{name}']);
  t.same(Object.keys(d3.paths['/pets/{name}']), ['get', 'delete', 'parameters'], 'get/delete, shared path parameter moved to the path item');
  const list = d3.paths['/pets/'].get;
  t.equal(list.operationId, 'listPets');
  t.same(list.tags, ['pets'], 'tags from openapi.tags metadata');
  t.same(d3.paths['/pets/{name}'].delete.tags, [], 'no tags metadata, no tags');
  t.equal(d3.paths['/pets/{name}'].delete.deprecated, true);
  t.equal(d3.paths['/pets/'].post.description, 'create a pet\n\nThe name must be unique.', 'doc and notes');
  t.equal(d3.paths['/adoptions/'].post['x-rate-limited'], true, 'route extensions');
  t.equal(d2.paths['/adoptions/'].post['x-rate-limited'], true);
  t.notOk('schemes' in d2.paths['/pets/'].get, 'no per-operation schemes unless configured');
  t.same(d2.paths['/pets/'].get.produces, ['application/json']);
});

t.test('parameters: path, query (default, enum), header', async (t) => {
  t.same(d3.paths['/pets/{name}'].parameters, [{ name: 'name', in: 'path', description: 'the pet name', required: true, schema: { type: 'string', uniqueItems: true } }]);
  t.same(d3.paths['/pets/'].get.parameters, [
    { name: 'kind', in: 'query', description: 'only this kind', schema: { type: 'string', enum: ['dog', 'cat'], uniqueItems: true } },
    { name: 'limit', in: 'query', description: 'at most this many', schema: { type: 'integer', default: 20, uniqueItems: true } },
  ]);
  t.same(d2.paths['/pets/{name}'].get.parameters, [{ uniqueItems: true, type: 'string', description: 'a request id', name: 'X-Request-Id', in: 'header' }]);
});

t.test('typebox models: a named component, its keywords in OpenAPI 3.0 form', async (t) => {
  const body = d3.paths['/pets/'].post.requestBody;
  t.same(body, { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } }, description: 'the new pet', required: true });
  t.same(d3.components.schemas.Pet, {
    type: 'object',
    required: ['name', 'kind', 'owner'],
    properties: {
      name: { type: 'string', description: 'the pet name' },
      age: { type: 'integer', minimum: 0 },
      kind: { anyOf: [{ type: 'string', enum: ['dog'] }, { type: 'string', enum: ['cat'] }] },
      owner: { nullable: true, type: 'string' },
    },
  });
  t.same(d2.paths['/pets/'].post.parameters, [{ description: 'the new pet', name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Pet' } }]);
  t.same(d2.definitions.Pet.properties.owner, { 'x-nullable': true, type: 'string' }, 'v2: nullable as x-nullable');
  t.same(d2.definitions.Pet.properties.kind, {}, 'v2 has no anyOf');
});

t.test('plain JSON Schema models are inlined; draft keywords rewritten', async (t) => {
  const conflict = d3.paths['/pets/'].post.responses['409'];
  t.same(conflict.content['application/json'].schema, {
    type: 'object',
    properties: { code: { type: 'integer' }, message: { type: 'string' }, retryAfter: { nullable: true, type: 'number', minimum: 0, exclusiveMinimum: true } },
    required: ['code', 'message'],
  });
  t.equal(d3.paths['/pets/{name}'].get.responses.default.description, 'an error', 'defaultReturns is the default response');
  t.same(d3.paths['/pets/{name}'].delete.responses, { 204: { description: 'No Content' } }, 'no model, no content; no 401 unless configured');
});

t.test('sample objects: inferred schemas, class instances as named definitions', async (t) => {
  const ok = d3.paths['/pets/'].get.responses['200'].content['application/json'].schema as OpenAPISchema;
  t.same(ok, { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } });
  t.same(d3.paths['/adoptions/'].post.responses, { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Adoption' } } } } }, 'writes() sample as 200 OK');
  t.same(d3.components.schemas.Adoption, {
    type: 'object',
    properties: {
      petName: { type: 'string' },
      adopter: { $ref: '#/components/schemas/Person' },
      fee: { type: 'number', format: 'double' },
      on: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  });
  t.same(d3.components.schemas.Person, { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' }, verified: { type: 'boolean' } } });
  t.same(d2.definitions.Adoption.properties.adopter, { $ref: '#/definitions/Person' });
  t.same(Object.keys(d2.definitions), ['Adoption', 'Person', 'Pet'], 'definitions sorted');
});

t.test('no security unless configured', async (t) => {
  for (const key of ['securityDefinitions', 'security']) t.notOk(key in d2, `v2 has no ${key}`);
  t.notOk('security' in d3);
  t.notOk('securitySchemes' in d3.components);
});
