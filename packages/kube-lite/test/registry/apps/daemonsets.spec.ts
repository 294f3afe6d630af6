/**
 * apps/v1 daemonsets and controllerrevisions through their Stores: defaults, the template generation annotation,
 * validation with upstream's paths and messages, status rules and printer columns.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newControllerRevisionStorage } from '../../../src/registry/apps/controllerrevision/storage.js';
import { newDaemonSetStorage } from '../../../src/registry/apps/daemonset/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:02:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;
const GENERATION = 'deprecated.daemonset.template.generation';

const template = (extra: Rec = {}): Rec => ({ metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }], ...extra } });
const ds = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name },
  spec: { selector: { matchLabels: { app: 'agent' } }, template: template(), ...spec },
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

function storageOf(t: Test): { store: Store; status: StatusREST } {
  const map = newDaemonSetStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['daemonsets', 'daemonsets/status']);
  const { daemonsets: store, 'daemonsets/status': status } = map;
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store, status };
}

t.test('daemonsets: defaults, template generation, generation', async (t) => {
  const { store } = storageOf(t);
  t.same(store.shortNames(), ['ds']);
  t.same(store.categories(), ['all']);
  const created = await store.create(ctx, ds('agent'));
  t.match(specOf(created), { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } }, revisionHistoryLimit: 10, template: { spec: { restartPolicy: 'Always' } } });
  t.same(created.metadata.annotations, { [GENERATION]: '1' });
  t.same(created.status, {});
  t.equal(created.metadata.generation, 1);
  const retemplated = await update(store, ctx, 'agent', mutated((o) => Object.assign(ensureRecord(ensureRecord(specOf(o), 'template'), 'spec'), { nodeSelector: { os: 'linux' } })));
  t.equal(retemplated.metadata.annotations?.[GENERATION], '2', 'a template change bumps the template generation');
  t.equal(retemplated.metadata.generation, 2);
  const limited = await update(store, ctx, 'agent', mutated((o) => Object.assign(specOf(o), { minReadySeconds: 3 })));
  t.equal(limited.metadata.annotations?.[GENERATION], '2');
  t.equal(limited.metadata.generation, 3);
  const same = await update(store, ctx, 'agent', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(same.metadata.generation, 3);
  const dropped = await statusErrorOf(t, update(store, ctx, 'agent', mutated((o) => Object.assign(o.metadata, { annotations: {} }))));
  t.same(causesOf(dropped), ['spec.templateGeneration: Invalid value: 0: must not be decremented']);
  const bumped = await statusErrorOf(t, update(store, ctx, 'agent', mutated((o) => Object.assign(o.metadata, { annotations: { [GENERATION]: '5' } }))));
  t.same(causesOf(bumped), ['spec.templateGeneration: Invalid value: 5: must not be incremented without template update']);
});

t.test('daemonsets: validation', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['empty', { selector: {} }, ['spec.selector: Invalid value: {}: empty selector is invalid for daemonset']],
    ['nosel', { selector: null }, ['spec.template.metadata.labels: Invalid value: {"app":"agent"}: `selector` does not match template `labels`']],
    [
      'restart',
      { template: template({ restartPolicy: 'OnFailure', activeDeadlineSeconds: 5 }) },
      ['spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"', 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported'],
    ],
    ['both', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '10%', maxSurge: 1 } } }, ['spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero']],
    ['none', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } } }, ['spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0']],
    [
      'percent',
      { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%', maxSurge: 'x' } } },
      [
        "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: \"x\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
        'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%',
      ],
    ],
    ['type', { updateStrategy: { type: 'Sometimes' } }, ['spec.updateStrategy: Unsupported value: {"type":"Sometimes"}: supported values: "RollingUpdate", "OnDelete"']],
    ['limits', { minReadySeconds: -1, revisionHistoryLimit: -2 }, ['spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0', 'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0']],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, ds(name, spec)));
    t.same(causesOf(err), want, name);
  }
});

t.test('daemonsets: status and printer', async (t) => {
  const { store, status } = storageOf(t);
  await store.create(ctx, ds('agent', { template: template({ nodeSelector: { zone: 'a', os: 'linux' } }) }));
  const bad = await statusErrorOf(t, status.update(ctx, 'agent', mutated((o) => Object.assign(o, { status: { numberReady: -1, collisionCount: -1 } })), undefined, undefined, false));
  t.same(causesOf(bad), ['status.numberReady: Invalid value: -1: must be greater than or equal to 0', 'status.collisionCount: Invalid value: -1: must be greater than or equal to 0']);
  const newStatus = { desiredNumberScheduled: 3, currentNumberScheduled: 2, numberReady: 1, updatedNumberScheduled: 2, numberAvailable: 1, numberMisscheduled: 0 };
  const { object: withStatus } = await status.update(ctx, 'agent', mutated((o) => Object.assign(o, { status: newStatus })), undefined, undefined, false);
  const table = await store.convertToTable(ctx, { ...withStatus, metadata: { ...withStatus.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type, c.priority]), [
    ['Name', 'string', 0],
    ['Desired', 'integer', 0],
    ['Current', 'integer', 0],
    ['Ready', 'integer', 0],
    ['Up-to-date', 'integer', 0],
    ['Available', 'integer', 0],
    ['Node Selector', 'string', 0],
    ['Age', 'string', 0],
    ['Containers', 'string', 1],
    ['Images', 'string', 1],
    ['Selector', 'string', 1],
  ]);
  t.same(table.rows[0]?.cells, ['agent', 3, 2, 1, 2, 1, 'os=linux,zone=a', '2m', 'agent', 'agent:1', 'app=agent']);
});

t.test('controllerrevisions: data mandatory and immutable, revision, printer', async (t) => {
  const map = newControllerRevisionStorage(memoryGetter(t), { printer: { now: () => NOW } });
  const store = map.controllerrevisions;
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  t.same(store.shortNames(), []);
  t.same(store.categories(), []);
  const revision = (name: string, extra: Rec): ApiObject => ({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name }, ...extra });
  const missing = await statusErrorOf(t, store.create(ctx, revision('r0', { revision: -1 })));
  t.same(causesOf(missing), ['data: Required value: data is mandatory', 'revision: Invalid value: -1: must be greater than or equal to 0']);
  const owner = { apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u1', controller: true };
  const created = await store.create(ctx, revision('agent-1', { data: { spec: { template: { a: 1 } } }, revision: 1, metadata: { name: 'agent-1', ownerReferences: [owner] } }));
  t.same(created.data, { spec: { template: { a: 1 } } });
  t.equal(created.metadata.generation, undefined);
  const relabelled = await update(store, ctx, 'agent-1', mutated((o) => Object.assign(o, { revision: 2 })));
  t.equal(relabelled.revision, 2, 'revision may change');
  const changed = await statusErrorOf(t, update(store, ctx, 'agent-1', mutated((o) => Object.assign(o, { data: { other: true } }))));
  t.same(causesOf(changed), ['data: Invalid value: {"other":true}: field is immutable']);
  const table = await store.convertToTable(ctx, { ...relabelled, metadata: { ...relabelled.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Controller', 'Revision', 'Age']);
  t.same(table.rows[0]?.cells, ['agent-1', 'daemonset.apps/agent', 2, '2m']);
  const orphan = await store.convertToTable(ctx, { ...relabelled, metadata: { name: 'x' } });
  t.same(orphan.rows[0]?.cells.slice(0, 2), ['x', '<none>']);
});
