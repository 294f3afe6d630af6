import { type ApiObject, Store } from '@apiserver/registry';
import { ensureRecord, recordsAt } from '../../../../src/object-fields.js';
import t, { type Test } from 'tap';
import { printPod } from '../../../../src/registry/core/pod/printer.js';
import { podQOSClass, quantityValue } from '../../../../src/registry/core/pod/qos.js';
import { StatusREST } from '@apiserver/registry';
import { newPodStorage } from '../../../../src/registry/core/pod/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, namesSelectedBy, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:10:00Z');
const CREATED = '2026-01-01T00:00:00Z';
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const pod = (name: string, spec: Rec = {}, extra: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec },
  ...extra,
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

function pods(t: Test): { store: Store; status: StatusREST } {
  const map = newPodStorage(memoryGetter(t), { printer: { now: () => NOW }, clock: () => NOW });
  const store = map.pods;
  const status = map['pods/status'];
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected pod storage');
  return { store, status };
}

t.test('quantities and QoS class', async (t) => {
  const cases: Array<[unknown, number | undefined]> = [
    ['100m', 0.1],
    ['1', 1],
    ['1Gi', 2 ** 30],
    ['2k', 2000],
    ['1e3', 1000],
    ['.5', 0.5],
    [3, 3],
    ['abc', undefined],
    [null, undefined],
  ];
  for (const [q, want] of cases) t.equal(quantityValue(q), want, String(q));
  const c = (resources: Rec) => ({ containers: [{ name: 'a', image: 'x', resources }] });
  t.equal(podQOSClass(c({})), 'BestEffort');
  t.equal(podQOSClass(c({ limits: { cpu: '1', memory: '1Gi' } })), 'Guaranteed', 'requests default to limits');
  t.equal(podQOSClass(c({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1000m', memory: '1Gi' } })), 'Guaranteed');
  t.equal(podQOSClass(c({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } })), 'Burstable');
  t.equal(podQOSClass(c({ requests: { memory: '1Gi' } })), 'Burstable');
  t.equal(podQOSClass(c({ requests: { 'nvidia.com/gpu': '1' } })), 'BestEffort');
});

t.test('create: defaults, status, discovery facts', async (t) => {
  const { store } = pods(t);
  t.same(store.shortNames(), ['po']);
  t.same(store.categories(), ['all']);
  t.equal(store.getSingularName(), 'pod');
  const created = await store.create(
    ctx,
    pod('web', {
      containers: [
        { name: 'a', image: 'nginx' },
        { name: 'b', image: 'nginx:latest', ports: [{ containerPort: 80 }] },
        { name: 'c', image: 'nginx:1.25', resources: { limits: { cpu: '1', memory: '1Gi' } } },
      ],
    }),
  );
  t.match(specOf(created), {
    restartPolicy: 'Always',
    dnsPolicy: 'ClusterFirst',
    terminationGracePeriodSeconds: 30,
    schedulerName: 'default-scheduler',
    enableServiceLinks: true,
    containers: [
      { imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' },
      { imagePullPolicy: 'Always', ports: [{ protocol: 'TCP' }] },
      { imagePullPolicy: 'IfNotPresent' },
    ],
  });
  t.same(created.status, { phase: 'Pending', qosClass: 'Burstable' });
  const withStatus = await store.create(ctx, pod('given', {}, { status: { phase: 'Running' } }));
  t.same(withStatus.status, { phase: 'Pending', qosClass: 'BestEffort' }, 'a client status is dropped');
});

t.test('validation errors are 422 causes', async (t) => {
  const { store } = pods(t);
  const cases: Array<[string, Rec, string[]]> = [
    ['none', { containers: [] }, ['spec.containers: Required value']],
    [
      'names',
      { initContainers: [{ name: 'a', image: 'x' }], containers: [{ name: 'a', image: 'x' }, { name: 'B_', image: 'x' }, { image: 'x' }] },
      ['spec.containers[0].name: Duplicate value: "a"', 'spec.containers[1].name: Invalid value: "B_": a lowercase RFC 1123 label', 'spec.containers[2].name: Required value'],
    ],
    ['image', { containers: [{ name: 'a' }, { name: 'b', image: ' x' }] }, ['spec.containers[0].image: Required value', 'spec.containers[1].image: Invalid value: " x": must not have leading or trailing whitespace']],
    [
      'ports',
      {
        containers: [
          {
            name: 'a',
            image: 'x',
            ports: [{ containerPort: 0 }, { containerPort: 70000, hostPort: -1, protocol: 'HTTP', name: 'web' }, { containerPort: 1, name: 'web' }, { containerPort: 2, name: 'Bad--' }],
          },
        ],
      },
      [
        'spec.containers[0].ports[0].containerPort: Required value',
        'spec.containers[0].ports[1].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
        'spec.containers[0].ports[1].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive',
        'spec.containers[0].ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
        'spec.containers[0].ports[2].name: Duplicate value: "web"',
        'spec.containers[0].ports[3].name: Invalid value: "Bad--": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        'spec.containers[0].ports[3].name: Invalid value: "Bad--": must not contain consecutive hyphens',
        'spec.containers[0].ports[3].name: Invalid value: "Bad--": must not begin or end with a hyphen',
      ],
    ],
    ['restart', { restartPolicy: 'Sometimes' }, ['spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"']],
    ['dns', { dnsPolicy: 'Public' }, ['spec.dnsPolicy: Unsupported value: "Public"']],
    ['pull', { containers: [{ name: 'a', image: 'x', imagePullPolicy: 'Sometimes' }] }, ['spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes"']],
    [
      'mounts',
      { volumes: [{ name: 'v' }, { name: 'v' }, {}], containers: [{ name: 'a', image: 'x', volumeMounts: [{ name: 'w', mountPath: '/w' }, { name: 'v' }, {}] }] },
      [
        'spec.volumes[1].name: Duplicate value: "v"',
        'spec.volumes[2].name: Required value',
        'spec.containers[0].volumeMounts[0].name: Not found: "w"',
        'spec.containers[0].volumeMounts[1].mountPath: Required value',
        'spec.containers[0].volumeMounts[2].name: Required value',
        'spec.containers[0].volumeMounts[2].mountPath: Required value',
      ],
    ],
    ['deadline', { activeDeadlineSeconds: 0 }, ['spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive']],
    ['grace', { terminationGracePeriodSeconds: 1.5 }, ['spec.terminationGracePeriodSeconds: Invalid value: 1.5: must be an integer']],
    ['node', { nodeName: 'Node_1' }, ['spec.nodeName: Invalid value: "Node_1": a lowercase RFC 1123 subdomain']],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, pod(name, spec)));
    t.equal(err.status.code, 422, name);
    const got = causesOf(err);
    t.equal(got.length, want.length, `${name}: ${got.join(' | ')}`);
    for (const [i, w] of want.entries()) t.ok(got[i]?.startsWith(w), `${name}: ${got[i] ?? ''} starts with ${w}`);
  }
  const badName = await statusErrorOf(t, store.create(ctx, pod('Bad_Name')));
  t.match(causesOf(badName)[0], /^metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/);
});

t.test('updates: spec immutable except images, deadline, tolerations, grace', async (t) => {
  const { store, status } = pods(t);
  await store.create(ctx, pod('web', { activeDeadlineSeconds: 100, tolerations: [{ key: 'a', operator: 'Exists' }] }));
  const imaged = await update(store, ctx, 'web', mutated((o) => Object.assign(recordsAt(specOf(o), 'containers')[0] ?? {}, { image: 'nginx:2' })));
  t.match(specOf(imaged), { containers: [{ image: 'nginx:2' }] });
  const lowered = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { activeDeadlineSeconds: 50 })));
  t.equal(specOf(lowered).activeDeadlineSeconds, 50);
  const added = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { tolerations: [...recordsAt(specOf(o), 'tolerations'), { key: 'b', operator: 'Exists' }] })));
  t.equal(recordsAt(specOf(added), 'tolerations').length, 2);
  const forbidden = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { restartPolicy: 'Never' }))));
  t.same(causesOf(forbidden), [
    'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)',
  ]);
  const removed = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { tolerations: [] }))));
  t.equal(causesOf(removed).length, 1, 'removing tolerations is forbidden');
  const raised = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { activeDeadlineSeconds: 500 }))));
  t.same(causesOf(raised), ['spec.activeDeadlineSeconds: Invalid value: 500: must be less than or equal to previous value']);
  const unset = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => delete specOf(o).activeDeadlineSeconds)));
  t.same(causesOf(unset), ['spec.activeDeadlineSeconds: Invalid value: null: must not update from a positive integer to nil value']);

  await store.create(ctx, pod('neg', { terminationGracePeriodSeconds: -5 }));
  const one = await update(store, ctx, 'neg', mutated((o) => Object.assign(specOf(o), { terminationGracePeriodSeconds: 1 })));
  t.equal(specOf(one).terminationGracePeriodSeconds, 1);

  const running = { phase: 'Running', podIP: '10.244.0.5', podIPs: [{ ip: '10.244.0.5' }] };
  const { object: withStatus } = await status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: running, spec: {} })), undefined, undefined, false);
  t.match(withStatus.status, running);
  t.equal(specOf(withStatus).activeDeadlineSeconds, 50, 'status updates keep the spec');
  const specUpdate = await update(store, ctx, 'web', mutated((o) => Object.assign(o, { status: { phase: 'Failed' } })));
  t.match(specUpdate.status, { phase: 'Running' }, 'spec updates keep the status');
  t.equal((await status.get(ctx, 'web')).metadata.name, 'web');
  t.same(await namesSelectedBy(store, 'default', 'status.phase=Running'), ['web']);
});

t.test('graceful deletion', async (t) => {
  const { store } = pods(t);
  await store.create(ctx, pod('unscheduled'));
  const gone = await store.delete(ctx, 'unscheduled', undefined, {});
  t.equal(gone.deleted, true, 'a pod without a node is deleted at once');

  await store.create(ctx, pod('scheduled', { nodeName: 'node-1' }));
  t.same(await namesSelectedBy(store, 'default', 'spec.nodeName=node-1'), ['scheduled']);
  const marked = await store.delete(ctx, 'scheduled', undefined, {});
  t.equal(marked.deleted, false);
  t.match(marked.object, { metadata: { deletionGracePeriodSeconds: 30, deletionTimestamp: '2026-01-01T00:10:30Z' } });
  const table = await store.convertToTable(ctx, await store.get(ctx, 'scheduled'));
  t.equal(table.rows[0]?.cells[2], 'Terminating');
  const now = await store.delete(ctx, 'scheduled', undefined, { gracePeriodSeconds: 0 });
  t.equal(now.deleted, true, 'grace period 0 deletes');

  await store.create(ctx, pod('custom', { nodeName: 'node-1', terminationGracePeriodSeconds: 5 }));
  t.match((await store.delete(ctx, 'custom', undefined, {})).object, { metadata: { deletionGracePeriodSeconds: 5 } });
  await store.create(ctx, pod('negative', { nodeName: 'node-1', terminationGracePeriodSeconds: -3 }));
  t.match((await store.delete(ctx, 'negative', undefined, {})).object, { metadata: { deletionGracePeriodSeconds: 1 } });
});

t.test('finished pods are deleted at once', async (t) => {
  const map = newPodStorage(memoryGetter(t));
  const store = map.pods;
  const status = map['pods/status'];
  if (!(store instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected pod storage');
  await store.create(ctx, pod('done', { nodeName: 'node-1' }));
  await status.update(ctx, 'done', mutated((o) => Object.assign(o, { status: { phase: 'Succeeded' } })), undefined, undefined, false);
  t.equal((await store.delete(ctx, 'done', undefined, {})).deleted, true);
});

const cs = (state: Rec, extra: Rec = {}) => ({ name: 'app', state, ready: false, restartCount: 0, ...extra });

t.test('printer: columns and STATUS logic', async (t) => {
  const { store } = pods(t);
  const table = await store.convertToTable(ctx, { ...pod('x'), metadata: { name: 'x', creationTimestamp: CREATED }, status: { phase: 'Pending' } });
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.priority]),
    [
      ['Name', 0],
      ['Ready', 0],
      ['Status', 0],
      ['Restarts', 0],
      ['Age', 0],
      ['IP', 1],
      ['Node', 1],
      ['Nominated Node', 1],
      ['Readiness Gates', 1],
    ],
  );
  t.same(table.rows[0]?.cells, ['x', '0/1', 'Pending', '0', '10m', '<none>', '<none>', '<none>', '<none>']);

  const row = (status: Rec, spec: Rec = {}, meta: Rec = {}) =>
    printPod({ ...pod('p', spec), metadata: { name: 'p', creationTimestamp: CREATED, ...meta }, status }, { now: NOW });
  const running = { running: { startedAt: CREATED } };
  const init2 = { initContainers: [{ name: 'i1', image: 'x' }, { name: 'i2', image: 'x' }] };
  const cases: Array<[string, Rec, Rec, string, string]> = [
    ['running', { phase: 'Running', containerStatuses: [cs(running, { ready: true })], conditions: [{ type: 'Ready', status: 'True' }] }, {}, '1/1', 'Running'],
    ['reason', { phase: 'Failed', reason: 'Evicted' }, {}, '0/1', 'Evicted'],
    ['waiting', { phase: 'Running', containerStatuses: [cs({ waiting: { reason: 'CrashLoopBackOff' } })] }, {}, '0/1', 'CrashLoopBackOff'],
    ['completed', { phase: 'Succeeded', containerStatuses: [cs({ terminated: { reason: 'Completed', exitCode: 0 } })] }, {}, '0/1', 'Completed'],
    ['exit', { phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 2 } })] }, {}, '0/1', 'ExitCode:2'],
    ['signal', { phase: 'Failed', containerStatuses: [cs({ terminated: { exitCode: 137, signal: 9 } })] }, {}, '0/1', 'Signal:9'],
    [
      'notready',
      { phase: 'Running', containerStatuses: [cs({ terminated: { reason: 'Completed' } }), cs(running, { name: 'b', ready: true })] },
      { containers: [{ name: 'app', image: 'x' }, { name: 'b', image: 'x' }] },
      '1/2',
      'NotReady',
    ],
    [
      'completed-running',
      {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True' }],
        containerStatuses: [cs({ terminated: { reason: 'Completed' } }), cs(running, { name: 'b', ready: true })],
      },
      { containers: [{ name: 'app', image: 'x' }, { name: 'b', image: 'x' }] },
      '1/2',
      'Running',
    ],
    ['init-progress', { phase: 'Pending', initContainerStatuses: [cs({ running: {} }, { name: 'i1' })] }, init2, '0/1', 'Init:0/2'],
    ['init-waiting', { phase: 'Pending', initContainerStatuses: [cs({ waiting: { reason: 'ImagePullBackOff' } }, { name: 'i1' })] }, init2, '0/1', 'Init:ImagePullBackOff'],
    ['init-podinit', { phase: 'Pending', initContainerStatuses: [cs({ terminated: { exitCode: 0 } }, { name: 'i1' }), cs({ waiting: { reason: 'PodInitializing' } }, { name: 'i2' })] }, init2, '0/1', 'Init:1/2'],
    ['init-error', { phase: 'Pending', initContainerStatuses: [cs({ terminated: { exitCode: 1, reason: 'Error' } }, { name: 'i1' })] }, init2, '0/1', 'Init:Error'],
    ['init-exit', { phase: 'Pending', initContainerStatuses: [cs({ terminated: { exitCode: 3 } }, { name: 'i1' })] }, init2, '0/1', 'Init:ExitCode:3'],
    ['init-signal', { phase: 'Pending', initContainerStatuses: [cs({ terminated: { exitCode: 1, signal: 15 } }, { name: 'i1' })] }, init2, '0/1', 'Init:Signal:15'],
    [
      'sidecar',
      {
        phase: 'Running',
        initContainerStatuses: [cs(running, { name: 's', started: true, ready: true })],
        containerStatuses: [cs(running, { ready: true })],
      },
      { initContainers: [{ name: 's', image: 'x', restartPolicy: 'Always' }] },
      '2/2',
      'Running',
    ],
    ['gated', { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'SchedulingGated' }] }, {}, '0/1', 'SchedulingGated'],
  ];
  for (const [name, status, spec, ready, reason] of cases) {
    const cells = row(status, spec).cells;
    t.same([cells[1], cells[2]], [ready, reason], name);
  }
  t.equal(row({ phase: 'Running', reason: 'NodeLost' }, {}, { deletionTimestamp: CREATED }).cells[2], 'Unknown');
  t.equal(row({ phase: 'Succeeded' }, {}, { deletionTimestamp: CREATED }).cells[2], 'Succeeded', 'finished pods never show Terminating');
  t.same(row({ phase: 'Succeeded' }).conditions, [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }]);
  t.same(row({ phase: 'Failed' }).conditions, [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }]);
  const restarted = row({
    phase: 'Running',
    containerStatuses: [cs(running, { ready: true, restartCount: 3, lastState: { terminated: { finishedAt: '2026-01-01T00:05:00Z' } } })],
  });
  t.equal(restarted.cells[3], '3 (5m ago)');
  t.equal(row({ phase: 'Running', containerStatuses: [cs(running, { restartCount: 2 })] }).cells[3], '2');
  const wide = row(
    { phase: 'Running', podIP: '10.1.1.1', nominatedNodeName: 'n2', conditions: [{ type: 'gate-a', status: 'True' }, { type: 'gate-b', status: 'False' }] },
    { nodeName: 'n1', readinessGates: [{ conditionType: 'gate-a' }, { conditionType: 'gate-b' }] },
  );
  t.same(wide.cells.slice(5), ['10.1.1.1', 'n1', 'n2', '1/2']);
});
