/**
 * batch/v1 jobs through their Store: SetDefaults_Job, the generated selector and labels, validation with
 * upstream's field paths and messages, immutability, status, printer columns and the field selector.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newJobStorage } from '../../../src/registry/batch/job/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, namesSelectedBy, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:10:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const podSpec = (extra: Rec = {}): Rec => ({ restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox:1.36' }], ...extra });
const job = (name: string, spec: Rec = {}, meta: Rec = {}): ApiObject => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, ...meta },
  spec: { template: { metadata: { labels: { app: 'batch' } }, spec: podSpec() }, ...spec },
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');
const templateOf = (o: ApiObject): Rec => ensureRecord(specOf(o), 'template');

function storageOf(t: Test): { store: Store; status: StatusREST } {
  const map = newJobStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['jobs', 'jobs/status']);
  const { jobs, 'jobs/status': status } = map;
  if (!(jobs instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store: jobs, status };
}

t.test('create: defaults, generated selector and labels, empty status, generation 1', async (t) => {
  const { store } = storageOf(t);
  t.same(store.shortNames(), []);
  t.same(store.categories(), ['all']);
  t.equal(store.getSingularName(), 'job');
  const created = await store.create(ctx, { ...job('pi'), status: { succeeded: 3 } });
  const uid = created.metadata.uid ?? '';
  t.ok(uid !== '', 'uid assigned before the selector is generated');
  t.match(specOf(created), {
    completions: 1,
    parallelism: 1,
    backoffLimit: 6,
    completionMode: 'NonIndexed',
    suspend: false,
    podReplacementPolicy: 'TerminatingOrFailed',
    manualSelector: false,
    selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
  });
  t.same(ensureRecord(templateOf(created), 'metadata').labels, {
    app: 'batch',
    'job-name': 'pi',
    'batch.kubernetes.io/job-name': 'pi',
    'controller-uid': uid,
    'batch.kubernetes.io/controller-uid': uid,
  });
  t.same(created.metadata.labels, { app: 'batch' }, 'job labels default to the template labels (before generation)');
  t.match(ensureRecord(templateOf(created), 'spec'), { dnsPolicy: 'ClusterFirst', terminationGracePeriodSeconds: 30, schedulerName: 'default-scheduler' });
  t.same(created.status, {});
  t.equal(created.metadata.generation, 1);

  const parallel = await store.create(ctx, job('par', { parallelism: 3, backoffLimitPerIndex: 1, completionMode: 'Indexed', completions: 4, podFailurePolicy: { rules: [{ action: 'FailIndex', onPodConditions: [{ type: 'DisruptionTarget' }] }] } }));
  t.match(specOf(parallel), { parallelism: 3, completions: 4, backoffLimit: 2147483647, podReplacementPolicy: 'Failed' });
  t.same((specOf(parallel).podFailurePolicy as Rec).rules, [{ action: 'FailIndex', onPodConditions: [{ type: 'DisruptionTarget', status: 'True' }] }]);
});

t.test('manualSelector: the user selector is kept and must match the template', async (t) => {
  const { store } = storageOf(t);
  const manual = await store.create(ctx, job('manual', { manualSelector: true, selector: { matchLabels: { app: 'batch' } } }));
  t.same(specOf(manual).selector, { matchLabels: { app: 'batch' } });
  t.same(ensureRecord(templateOf(manual), 'metadata').labels, { app: 'batch' });
  const missing = await statusErrorOf(t, store.create(ctx, job('nosel', { manualSelector: true })));
  t.same(causesOf(missing), ['spec.selector: Required value', 'spec.template.metadata.labels: Invalid value: {"app":"batch"}: `selector` does not match template `labels`']);
  const mismatch = await statusErrorOf(t, store.create(ctx, job('other', { manualSelector: true, selector: { matchLabels: { app: 'other' } } })));
  t.same(causesOf(mismatch), ['spec.template.metadata.labels: Invalid value: {"app":"batch"}: `selector` does not match template `labels`']);
});

t.test('generated selector: conflicting user labels and selectors are rejected', async (t) => {
  const { store } = storageOf(t);
  const clash = await statusErrorOf(t, store.create(ctx, job('clash', { template: { metadata: { labels: { 'job-name': 'other' } }, spec: podSpec() } })));
  t.match(causesOf(clash), [/^spec\.template\.metadata\.labels\[job-name\]: Invalid value: \{"job-name":"other",.*\}: must be 'clash'$/]);
  const selector = await statusErrorOf(t, store.create(ctx, job('wrongsel', { selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'x' } } })));
  t.match(causesOf(selector), [
    /^spec\.selector: Invalid value: \{"matchLabels":\{"batch\.kubernetes\.io\/controller-uid":"x"\}\}: `selector` not auto-generated$/,
    /^spec\.template\.metadata\.labels: Invalid value: .*: `selector` does not match template `labels`$/,
  ]);
});

t.test('spec validation: restartPolicy, counters, completion modes, policies', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['always', { template: { spec: podSpec({ restartPolicy: 'Always' }) } }, ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    ['unset', { template: { spec: { containers: [{ name: 'c', image: 'i' }] } } }, ['spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    [
      'negative',
      { parallelism: -1, completions: -2, activeDeadlineSeconds: -3, backoffLimit: -4, ttlSecondsAfterFinished: -5 },
      [
        'spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
        'spec.completions: Invalid value: -2: must be greater than or equal to 0',
        'spec.activeDeadlineSeconds: Invalid value: -3: must be greater than or equal to 0',
        'spec.backoffLimit: Invalid value: -4: must be greater than or equal to 0',
        'spec.ttlSecondsAfterFinished: Invalid value: -5: must be greater than or equal to 0',
      ],
    ],
    ['mode', { completionMode: 'Sometimes' }, ['spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"']],
    [
      'perindex',
      { backoffLimitPerIndex: 1, maxFailedIndexes: 1 },
      ['spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode', 'spec.maxFailedIndexes: Invalid value: 1: requires indexed completion mode'],
    ],
    ['maxfailed', { completionMode: 'Indexed', completions: 2, maxFailedIndexes: 1 }, ['spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified']],
    [
      'indexed',
      { completionMode: 'Indexed', parallelism: 100001, completions: null },
      ['spec.completions: Required value: when completion mode is Indexed', 'spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed'],
    ],
    ['replacement', { podReplacementPolicy: 'Sometimes' }, ['spec.podReplacementPolicy: Unsupported value: "Sometimes": supported values: "Failed", "TerminatingOrFailed"']],
    ['managed', { managedBy: 'nodomain' }, ['spec.managedBy: Invalid value: "nodomain": must be a domain-prefixed path (such as "acme.io/foo")']],
    ['success', { successPolicy: { rules: [{ succeededCount: 1 }] } }, ['spec.successPolicy: Invalid value: {"rules":[{"succeededCount":1}]}: requires indexed completion mode']],
    [
      'successrules',
      { completionMode: 'Indexed', completions: 3, successPolicy: { rules: [{}, { succeededIndexes: '0-1,1', succeededCount: 4 }, { succeededIndexes: '2-3' }, { succeededIndexes: '0,2', succeededCount: 3 }] } },
      [
        'spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified',
        'spec.successPolicy.rules[1].succeededIndexes: Invalid value: "0-1,1": error parsing succeededIndexes: non-increasing order, previous: 1, current: 1',
        'spec.successPolicy.rules[1].succeededCount: Invalid value: 4: must be less than or equal to 3 (the number of specified completions)',
        'spec.successPolicy.rules[1].succeededCount: Invalid value: 4: must be less than or equal to 0 (the number of indexes in the specified succeededIndexes field)',
        'spec.successPolicy.rules[2].succeededIndexes: Invalid value: "2-3": error parsing succeededIndexes: too large index: "3"',
        'spec.successPolicy.rules[3].succeededCount: Invalid value: 3: must be less than or equal to 2 (the number of indexes in the specified succeededIndexes field)',
      ],
    ],
    [
      'failurepolicy',
      {
        template: { spec: podSpec({ restartPolicy: 'OnFailure' }) },
        podFailurePolicy: {
          rules: [
            { action: 'FailJob', onExitCodes: { containerName: 'nope', operator: 'In', values: [0, 3, 3, 1] } },
            { action: '', onPodConditions: [{ type: 'bad type', status: 'Maybe' }] },
            { action: 'FailIndex', onExitCodes: { operator: 'Between', values: [] }, onPodConditions: [{ type: 'Ready' }] },
            { action: 'Explode' },
          ],
        },
      },
      [
        'spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "nope": must be one of the container or initContainer names in the pod template',
        'spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator',
        'spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 3',
        'spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: [0,3,3,1]: must be ordered',
        'spec.podFailurePolicy.rules[1].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"]',
        "spec.podFailurePolicy.rules[1].onPodConditions[0].type: Invalid value: \"bad type\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
        'spec.podFailurePolicy.rules[1].onPodConditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
        'spec.podFailurePolicy.rules[2].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set',
        'spec.podFailurePolicy.rules[2].onExitCodes.operator: Unsupported value: "Between": supported values: "In", "NotIn"',
        'spec.podFailurePolicy.rules[2].onExitCodes.values: Invalid value: []: at least one value is required',
        'spec.podFailurePolicy.rules[2]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported',
        'spec.podFailurePolicy.rules[3].action: Unsupported value: "Explode": supported values: "Count", "FailIndex", "FailJob", "Ignore"',
        'spec.podFailurePolicy.rules[3]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required',
        'spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified',
      ],
    ],
  ];
  for (const [name, spec, want] of cases) {
    const base = job(name);
    const err = await statusErrorOf(t, store.create(ctx, { ...base, spec: { ...specOf(base), ...spec } }));
    t.same(causesOf(err), want, name);
  }
  const hostname = await statusErrorOf(t, store.create(ctx, job('a'.repeat(62), { completionMode: 'Indexed', completions: 10 })));
  t.same(causesOf(hostname), [`metadata.name: Invalid value: "${'a'.repeat(62)}": will not able to create pod with invalid DNS label: ${'a'.repeat(62)}-9`]);
});

t.test('update: generation, immutable fields, elastic Indexed completions, suspended scheduling directives', async (t) => {
  const { store } = storageOf(t);
  await store.create(ctx, job('imm'));
  const relabelled = await update(store, ctx, 'imm', mutated((o) => Object.assign(o.metadata, { labels: { x: 'y' } })));
  t.equal(relabelled.metadata.generation, 1, 'metadata changes keep the generation');
  const suspended = await update(store, ctx, 'imm', mutated((o) => Object.assign(specOf(o), { suspend: true, activeDeadlineSeconds: 60 })));
  t.equal(suspended.metadata.generation, 2);
  const err = await statusErrorOf(
    t,
    update(
      store,
      ctx,
      'imm',
      mutated((o) => {
        Object.assign(specOf(o), { completions: 2, completionMode: 'Indexed', selector: { matchLabels: { a: 'b' } } });
        Object.assign(ensureRecord(templateOf(o), 'spec'), { restartPolicy: 'OnFailure' });
      }),
    ),
  );
  t.match(causesOf(err), [
    /^spec\.selector: Invalid value: \{"matchLabels":\{"a":"b"\}\}: `selector` not auto-generated$/,
    /^spec\.template\.metadata\.labels: Invalid value: .*: `selector` does not match template `labels`$/,
    'spec.completions: Invalid value: 2: can only be modified in tandem with spec.parallelism',
    'spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: field is immutable',
    /^spec\.template: Invalid value: .*: field is immutable$/,
    'spec.completionMode: Invalid value: "Indexed": field is immutable',
  ]);
  const scheduling = await update(
    store,
    ctx,
    'imm',
    mutated((o) => Object.assign(ensureRecord(templateOf(o), 'spec'), { nodeSelector: { disk: 'ssd' }, tolerations: [{ key: 'k', operator: 'Exists' }] })),
  );
  t.same(ensureRecord(templateOf(scheduling), 'spec').nodeSelector, { disk: 'ssd' }, 'a suspended job that never started may change its scheduling directives');
  await store.create(ctx, job('running'));
  const running = await statusErrorOf(t, update(store, ctx, 'running', mutated((o) => Object.assign(ensureRecord(templateOf(o), 'spec'), { nodeSelector: { disk: 'ssd' } }))));
  t.match(causesOf(running), [/^spec\.template: Invalid value: .*: field is immutable$/]);

  await store.create(ctx, job('elastic', { completionMode: 'Indexed', completions: 2, parallelism: 2 }));
  const scaled = await update(store, ctx, 'elastic', mutated((o) => Object.assign(specOf(o), { completions: 5, parallelism: 5 })));
  t.match(specOf(scaled), { completions: 5, parallelism: 5 });
});

t.test('status: counters, uncounted pods, printer and field selector', async (t) => {
  const { store, status } = storageOf(t);
  await store.create(ctx, job('done'));
  const bad = await statusErrorOf(
    t,
    status.update(ctx, 'done', mutated((o) => Object.assign(o, { status: { active: -1, ready: -2, uncountedTerminatedPods: { succeeded: ['a', ''], failed: ['a'] } } })), undefined, undefined, false),
  );
  t.same(causesOf(bad), [
    'status.active: Invalid value: -1: must be greater than or equal to 0',
    'status.ready: Invalid value: -2: must be greater than or equal to 0',
    'status.uncountedTerminatedPods.succeeded[1]: Invalid value: "": must not be empty',
    'status.uncountedTerminatedPods.failed[0]: Duplicate value: "a"',
  ]);
  const newStatus = {
    succeeded: 1,
    startTime: '2026-01-01T00:01:00Z',
    completionTime: '2026-01-01T00:01:42Z',
    conditions: [
      { type: 'SuccessCriteriaMet', status: 'True' },
      { type: 'Complete', status: 'True' },
    ],
  };
  const { object: finished } = await status.update(ctx, 'done', mutated((o) => Object.assign(o, { status: newStatus, spec: {} })), undefined, undefined, false);
  t.match(finished.status, newStatus);
  t.equal(specOf(finished).completions, 1, 'status updates keep the spec');
  await store.create(ctx, job('busy', { parallelism: 3, completions: null }));
  t.same(await namesSelectedBy(store, 'default', 'status.successful=1'), ['done']);
  t.same(await namesSelectedBy(store, 'default', 'status.successful!=1'), ['busy']);

  const list = await store.list(ctx, {});
  const aged = list.items.map((j) => ({ ...j, metadata: { ...j.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } }));
  const table = await store.convertToTable(ctx, { ...list, items: aged });
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Status', 'string', 0],
      ['Completions', 'string', 0],
      ['Duration', 'string', 0],
      ['Age', 'string', 0],
      ['Containers', 'string', 1],
      ['Images', 'string', 1],
      ['Selector', 'string', 1],
    ],
  );
  const busy = list.items.find((j) => j.metadata.name === 'busy') as ApiObject;
  const uid = (o: ApiObject) => o.metadata.uid ?? '';
  t.same(
    table.rows.map((r) => r.cells.filter((_c, i) => i !== 4)),
    [
      ['busy', 'Running', '0/1 of 3', '', 'main', 'busybox:1.36', `batch.kubernetes.io/controller-uid=${uid(busy)}`],
      ['done', 'Complete', '1/1', '42s', 'main', 'busybox:1.36', `batch.kubernetes.io/controller-uid=${uid(finished)}`],
    ],
  );
  t.equal(table.rows[1]?.cells[4], '10m');
  const failing = { ...finished, metadata: { ...finished.metadata, deletionTimestamp: '2026-01-01T00:09:00Z' }, status: { startTime: '2026-01-01T00:09:30Z', conditions: [{ type: 'Complete', status: 'False' }, { type: 'FailureTarget', status: 'True' }] } };
  const rows = await store.convertToTable(ctx, failing);
  t.same(rows.rows[0]?.cells.slice(1, 4), ['Terminating', '0/1', '30s']);
});
