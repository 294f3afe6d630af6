import { gunzipSync } from 'node:zlib';
import { WebService } from '@apiserver/restful';
import t from 'tap';
import { parse } from 'yaml';
import { openAPIV2DocumentType, swaggerDocumentMessage } from '@apiserver/openapi';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { MemoryBackend } from '@apiserver/storage-memory';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { bodyJSON, fetchBytes, startOpenAPIServer, store } from './openapi-fixture.js';

type Json = Record<string, unknown>;
const PROTO_ACCEPT = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const PROTO_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

function obj(v: unknown): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`not an object: ${JSON.stringify(v)}`);
  return v as Json;
}
const at = (v: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((o, k) => obj(o)[k], v);
const maybe = (v: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((o, k) => (typeof o === 'object' && o !== null ? (o as Json)[k] : undefined), v);

/** Every `$ref` value in a document. */
function refs(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refs(x, out);
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.push(x);
      else refs(x, out);
    }
  }
  return out;
}

/** The paths of every schema's `default` keyword (a property named `default` is not one). */
function defaults(v: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) defaults(x, `${path}/${i}`, out);
  }
  else if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'default') out.push(path);
      if (k === 'properties' && typeof x === 'object' && x !== null) for (const [name, p] of Object.entries(x)) defaults(p, `${path}/properties/${name}`, out);
      else if (k !== 'default' && k !== 'enum' && k !== 'example') defaults(x, `${path}/${k}`, out);
    }
  }
  return out;
}

const paramNames = (op: unknown): string[] => ((at(op, 'parameters') ?? []) as Json[]).map((p) => String(p.name));

t.test('OpenAPI v3 and v2 served from the installed routes', async (t) => {
  const { url, server, installLeases, close } = await startOpenAPIServer();
  t.teardown(close);

  const root = bodyJSON(await fetchBytes(`${url}/openapi/v3`));
  const paths = obj(root.paths);
  t.same(Object.keys(paths), ['api', 'api/v1', 'apis', 'apis/apps', 'apis/apps/v1', 'version'], 'one entry per WebService root');
  for (const [key, entry] of Object.entries(paths)) {
    t.match(at(entry, 'serverRelativeURL'), new RegExp(`^/openapi/v3/${key}\\?hash=[0-9A-F]{128}$`), key);
  }
  const gvURL = (key: string): string => `${url}${String(at(paths[key], 'serverRelativeURL'))}`;

  const core = bodyJSON(await fetchBytes(gvURL('api/v1')));
  const apps = bodyJSON(await fetchBytes(gvURL('apis/apps/v1')));
  t.equal(core.openapi, '3.0.0');
  t.same(core.info, { title: 'Kubernetes', version: 'v1.32.0-apiserver-ts' });
  t.same(core.security, [{ BearerToken: [] }]);

  t.test('operations (table)', async (t) => {
    const ns = '/api/v1/namespaces/{namespace}/configmaps';
    const rows: [Json, string, string, string, string, string[]][] = [
      [core, ns, 'get', 'listCoreV1NamespacedConfigMap', 'list', ['allowWatchBookmarks', 'continue', 'fieldSelector', 'labelSelector', 'limit', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents', 'timeoutSeconds', 'watch']],
      [core, ns, 'post', 'createCoreV1NamespacedConfigMap', 'post', ['dryRun', 'fieldManager', 'fieldValidation']],
      [core, ns, 'delete', 'deleteCoreV1CollectionNamespacedConfigMap', 'deletecollection', ['continue', 'dryRun', 'fieldSelector', 'gracePeriodSeconds', 'ignoreStoreReadErrorWithClusterBreakingPotential', 'labelSelector', 'limit', 'orphanDependents', 'propagationPolicy', 'resourceVersion', 'resourceVersionMatch', 'sendInitialEvents', 'timeoutSeconds']],
      [core, `${ns}/{name}`, 'get', 'readCoreV1NamespacedConfigMap', 'get', []],
      [core, `${ns}/{name}`, 'put', 'replaceCoreV1NamespacedConfigMap', 'put', ['dryRun', 'fieldManager', 'fieldValidation']],
      [core, `${ns}/{name}`, 'patch', 'patchCoreV1NamespacedConfigMap', 'patch', ['dryRun', 'fieldManager', 'fieldValidation', 'force']],
      [core, `${ns}/{name}`, 'delete', 'deleteCoreV1NamespacedConfigMap', 'delete', ['dryRun', 'gracePeriodSeconds', 'ignoreStoreReadErrorWithClusterBreakingPotential', 'orphanDependents', 'propagationPolicy']],
      [core, '/api/v1/configmaps', 'get', 'listCoreV1ConfigMapForAllNamespaces', 'list', []],
      [core, '/api/v1/watch/namespaces/{namespace}/configmaps', 'get', 'watchCoreV1NamespacedConfigMapList', 'watchlist', []],
      [core, '/api/v1/watch/namespaces/{namespace}/configmaps/{name}', 'get', 'watchCoreV1NamespacedConfigMap', 'watch', []],
      [apps, '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/status', 'patch', 'patchAppsV1NamespacedDeploymentStatus', 'patch', ['dryRun', 'fieldManager', 'fieldValidation', 'force']],
    ];
    for (const [doc, path, method, id, action, params] of rows) {
      const op = at(doc, 'paths', path, method);
      t.equal(at(op, 'operationId'), id, `${method} ${path}`);
      t.equal(at(op, 'x-kubernetes-action'), action, id);
      t.same(at(op, 'tags'), [doc === core ? 'core_v1' : 'apps_v1'], id);
      t.match(at(op, 'x-kubernetes-group-version-kind'), { group: doc === core ? '' : 'apps', version: 'v1' }, id);
      t.same(paramNames(op), params, `${id} parameters (sorted, common ones on the path item)`);
      t.same(obj(at(op, 'responses'))['401'], { description: 'Unauthorized' }, id);
    }
    t.same(paramNames(at(core, 'paths', `${ns}/{name}`)), ['name', 'namespace', 'pretty'], 'path item parameters');
    t.same(at(core, 'paths', `${ns}/{name}`, 'parameters'), [
      { name: 'name', in: 'path', description: 'name of the ConfigMap', required: true, schema: { type: 'string', uniqueItems: true } },
      { name: 'namespace', in: 'path', description: 'object name and auth scope, such as for teams and projects', required: true, schema: { type: 'string', uniqueItems: true } },
      {
        name: 'pretty',
        in: 'query',
        description: "If 'true', then the output is pretty printed. Defaults to 'false' unless the user-agent indicates a browser or command-line HTTP tool (curl and wget).",
        schema: { type: 'string', uniqueItems: true },
      },
    ]);
    const limit = (at(core, 'paths', ns, 'get', 'parameters') as Json[]).find((p) => p.name === 'limit');
    t.same(at(limit, 'schema'), { type: 'integer', uniqueItems: true });
    const patch = at(core, 'paths', `${ns}/{name}`, 'patch', 'requestBody');
    const patchRef = { schema: { $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } };
    t.same(patch, {
      content: {
        'application/json-patch+json': patchRef,
        'application/merge-patch+json': patchRef,
        'application/strategic-merge-patch+json': patchRef,
        'application/apply-patch+yaml': patchRef,
      },
      required: true,
    });
    t.same(at(core, 'paths', ns, 'post', 'requestBody'), { content: { '*/*': { schema: { $ref: '#/components/schemas/io.k8s.api.core.v1.ConfigMap' } } }, required: true });
    const ok = obj(at(core, 'paths', `${ns}/{name}`, 'get', 'responses', '200'));
    t.same(Object.keys(obj(ok.content)), ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf']);
    t.same(at(ok, 'content', 'application/json', 'schema'), { $ref: '#/components/schemas/io.k8s.api.core.v1.ConfigMap' });
    t.same(Object.keys(obj(at(core, 'paths', ns, 'get', 'responses', '200', 'content'))), [
      'application/json',
      'application/yaml',
      'application/vnd.kubernetes.protobuf',
      'application/json;stream=watch',
      'application/vnd.kubernetes.protobuf;stream=watch',
    ]);
    t.same(at(core, 'paths', `${ns}/{name}`, 'delete', 'requestBody', 'content', '*/*', 'schema'), {
      $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions',
    });
    t.equal(at(core, 'paths', `${ns}/{name}`, 'delete', 'requestBody', 'required'), undefined, 'DELETE bodies are optional');
  });

  t.test('components are complete and carry the kube-openapi extensions', async (t) => {
    for (const [name, doc] of [['api/v1', core], ['apis/apps/v1', apps]] as const) {
      const schemas = obj(at(doc, 'components', 'schemas'));
      const missing = refs(doc).filter((r) => !(r.replace('#/components/schemas/', '') in schemas));
      t.same(missing, [], `${name}: every $ref resolves`);
    }
    const schemas = obj(at(core, 'components', 'schemas'));
    t.same(at(schemas, 'io.k8s.api.core.v1.ConfigMap', 'x-kubernetes-group-version-kind'), [{ group: '', kind: 'ConfigMap', version: 'v1' }]);
    t.same(at(schemas, 'io.k8s.api.core.v1.ConfigMapList', 'x-kubernetes-group-version-kind'), [{ group: '', kind: 'ConfigMapList', version: 'v1' }]);
    t.match(at(schemas, 'io.k8s.apimachinery.pkg.apis.meta.v1.Status', 'x-kubernetes-group-version-kind'), [{ group: '', kind: 'Status', version: 'v1' }]);
    t.match(at(schemas, 'io.k8s.api.core.v1.ConfigMap', 'properties', 'data'), { type: 'object', additionalProperties: { type: 'string' } });
    t.match(at(schemas, 'io.k8s.api.core.v1.ConfigMap', 'properties', 'metadata'), {
      allOf: [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }],
      default: {},
    });
    const meta = obj(at(schemas, 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', 'properties'));
    for (const f of ['name', 'namespace', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields', 'resourceVersion', 'uid']) {
      t.ok(f in meta, `ObjectMeta.${f}`);
    }
    t.type(at(schemas, 'io.k8s.api.core.v1.ConfigMap', 'description'), 'string');
    const appsSchemas = obj(at(apps, 'components', 'schemas'));
    t.match(at(appsSchemas, 'io.k8s.api.apps.v1.Deployment', 'x-kubernetes-group-version-kind'), [{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    t.match(at(appsSchemas, 'io.k8s.api.core.v1.Container', 'properties', 'ports'), {
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['containerPort', 'protocol'],
      'x-kubernetes-patch-strategy': 'merge',
      'x-kubernetes-patch-merge-key': 'containerPort',
    });
    t.ok('io.k8s.api.core.v1.PodTemplateSpec' in appsSchemas);
  });

  t.test('discovery and version documents', async (t) => {
    const version = bodyJSON(await fetchBytes(gvURL('version')));
    t.match(at(version, 'paths', '/version/', 'get'), { operationId: 'getCode', tags: ['version'] });
    const api = bodyJSON(await fetchBytes(gvURL('api')));
    t.match(at(api, 'paths', '/api/', 'get'), { operationId: 'getCoreAPIVersions', tags: ['core'] });
    const apis = bodyJSON(await fetchBytes(gvURL('apis')));
    t.match(at(apis, 'paths', '/apis/', 'get'), { operationId: 'getAPIVersions', tags: ['apis'] });
    const group = bodyJSON(await fetchBytes(gvURL('apis/apps')));
    t.match(at(group, 'paths', '/apis/apps/', 'get'), { operationId: 'getAppsAPIGroup', tags: ['apps'] });
    t.match(at(core, 'paths', '/api/v1/', 'get'), { operationId: 'getCoreV1APIResources', tags: ['core_v1'] });
  });

  t.test('v3 caching: hash, redirect, ETag', async (t) => {
    const pinned = await fetchBytes(gvURL('api/v1'));
    const hash = new URL(gvURL('api/v1')).searchParams.get('hash') ?? '';
    t.equal(pinned.status, 200);
    t.equal(pinned.headers['cache-control'], 'public, immutable');
    t.equal(pinned.headers['content-type'], 'application/json');
    t.equal(pinned.headers.etag, `"${hash}"`);
    t.equal(pinned.headers.vary, 'Accept');
    const days = (Date.parse(String(pinned.headers.expires).replace(/UTC$/, 'GMT')) - Date.now()) / 86_400_000;
    t.ok(days > 364 && days < 367, `Expires a year ahead (${days} days)`);
    const stale = await fetchBytes(`${url}/openapi/v3/api/v1?hash=0123`);
    t.same([stale.status, stale.headers.location, stale.body.length], [301, `/openapi/v3/api/v1?hash=${hash}`, 0], 'wrong hash redirects');
    const unpinned = await fetchBytes(`${url}/openapi/v3/api/v1`);
    t.same([unpinned.status, unpinned.headers['cache-control'], unpinned.headers.expires], [200, 'no-cache, private', undefined]);
    t.same(unpinned.body, pinned.body);
    const rows: [string, Record<string, string>, number][] = [
      ['matching If-None-Match', { 'if-none-match': `"${hash}"` }, 304],
      ['weak matching If-None-Match', { 'if-none-match': `W/"${hash}"` }, 304],
      ['If-None-Match *', { 'if-none-match': '*' }, 304],
      ['other If-None-Match', { 'if-none-match': '"abc"' }, 200],
      ['If-Modified-Since in the future', { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() }, 304],
      ['If-Modified-Since in the past', { 'if-modified-since': new Date(Date.now() - 3_600_000).toUTCString() }, 200],
      ['Accept */*', { accept: '*/*' }, 200],
      ['Accept application/*', { accept: 'application/*' }, 200],
      ['Accept xml', { accept: 'application/xml' }, 406],
      ['Accept v3 protobuf (not served)', { accept: 'application/com.github.proto-openapi.spec.v3.v1.0+protobuf' }, 406],
    ];
    for (const [name, headers, status] of rows) {
      const r = await fetchBytes(`${url}/openapi/v3/api/v1`, headers);
      t.equal(r.status, status, name);
      if (status === 304) t.same([r.body.length, r.headers['content-type']], [0, undefined], `${name}: no body, no type`);
    }
    t.equal((await fetchBytes(`${url}/openapi/v3/apis/nope/v1`)).status, 404, 'unknown group-version');
    const head = await fetchBytes(`${url}/openapi/v3/api/v1`, {}, 'HEAD');
    t.same([head.status, head.headers['content-length'], head.body.length], [200, String(pinned.body.length), 0], 'HEAD');
    const rootAgain = await fetchBytes(`${url}/openapi/v3`, { 'if-none-match': String((await fetchBytes(`${url}/openapi/v3`)).headers.etag) });
    t.equal(rootAgain.status, 304, 'discovery document revalidates by ETag');
  });

  t.test('v2: JSON and gnostic protobuf', async (t) => {
    const jsonReply = await fetchBytes(`${url}/openapi/v2`, { accept: 'application/json' });
    t.equal(jsonReply.headers['content-type'], 'application/json');
    t.equal(jsonReply.headers['content-encoding'], undefined);
    const swagger = bodyJSON(jsonReply);
    t.equal(swagger.swagger, '2.0');
    t.same(swagger.securityDefinitions, { BearerToken: { type: 'apiKey', description: 'Bearer Token authentication', name: 'authorization', in: 'header' } });
    const definitions = obj(swagger.definitions);
    const missing = refs(swagger).filter((r) => !r.startsWith('#/definitions/') || !(r.replace('#/definitions/', '') in definitions));
    t.same(missing, [], 'every $ref points into #/definitions/');
    t.same(defaults(definitions), [], 'no definition has a default (handler.PruneDefaults)');
    t.ok(at(core, 'components', 'schemas', 'io.k8s.api.core.v1.ConfigMap', 'properties', 'data', 'additionalProperties', 'default') === '', 'the v3 documents keep theirs');
    t.same(at(definitions, 'io.k8s.api.apps.v1.Deployment', 'x-kubernetes-group-version-kind'), [{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
    t.match(at(definitions, 'io.k8s.api.core.v1.ConfigMap', 'properties', 'metadata'), { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' });
    t.equal(at(definitions, 'io.k8s.api.core.v1.ConfigMap', 'properties', 'metadata', 'allOf'), undefined);
    const patch = obj(at(swagger, 'paths', '/api/v1/namespaces/{namespace}/configmaps/{name}', 'patch'));
    t.same(patch.consumes, ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml']);
    t.same(patch.schemes, ['https']);
    t.same(patch.operationId, 'patchCoreV1NamespacedConfigMap');
    t.same(paramNames(patch), ['body', 'dryRun', 'fieldManager', 'fieldValidation', 'force']);
    t.same((patch.parameters as Json[])[0], { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } });
    t.same((patch.parameters as Json[])[4], {
      uniqueItems: true,
      type: 'boolean',
      description: (patch.parameters as Json[])[4]?.description,
      name: 'force',
      in: 'query',
    });
    t.same(at(patch, 'responses', '200', 'schema'), { $ref: '#/definitions/io.k8s.api.core.v1.ConfigMap' });
    t.ok('/apis/apps/v1/namespaces/{namespace}/deployments' in obj(swagger.paths), 'one document for all groups');

    const proto = await fetchBytes(`${url}/openapi/v2`, { accept: PROTO_ACCEPT });
    t.equal(proto.status, 200);
    t.equal(proto.headers['content-type'], PROTO_TYPE);
    t.equal(proto.headers.etag, jsonReply.headers.etag, 'one ETag for both forms (of the JSON)');
    const type = openAPIV2DocumentType();
    const decoded = type.toObject(type.decode(proto.body), { defaults: false });
    t.same(decoded, type.toObject(type.fromObject(swaggerDocumentMessage(swagger)), { defaults: false }), 'round trip');
    t.equal(decoded.swagger, '2.0');
    t.same(
      (decoded.paths.path as Json[]).map((p) => p.name),
      Object.keys(obj(swagger.paths)),
      'paths in JSON order',
    );
    const defs = decoded.definitions.additional_properties as Json[];
    const deployment = defs.find((d) => d.name === 'io.k8s.api.apps.v1.Deployment');
    const gvk = (at(deployment, 'value', 'vendor_extension') as Json[]).find((e) => e.name === 'x-kubernetes-group-version-kind');
    t.same(parse(String(at(gvk, 'value', 'yaml'))), [{ group: 'apps', kind: 'Deployment', version: 'v1' }], 'extensions as YAML');
    const cm = defs.find((d) => d.name === 'io.k8s.api.core.v1.ConfigMap');
    const data = (at(cm, 'value', 'properties', 'additional_properties') as Json[]).find((p) => p.name === 'data');
    t.same(at(data, 'value', 'type'), { value: ['object'] });
    t.same(at(data, 'value', 'additional_properties', 'schema', 'type'), { value: ['string'] });
    const op = at((decoded.paths.path as Json[]).find((p) => p.name === '/api/v1/namespaces/{namespace}/configmaps/{name}'), 'value', 'patch');
    const fv = (at(op, 'parameters') as Json[]).map((p) => at(p, 'parameter')).find((p) => maybe(p, 'non_body_parameter', 'query_parameter_sub_schema', 'name') === 'fieldValidation');
    t.match(fv, { non_body_parameter: { query_parameter_sub_schema: { in: 'query', type: 'string', unique_items: true } } });

    const gz = await fetchBytes(`${url}/openapi/v2`, { accept: PROTO_ACCEPT, 'accept-encoding': 'gzip, deflate' });
    t.equal(gz.headers['content-encoding'], 'gzip');
    t.match(String(gz.headers.vary), 'Accept-Encoding');
    t.same(gunzipSync(gz.body), proto.body, 'gzip of the same bytes');
    const noGzip = await fetchBytes(`${url}/openapi/v2`, { accept: PROTO_ACCEPT, 'accept-encoding': 'gzip;q=0' });
    t.equal(noGzip.headers['content-encoding'], undefined, 'gzip;q=0 is not gzip');
    const rows: [string, Record<string, string>, number, string | undefined][] = [
      ['no Accept', {}, 200, 'application/json'],
      ['new protobuf type', { accept: PROTO_TYPE }, 200, PROTO_TYPE],
      ['quality order', { accept: `application/json;q=0.5, ${PROTO_ACCEPT}` }, 200, PROTO_TYPE],
      ['unacceptable', { accept: 'text/html' }, 406, undefined],
      ['revalidation', { accept: PROTO_ACCEPT, 'if-none-match': String(proto.headers.etag) }, 304, undefined],
    ];
    for (const [name, headers, status, contentType] of rows) {
      const r = await fetchBytes(`${url}/openapi/v2`, headers);
      t.same([r.status, r.headers['content-type']], [status, contentType], name);
    }
  });

  t.test('documents follow later installations', async (t) => {
    const before = bodyJSON(await fetchBytes(`${url}/openapi/v3`));
    installLeases();
    const after = obj(bodyJSON(await fetchBytes(`${url}/openapi/v3`)).paths);
    t.ok('apis/coordination.k8s.io/v1' in after, 'new group-version listed');
    t.same(after['api/v1'], obj(before.paths)['api/v1'], 'unchanged documents keep their hash');
    const leases = bodyJSON(await fetchBytes(`${url}/openapi/v3/apis/coordination.k8s.io/v1`));
    t.match(at(leases, 'paths', '/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases', 'get'), {
      operationId: 'listCoordinationV1NamespacedLease',
      tags: ['coordination_v1'],
    });
    const v2 = bodyJSON(await fetchBytes(`${url}/openapi/v2`));
    t.ok('/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases' in obj(v2.paths));
    const ws = new WebService().path('/custom').produces('application/json');
    ws.route(ws.get('/').to(() => undefined).doc('a custom endpoint').operation('getCustomThing').returns(200, 'OK', undefined));
    server.handler.goRestfulContainer.add(ws);
    const custom = bodyJSON(await fetchBytes(`${url}/openapi/v3/custom`));
    t.same(at(custom, 'paths', '/custom/', 'get'), {
      tags: ['custom'],
      description: 'a custom endpoint',
      operationId: 'getCustomThing',
      responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'string' } } } }, 401: { description: 'Unauthorized' } },
    });
  });
});

t.test('skipOpenAPIInstallation leaves the paths to the delegate', async (t) => {
  const { url, server, close } = await startOpenAPIServer({ skipOpenAPIInstallation: true });
  t.teardown(close);
  t.equal(server.openAPI, undefined);
  t.equal((await fetchBytes(`${url}/openapi/v2`)).status, 404);
  t.equal((await fetchBytes(`${url}/openapi/v3`)).status, 404);
});

t.test("a delegate's WebServices and kinds are published by the delegating server", async (t) => {
  const backend = new MemoryBackend();
  const scheme = newBuiltinScheme();
  const quiet = { log: () => undefined, panicLogger: () => undefined };
  const extensions = new GenericAPIServer(quiet);
  const main = new GenericAPIServer({ ...quiet, delegate: extensions });
  main.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps: store(backend, 'ConfigMap', 'v1', '', 'configmaps') } },
    scheme,
  });
  const [url = ''] = await main.listen({ port: 0 });
  t.teardown(() => main.shutdown());
  t.notOk('apis/coordination.k8s.io/v1' in obj(bodyJSON(await fetchBytes(`${url}/openapi/v3`)).paths));
  extensions.installAPIGroup({
    prioritizedVersions: [{ group: 'coordination.k8s.io', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { leases: store(backend, 'Lease', 'coordination.k8s.io/v1', 'coordination.k8s.io', 'leases') } },
    scheme,
  });
  const paths = obj(bodyJSON(await fetchBytes(`${url}/openapi/v3`)).paths);
  t.ok('apis/coordination.k8s.io/v1' in paths && 'api/v1' in paths, 'both servers in one discovery document');
  const leases = bodyJSON(await fetchBytes(`${url}/openapi/v3/apis/coordination.k8s.io/v1`));
  t.same(at(leases, 'components', 'schemas', 'io.k8s.api.coordination.v1.Lease', 'x-kubernetes-group-version-kind'), [
    { group: 'coordination.k8s.io', kind: 'Lease', version: 'v1' },
  ]);
  t.ok(Object.keys(obj(leases.paths)).every((p) => p.startsWith('/apis/coordination.k8s.io/v1/')), 'no foreign paths in a group-version document');
  const version = bodyJSON(await fetchBytes(`${url}/openapi/v3/version`));
  t.same(Object.keys(obj(version.paths)), ['/version/'], 'one /version/ path (the delegating server wins)');
});
