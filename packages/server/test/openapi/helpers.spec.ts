import t from 'tap';
import { negotiate, openAPIV2DocumentType, parseAccept, schemaMessage, toV2Schema, typeFormat } from '@apiserver/openapi';
import { operationIDAndTags, toValidOperationID, verbPrefix } from '../../src/openapi/operation-id.js';

t.test('operation IDs and tags (GetOperationIDAndTags)', async (t) => {
  const rows: [string, string, string, string[]][] = [
    ['listNamespacedConfigMap', '/api/v1/namespaces/{namespace}/configmaps', 'listCoreV1NamespacedConfigMap', ['core_v1']],
    ['deletecollectionNamespacedDeployment', '/apis/apps/v1/namespaces/{namespace}/deployments', 'deleteAppsV1CollectionNamespacedDeployment', ['apps_v1']],
    ['readNamespacedDeploymentScale', '/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale', 'readAppsV1NamespacedDeploymentScale', ['apps_v1']],
    ['watchLeaseListForAllNamespaces', '/apis/coordination.k8s.io/v1/watch/leases', 'watchCoordinationV1LeaseListForAllNamespaces', ['coordination_v1']],
    ['listFlowSchema', '/apis/flowcontrol.apiserver.k8s.io/v1/flowschemas', 'listFlowcontrolApiserverV1FlowSchema', ['flowcontrolApiserver_v1']],
    ['getAPIGroup', '/apis/apps/', 'getAppsAPIGroup', ['apps']],
    ['getAPIVersions', '/api/', 'getCoreAPIVersions', ['core']],
    ['getAPIVersions', '/apis/', 'getAPIVersions', ['apis']],
    ['getCode', '/version/', 'getCode', ['version']],
    ['connectGetNamespacedPodProxyWithPath', '/api/v1/namespaces/{namespace}/pods/{name}/proxy/{path}', 'connectCoreV1GetNamespacedPodProxyWithPath', ['core_v1']],
    ['frobnicate', '/apis/x.io/v1/things', 'frobnicate', ['xIo_v1']],
    ['getRoot', '/', 'getRoot', []],
  ];
  for (const [op, path, id, tags] of rows) t.same(operationIDAndTags(op, path), { operationId: id, tags }, `${op} ${path}`);
  t.equal(verbPrefix('deletecollectionX'), 'delete', 'the shortest verb wins');
  t.equal(verbPrefix('frob'), undefined);
  const valid: [string, boolean, string][] = [
    ['apps', true, 'Apps'],
    ['flowcontrol.apiserver', false, 'flowcontrolApiserver'],
    ['v1beta1', true, 'V1beta1'],
    ['1abc', false, 'Abc'],
    ['a_b-c', false, 'a_bC'],
  ];
  for (const [s, cap, out] of valid) t.equal(toValidOperationID(s, cap), out, s);
});

t.test('Accept parsing and negotiation (goautoneg)', async (t) => {
  t.same(parseAccept('text/html;q=0.5, application/json, */*;q=0.1, application/*'), [
    { type: 'application', subType: 'json', q: 1 },
    { type: 'application', subType: '*', q: 1 },
    { type: 'text', subType: 'html', q: 0.5 },
    { type: '*', subType: '*', q: 0.1 },
  ]);
  t.same(parseAccept('*, bad, a/b/c, x/y;q=abc'), [{ type: '*', subType: '*', q: 1 }, { type: 'x', subType: 'y', q: 0 }]);
  const offered = ['application/json', 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf'];
  const rows: [string | undefined, string | undefined][] = [
    [undefined, 'application/json'],
    ['', 'application/json'],
    ['application/com.github.proto-openapi.spec.v2@v1.0+protobuf', offered[1]],
    ['text/plain', undefined],
    ['*/*', 'application/json'],
  ];
  for (const [accept, chosen] of rows) t.equal(negotiate(accept, offered), chosen, String(accept));
});

t.test('v3 component schema → Swagger 2.0', async (t) => {
  t.same(
    toV2Schema({
      type: 'object',
      properties: {
        metadata: { description: 'd', allOf: [{ $ref: '#/components/schemas/M' }], default: {} },
        items: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/I' }], default: {} } },
        both: { allOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] },
        direct: { $ref: '#/components/schemas/D' },
      },
      'x-kubernetes-group-version-kind': [{ group: '', kind: 'K', version: 'v1' }],
      default: { allOf: 'kept as a value' },
    }),
    {
      type: 'object',
      properties: {
        metadata: { description: 'd', $ref: '#/definitions/M' },
        items: { type: 'array', items: { $ref: '#/definitions/I' } },
        both: { allOf: [{ $ref: '#/definitions/A' }, { $ref: '#/definitions/B' }] },
        direct: { $ref: '#/definitions/D' },
      },
      'x-kubernetes-group-version-kind': [{ group: '', kind: 'K', version: 'v1' }],
      default: { allOf: 'kept as a value' },
    },
  );
});

t.test('JSON schema → gnostic Schema message', async (t) => {
  const message = schemaMessage({
    $ref: '#/definitions/X',
    type: ['string', 'null'],
    format: 'int-or-string',
    default: 'a',
    example: 3,
    enum: ['a', 'b'],
    required: ['x'],
    maxLength: 4,
    readOnly: true,
    items: [{ type: 'string' }, { type: 'integer' }],
    additionalProperties: false,
    allOf: [{ type: 'object' }],
    'x-kubernetes-int-or-string': true,
  });
  t.same(message, {
    _ref: '#/definitions/X',
    format: 'int-or-string',
    max_length: 4,
    read_only: true,
    default: { yaml: 'a\n' },
    example: { yaml: '3\n' },
    required: ['x'],
    enum: [{ yaml: 'a\n' }, { yaml: 'b\n' }],
    additional_properties: { boolean: false },
    type: { value: ['string', 'null'] },
    items: { schema: [{ type: { value: ['string'] } }, { type: { value: ['integer'] } }] },
    all_of: [{ type: { value: ['object'] } }],
    vendor_extension: [{ name: 'x-kubernetes-int-or-string', value: { yaml: 'true\n' } }],
  });
  const Schema = openAPIV2DocumentType().root.lookupType('openapi.v2.Schema');
  const back = Schema.toObject(Schema.decode(Schema.encode(Schema.fromObject(message)).finish()), { longs: Number });
  t.same(back, message, 'encodes and decodes');
});

t.test('parameter data types', async (t) => {
  const rows: [string, { type: string; format?: string }][] = [
    ['string', { type: 'string' }],
    ['boolean', { type: 'boolean' }],
    ['integer', { type: 'integer' }],
    ['int64', { type: 'integer', format: 'int64' }],
    ['float64', { type: 'number', format: 'double' }],
    ['SomeStruct', { type: 'string' }],
  ];
  for (const [dataType, out] of rows) t.same(typeFormat(dataType), out, dataType);
});
