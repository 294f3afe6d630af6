import t from 'tap';
import { ConfigurationError } from '../src/configuration-error.js';
import { CollectionFormat, ParameterKind, pathParameter } from '../src/parameter.js';
import { RouteTemplateError } from '../src/path/route-template-error.js';
import type { Request } from '../src/request.js';
import { RouteBuilder } from '../src/route-builder.js';
import { WebService } from '../src/web-service.js';

const noop = (): void => undefined;

t.test('WebService basics (web_service.go)', async (t) => {
  const ws = new WebService();
  t.equal(ws.rootPath(), '');
  const r0 = ws.revision();
  ws.path('').doc('docs').apiVersion('v1');
  t.same([ws.rootPath(), ws.documentation(), ws.version()], ['/', 'docs', 'v1']);
  t.ok(ws.revision() > r0, 'path() bumps the revision');
  t.equal(ws.rootTemplate().path, '/');
  t.ok(ws.rootExpression().regex.test('/anything'));
  t.throws(() => new WebService().path('/{x:[}'), RouteTemplateError, 'bad regex in the root');
  const users = new WebService().path('/users').produces('application/json').consumes('application/xml');
  users.route(users.get('').to(noop));
  users.produces('text/plain');
  users.route(users.get('/{id}').produces('application/yaml').to(noop));
  users.route(users.post('/{id}').to(noop));
  const [list, get, post] = users.routes();
  t.same([list?.path, list?.produces, list?.consumes], ['/users/', ['application/json'], ['application/xml']], 'defaults copied at route() time; /users + "" → /users/');
  t.same(get?.produces, ['application/yaml'], 'route lists win');
  t.same(post?.produces, ['text/plain'], 'later defaults apply to later routes only');
  t.equal(String(get), 'GET /users/{id}');
  t.equal(users.routes(), users.routes(), 'routes() is a stable snapshot');
  t.ok(Object.isFrozen(get));
  const methods = new WebService().path('/m');
  const builders = [methods.get('/a'), methods.post('/a'), methods.put('/a'), methods.patch('/a'), methods.delete('/a'), methods.head('/a'), methods.options('/a'), methods.method('TRACE').path('/a')];
  for (const b of builders) methods.route(b.to(noop));
  t.same(methods.routes().map((r) => r.method), ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);
  t.equal(new WebService().path('/x').method('GET').to(noop).build().path, '/x/', 'method() has an empty path');
  const early = new WebService();
  const builder = early.get('/late');
  early.path('/root');
  t.equal(builder.to(noop).build().path, '/late', 'builders capture the root at creation (T05)');
  const f = (): void => undefined;
  t.same(new WebService().filter(f).filters(), [f]);
});

t.test('parameter kinds and setters (TestParameter, TestWebService_CanCreateParameterKinds)', async (t) => {
  const ws = new WebService();
  const kinds = [
    [ws.pathParameter('p', 'd'), ParameterKind.Path, true, 'string'],
    [ws.queryParameter('q', 'd'), ParameterKind.Query, false, 'string'],
    [ws.bodyParameter('b', 'd'), ParameterKind.Body, true, ''],
    [ws.headerParameter('h', 'd'), ParameterKind.Header, false, 'string'],
    [ws.formParameter('f', 'd'), ParameterKind.Form, false, 'string'],
    [ws.multiPartFormParameter('m', 'd'), ParameterKind.MultiPartForm, false, 'string'],
  ] as const;
  for (const [p, kind, required, type] of kinds) {
    t.same([p.kind(), p.data().required, p.data().dataType], [kind, required, type], p.data().name);
  }
  t.equal(ws.queryParameter('q', '').data().collectionFormat, CollectionFormat.CSV);
  const p = pathParameter('id', 'x')
    .required(false)
    .allowMultiple(true)
    .allowEmptyValue(true)
    .allowableValues({ b: 'B', a: 'A' })
    .dataType('integer')
    .dataFormat('int64')
    .defaultValue('1')
    .description('desc')
    .collectionFormat(CollectionFormat.MULTI)
    .pattern('[0-9]+')
    .minimum(1)
    .maximum(9)
    .minLength(1)
    .maxLength(2)
    .minItems(0)
    .maxItems(3)
    .uniqueItems(true)
    .addExtension('x-k', 1);
  t.match(p.data(), {
    name: 'id', description: 'desc', required: false, allowMultiple: true, allowEmptyValue: true, possibleValues: ['a', 'b'],
    dataType: 'integer', dataFormat: 'int64', defaultValue: '1', collectionFormat: 'multi', pattern: '[0-9]+',
    minimum: 1, maximum: 9, minLength: 1, maxLength: 2, minItems: 0, maxItems: 3, uniqueItems: true, extensions: { 'x-k': 1 },
  });
  p.data().possibleValues.push('mutated');
  t.same(p.possibleValues(['z']).data().possibleValues, ['z'], 'data() is a copy');
  ws.param(p);
  t.same(ws.pathParameters(), [p]);
});

t.test('RouteBuilder (route_builder_test.go)', async (t) => {
  class Sample {
    value = 1;
  }
  const ws = new WebService().path('/tests').typeNameHandler((s) => `named:${typeof s}`);
  const b = ws.get('/{id}:init')
    .to(function findTest() {})
    .doc('d')
    .notes('n')
    .reads({ a: 1 }, 'the ', 'body')
    .writes(new Sample())
    .returns(200, 'OK', Sample)
    .returnsWithHeaders(201, 'Created', Sample, { Location: { description: 'where' } })
    .defaultReturns('default', Sample)
    .metadata('openapi.tags', ['t'])
    .addExtension('x-a', true)
    .deprecate()
    .if(() => true)
    .filter(noop)
    .consumes('application/json')
    .contentEncodingEnabled(true)
    .allowedMethodsWithoutContentType(['GET'])
    .param(ws.queryParameter('q', 'query'))
    .do((builder) => builder.operation('custom'));
  t.equal(b.parameterNamed('q')?.data().name, 'q');
  t.equal(b.parameterNamed('q')?.name(), 'q');
  t.equal(b.parameterNamed('none'), undefined);
  const r = b.build();
  t.match(r, {
    method: 'GET', path: '/tests/{id}:init', subPath: '/{id}:init', doc: 'd', notes: 'n', operation: 'custom',
    consumes: ['application/json'], metadata: { 'openapi.tags': ['t'] }, extensions: { 'x-a': true }, deprecated: true,
    contentEncodingEnabled: true, allowedMethodsWithoutContentType: ['GET'],
  });
  t.same(Object.keys(r.responseErrors), ['200', '201']);
  t.equal(r.responseErrors[201]?.headers.Location?.description, 'where');
  t.match(r.defaultResponse, { isDefault: true, message: 'default' });
  t.same(r.parameterDocs.map((p) => [p.data().name, p.data().dataType, p.data().description]), [['body', 'named:object', 'the body'], ['q', 'string', 'query']]);
  t.ok(r.writeSample instanceof Sample, 'one sample → writeSample');
  t.ok(r.template.hasCustomVerb, 'custom verb detected');
  t.equal(r.relativeExpression.template, '/{id}:init');
  t.equal(r.if.length, 1);
  const two = ws.get('/x').to(noop).writes(1, 2).build();
  t.same([two.writeSample, two.writeSamples], [undefined, [1, 2]], 'TestRouteBuilderWrites');
  t.equal(ws.get('/y').to(function namedHandler() {}).build().operation, 'namedHandler');
  const anon1 = new RouteBuilder('/').to((() => () => undefined)()).build().operation;
  const anon2 = new RouteBuilder('/').to((() => () => undefined)()).build().operation;
  t.match(anon1, /^func\d+$/, 'TestAnonymousFuncNaming');
  t.not(anon1, anon2);
  t.equal(new RouteBuilder().to(noop).build().contentEncodingEnabled, undefined, 'TestContentEncodingEnabled nil');
  t.equal(new RouteBuilder().to(noop).contentEncodingEnabled(false).build().contentEncodingEnabled, false);
  t.throws(() => new RouteBuilder('/').path('/{a:(}').to(noop).build(), RouteTemplateError, 'bad regex at build');
  t.throws(() => new RouteBuilder('/').path('/a').build(), ConfigurationError, 'missing to()');
  t.equal(new RouteBuilder('/').to(noop).reads('text').build().parameterDocs[0]?.data().dataType, 'string');
  t.equal(new RouteBuilder('/').to(noop).reads(Object.create(null)).build().parameterDocs[0]?.data().dataType, 'Object');
  const reader = ws.get('/meta').metadata('fn', noop).metadata('obj', { deep: [1] }).to(noop).build();
  t.same(reader.metadata.obj, { deep: [1] });
});

t.test('Route.url reverse routing (path-to-regexp compile)', async (t) => {
  const ws = new WebService().path('/api/v1/namespaces/{namespace}');
  const cases: ReadonlyArray<[string, Record<string, string>, string]> = [
    ['/pods/{name}', { namespace: 'default', name: 'web-1' }, '/api/v1/namespaces/default/pods/web-1'],
    ['/pods/{name}', { namespace: 'a b', name: 'x/y?z' }, '/api/v1/namespaces/a%20b/pods/x%2Fy%3Fz'],
    ['/proxy/{path:*}', { namespace: 'n', path: 'a/b c/d' }, '/api/v1/namespaces/n/proxy/a/b%20c/d'],
    ['/pods/{name:[a-z]+}', { namespace: 'n', name: 'abc' }, '/api/v1/namespaces/n/pods/abc'],
    ['/pods/{name}:activate', { namespace: 'n', name: 'p' }, '/api/v1/namespaces/n/pods/p:activate'],
    ['/a(b)', { namespace: 'n' }, '/api/v1/namespaces/n/a(b)'],
  ];
  for (const [sub, params, want] of cases) t.equal(ws.get(sub).to(noop).build().url(params), want, sub);
  const route = ws.get('/pods/{name}').to(noop).build();
  t.equal(route.url({ namespace: 'x', name: 'y' }), route.url({ namespace: 'x', name: 'y' }), 'compiled once');
  t.throws(() => route.url({ namespace: 'x' }), { code: 'MissingPathParameter' });
});

t.test('type-level path parameters', async (t) => {
  const ws = new WebService().path('/{ns}');
  const builder = ws.get('/pods/{name}').to((req, resp) => {
    const ns: string = req.pathParameter('ns');
    const name: string = req.pathParameter('name');
    // @ts-expect-error 'other' is not a path parameter of this route
    req.pathParameter('other');
    resp.write(`${ns}/${name}`);
  });
  t.ok(builder.build());
  const dynamic: string = '/{x}';
  const loose = new WebService().path(dynamic);
  loose.route(loose.get(dynamic).to((req: Request<string>) => void req.pathParameter('anything')));
  const typed: Request<'a' | 'b'>['pathParameter'] = (name) => name;
  t.equal(typed('a'), 'a');
});

t.test('expressPath translates Express-style templates', async (t) => {
  const { expressPath } = await import('../src/express-path.js');
  const table: ReadonlyArray<[string, string]> = [
    ['/users/:id', '/users/{id}'],
    ['/users/:id/files/*rest', '/users/{id}/files/{rest:*}'],
    ['/x/:"q-r"', '/x/{q-r}'],
    ['/static', '/static'],
  ];
  for (const [express, curly] of table) t.equal(expressPath(express), curly, express);
  t.throws(() => expressPath('/a{/:b}'), { code: 'InvalidPattern' });
  t.throws(() => expressPath('/a/:'), { code: 'InvalidPattern' });
  const ws = new WebService().path(expressPath('/ns/:ns'));
  t.equal(ws.get(expressPath('/pods/:name')).to(noop).build().path, '/ns/{ns}/pods/{name}');
});

t.test("a route's documented responses read as a plain object keyed by status code", async (t) => {
  const ws = new WebService().path('/r');
  const builder = ws.get('/x').to(noop).returns(500, 'Oops').returns(200, 'OK', 'model').returnsWithHeaders(201, 'Created', undefined, { Location: { description: 'where' } });
  const route = builder.build();
  const plain = { 200: { code: 200, message: 'OK', model: 'model', headers: {}, isDefault: false }, 201: { code: 201, message: 'Created', model: undefined, headers: { Location: { description: 'where' } }, isDefault: false }, 500: { code: 500, message: 'Oops', model: undefined, headers: {}, isDefault: false } };
  t.same(Object.keys(route.responseErrors), ['200', '201', '500'], 'codes ascending, whatever the order they were documented in');
  t.same(Object.values(route.responseErrors), Object.values(plain), 'values in that order');
  t.equal(JSON.stringify(route.responseErrors), JSON.stringify(plain), 'same JSON as a plain object');
  t.same({ ...route.responseErrors }, plain, 'spreads like one');
  t.notOk(Object.hasOwn(route.responseErrors, '4096'), 'no other key');
  t.ok(Object.isFrozen(route.responseErrors), 'frozen');
  builder.returns(404, 'Missing');
  t.same(Object.keys(route.responseErrors), ['200', '201', '500'], 'a built route keeps its own copy');
  t.same(Object.keys(builder.build().responseErrors), ['200', '201', '404', '500'], 'the builder goes on documenting');
});
