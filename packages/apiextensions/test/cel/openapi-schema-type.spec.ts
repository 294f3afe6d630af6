import t from 'tap';
import { admissionExpressionIssues, type OpenAPIObject, openAPISchemaCelType, optionalVariableDeclarations, type SchemaCelType } from '../../src/index.js';

const components: Record<string, OpenAPIObject> = {
  'test.Widget': {
    type: 'object',
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { allOf: [{ $ref: '#/components/schemas/test.Meta' }], default: {} },
      spec: { allOf: [{ $ref: '#/components/schemas/test.Spec' }], default: {} },
    },
  },
  'test.Meta': { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' }, labels: { type: 'object', additionalProperties: { type: 'string', default: '' } } } },
  'test.Spec': {
    type: 'object',
    properties: {
      replicas: { type: 'integer', format: 'int32' },
      ratio: { type: 'number' },
      paused: { type: 'boolean' },
      port: { type: 'string', format: 'int-or-string', 'x-kubernetes-int-or-string': true },
      since: { type: 'string', format: 'date-time' },
      blob: { type: 'string', format: 'byte' },
      'x-y': { type: 'string' },
      tags: { type: 'array', items: { type: 'string', default: '' }, 'x-kubernetes-list-type': 'set' },
      untyped: {},
      raw: { type: 'object' },
      tree: { allOf: [{ $ref: '#/components/schemas/test.Tree' }] },
    },
  },
  'test.Tree': { type: 'object', properties: { children: { type: 'array', items: { allOf: [{ $ref: '#/components/schemas/test.Tree' }] } } } },
};

function kinds(t: SchemaCelType | undefined): unknown {
  if (t === undefined) return undefined;
  switch (t.kind) {
    case 'object':
      return Object.fromEntries([...t.fields].map(([k, v]) => [k, kinds(v)]));
    case 'map':
      return { map: kinds(t.value) };
    case 'list':
      return { list: kinds(t.elem), listType: t.listType };
    default:
      return t.kind;
  }
}

t.test('an OpenAPI v3 schema as CEL types, references resolved', async (t) => {
  const widget = openAPISchemaCelType({ $ref: '#/components/schemas/test.Widget' }, components);
  t.same(kinds(widget), {
    apiVersion: 'string',
    kind: 'string',
    metadata: { name: 'string', generateName: 'string', labels: { map: 'string' } },
    spec: {
      replicas: 'int',
      ratio: 'double',
      paused: 'bool',
      port: 'dyn',
      since: 'timestamp',
      blob: 'bytes',
      x__dash__y: 'string',
      tags: { list: 'string', listType: 'set' },
      raw: {},
      tree: { children: { list: 'dyn', listType: 'atomic' } },
    },
  }, 'untyped properties are no fields; a type recurring in itself is dyn there');
});

t.test('a resource root without type and object meta gets them', async (t) => {
  const root = openAPISchemaCelType({ type: 'object', properties: { metadata: { type: 'object' }, spec: { type: 'object', properties: { n: { type: 'integer' } } } } }, {});
  t.same(kinds(root), { metadata: { name: 'string', generateName: 'string' }, spec: { n: 'int' }, kind: 'string', apiVersion: 'string' });
  t.same(kinds(openAPISchemaCelType({ type: 'object', properties: { metadata: { type: 'object' } } }, {}, false)), { metadata: {} }, 'not at a root');
});

t.test('admission expressions type-checked with a typed object', async (t) => {
  const widget = openAPISchemaCelType({ $ref: '#/components/schemas/test.Widget' }, components);
  if (widget?.kind !== 'object') throw new Error('no object type');
  const declarations = optionalVariableDeclarations({ hasAuthorizer: true, typed: { object: { ...widget, name: 'Widget1' } } });
  t.equal(admissionExpressionIssues('object.spec.replicas > 1 && oldObject.spec.paused', declarations), undefined);
  t.equal(admissionExpressionIssues('object.spec.replicaz > 1', declarations), "ERROR: <input>:1:12: undefined field 'replicaz'\n | object.spec.replicaz > 1\n | ...........^");
  t.equal(
    admissionExpressionIssues("object.spec.replicas + 'x'", declarations),
    "ERROR: <input>:1:22: found no matching overload for '_+_' applied to '(int, string)'\n | object.spec.replicas + 'x'\n | .....................^",
  );
  t.equal(admissionExpressionIssues('object.spec.replicaz > 1', optionalVariableDeclarations({})), undefined, 'untyped, object is dyn');
});
