/**
 * flowcontrol.apiserver.k8s.io/v1 flowschemas through their REST: SetDefaults (matchingPrecedence 1000), upstream's
 * validation causes (precedence, distinguisher, subjects, resource and non-resource rules, the mandatory specs),
 * status split and generation, status conditions, and the printer columns.
 */
import { type ApiObject, StatusREST, Store, type UpdatedObjectInfo } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { MANDATORY_FLOW_SCHEMAS } from '../../../src/registry/flowcontrol/bootstrap-configuration.js';
import { newFlowSchemaStorage } from '../../../src/registry/flowcontrol/storage.js';
import { causesOf, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
type Rec = Record<string, unknown>;
const userRule = (extra: Rec = {}): Rec => ({ subjects: [{ kind: 'User', user: { name: 'noxu' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['*'], resources: ['*'], namespaces: ['*'] }], ...extra });
const fs = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
  kind: 'FlowSchema',
  metadata: { name },
  spec: { priorityLevelConfiguration: { name: 'system-bar' }, rules: [userRule()], ...spec },
});

function storesOf(t: Test): { store: Store; status: StatusREST } {
  const map = newFlowSchemaStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['flowschemas', 'flowschemas/status']);
  const { flowschemas: store, 'flowschemas/status': status } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store, status };
}

async function updateStatus(status: StatusREST, name: string, info: UpdatedObjectInfo): Promise<ApiObject> {
  return (await status.update({}, name, info, undefined, undefined, false)).object;
}

t.test('defaults, status split, generation, printer', async (t) => {
  const { store, status } = storesOf(t);
  t.notOk(store.namespaceScoped());
  t.same(store.shortNames(), []);
  const created = await store.create({}, { ...fs('mine'), status: { conditions: [{ type: 'Dangling', status: 'False' }] } });
  t.equal((created.spec as Rec).matchingPrecedence, 1000, 'SetDefaults_FlowSchemaSpec');
  t.same(created.status, {}, 'status reset on create');
  t.equal(created.metadata.generation, 1);
  const labelled = await update(store, {}, 'mine', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(labelled.metadata.generation, 1, 'metadata changes keep generation');
  const moved = await update(store, {}, 'mine', mutated((o) => Object.assign(o.spec as Rec, { matchingPrecedence: 500 })));
  t.equal(moved.metadata.generation, 2, 'spec changes bump generation');
  const dangling = await updateStatus(status, 'mine', mutated((o) => Object.assign(o, { spec: { matchingPrecedence: 7 }, status: { conditions: [{ type: 'Dangling', status: 'True' }] } })));
  t.equal((dangling.spec as Rec).matchingPrecedence, 500, 'the status subresource keeps spec');
  t.equal(dangling.metadata.generation, 2);
  const specOnly = await update(store, {}, 'mine', mutated((o) => Object.assign(o, { status: {} })));
  t.same(specOnly.status, { conditions: [{ type: 'Dangling', status: 'True' }] }, 'the main resource keeps status');
  const dup = await statusErrorOf(t, updateStatus(status, 'mine', mutated((o) => Object.assign(o, { status: { conditions: [{ type: 'A' }, { type: 'A' }, { type: '' }] } }))));
  t.same(causesOf(dup), ['status.conditions[1].type: Duplicate value: "A"', 'status.conditions[2].type: Required value: must not be empty']);

  const aged = { ...dangling, metadata: { ...dangling.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable({}, aged);
  t.same(table.columnDefinitions.map((c) => [c.name, c.type]), [
    ['Name', 'string'],
    ['PriorityLevel', 'string'],
    ['MatchingPrecedence', 'string'],
    ['DistinguisherMethod', 'string'],
    ['Age', 'string'],
    ['MissingPL', 'string'],
  ]);
  t.same(table.rows[0]?.cells, ['mine', 'system-bar', 500, '<none>', '60m', 'True']);
  const byUser = await store.create({}, fs('by-user', { distinguisherMethod: { type: 'ByUser' } }));
  const cells = (await store.convertToTable({}, byUser)).rows[0]?.cells ?? [];
  t.same([cells[3], cells[5]], ['ByUser', '?'], 'no Dangling condition: ?');
  await store.create({}, fs('another', { matchingPrecedence: 500 }));
  const listed = await store.convertToTable({}, await store.list({}, {}));
  t.same(listed.rows.map((r) => [r.cells[0], r.cells[2]]), [['another', 500], ['mine', 500], ['by-user', 1000]], 'lists print by precedence, then name (FlowSchemaSequence)');
});

t.test('validation causes', async (t) => {
  const { store } = storesOf(t);
  const sub = 'spec.rules[0].subjects[0]';
  const cases: [ApiObject, string[]][] = [
    [fs('p0', { matchingPrecedence: 10_001 }), ['spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000']],
    [fs('p1', { matchingPrecedence: 1 }), ["spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1"]],
    [fs('p2', { matchingPrecedence: -3 }), ['spec.matchingPrecedence: Invalid value: -3: must be a positive value']],
    [fs('dm', { distinguisherMethod: { type: 'ByGroup' } }), ['spec.distinguisherMethod.type: Unsupported value: {"type":"ByGroup"}: supported values: "ByNamespace", "ByUser"']],
    [fs('nopl', { priorityLevelConfiguration: { name: '' } }), ['spec.priorityLevelConfiguration.name: Required value: must reference a priority level']],
    [fs('norules', { rules: [{ subjects: [{ kind: 'User', user: { name: 'noxu' } }] }] }), ['spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty']],
    [
      fs('sa', { rules: [userRule({ subjects: [{ kind: 'ServiceAccount', user: { name: 'fred' }, group: { name: 'fred' } }] })] }),
      [
        `${sub}.serviceAccount: Required value: serviceAccount is required when subject kind is 'ServiceAccount'`,
        `${sub}.user: Forbidden: user is forbidden when subject kind is not 'User'`,
        `${sub}.group: Forbidden: group is forbidden when subject kind is not 'Group'`,
      ],
    ],
    [
      fs('sans', { rules: [userRule({ subjects: [{ kind: 'ServiceAccount', serviceAccount: { name: '*', namespace: '' } }] })] }),
      [`${sub}.serviceAccount.namespace: Required value: must specify namespace for service account`],
    ],
    [fs('kind', { rules: [userRule({ subjects: [{ kind: 'Robot' }] })] }), [`${sub}.kind: Unsupported value: "Robot": supported values: "Group", "ServiceAccount", "User"`]],
    [
      fs('mix', { rules: [userRule({ resourceRules: [{ verbs: ['*', 'create'], apiGroups: ['*', 'tak'], resources: ['*', 'tok'], namespaces: ['*'] }] })] }),
      [
        'spec.rules[0].resourceRules[0].verbs: Invalid value: ["*","create"]: if \'*\' is present, must not specify other verbs',
        'spec.rules[0].resourceRules[0].apiGroups: Invalid value: ["*","tak"]: if \'*\' is present, must not specify other api groups',
        'spec.rules[0].resourceRules[0].resources: Invalid value: ["*","tok"]: if \'*\' is present, must not specify other resources',
      ],
    ],
    [
      fs('ns', { rules: [userRule({ resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'], namespaces: ['-foo'] }] })] }),
      [
        "spec.rules[0].resourceRules[0].namespaces[0]: Invalid value: \"-foo\": each member of this list must be '*' or a DNS-1123 label; a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    [
      fs('noscope', { rules: [userRule({ resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['nodes'] }] })] }),
      ['spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace'],
    ],
    [
      fs('verbs', { rules: [userRule({ resourceRules: [], nonResourceRules: [{ verbs: ['get', 'fly'], nonResourceURLs: ['/healthz/*/foo', 'x', '/a b', '//'] }] })] }),
      [
        'spec.rules[0].nonResourceRules[0].verbs: Unsupported value: ["get","fly"]: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
        'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]: Invalid value: "/healthz/*/foo": wildcard can only do suffix matching',
        'spec.rules[0].nonResourceRules[0].nonResourceURLs[1]: Invalid value: "x": must start with slash',
        'spec.rules[0].nonResourceRules[0].nonResourceURLs[2]: Invalid value: "/a b": must not contain white-space',
        'spec.rules[0].nonResourceRules[0].nonResourceURLs[3]: Invalid value: "//": must not contain double slash',
      ],
    ],
  ];
  for (const [obj, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create({}, obj))), want, obj.metadata.name ?? '');
  t.ok(await store.create({}, fs('cluster', { rules: [userRule({ resourceRules: [{ verbs: ['get'], apiGroups: [''], resources: ['nodes'], clusterScope: true }] })] })), 'clusterScope needs no namespaces');
  t.ok(await store.create({}, fs('urls', { rules: [userRule({ resourceRules: [], nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/', '/healthz/*', '/apis/'] }] })] })), 'root, suffix wildcard, trailing slash');
});

t.test('mandatory flow schemas keep their fixed spec', async (t) => {
  const { store } = storesOf(t);
  const exempt = structuredClone(MANDATORY_FLOW_SCHEMAS[0] as ApiObject);
  t.equal(exempt.metadata.name, 'exempt');
  const created = await store.create({}, exempt);
  t.equal((created.spec as Rec).matchingPrecedence, 1);
  const changed = await statusErrorOf(t, update(store, {}, 'exempt', mutated((o) => Object.assign(o.spec as Rec, { distinguisherMethod: { type: 'ByUser' } }))));
  t.match(causesOf(changed), [/^spec: Invalid value: .*: spec of 'exempt' must equal the fixed value$/]);
  const annotated = await update(store, {}, 'exempt', mutated((o) => Object.assign(o.metadata, { annotations: { 'apf.kubernetes.io/autoupdate-spec': 'false' } })));
  t.equal(annotated.metadata.annotations?.['apf.kubernetes.io/autoupdate-spec'], 'false', 'metadata stays writable');
  const catchAll = fs('catch-all', { matchingPrecedence: 10_000, distinguisherMethod: { type: 'ByUser' } });
  t.same(causesOf(await statusErrorOf(t, store.create({}, catchAll))).map((c) => c.replace(/Invalid value: .*: spec/, 'Invalid value: …: spec')), ["spec: Invalid value: …: spec of 'catch-all' must equal the fixed value"]);
});
