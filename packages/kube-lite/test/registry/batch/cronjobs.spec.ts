/**
 * batch/v1 cronjobs through their Store: SetDefaults_CronJob with the job template defaults, validation with
 * upstream's field paths and messages, generation, status and printer columns.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newCronJobStorage } from '../../../src/registry/batch/cronjob/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const jobTemplate = (spec: Rec = {}): Rec => ({ spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'hello', image: 'busybox' }] } }, ...spec } });
const cronJob = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name },
  spec: { schedule: '*/1 * * * *', jobTemplate: jobTemplate(), ...spec },
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

function storageOf(t: Test): { store: Store; status: StatusREST } {
  const map = newCronJobStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['cronjobs', 'cronjobs/status']);
  const { cronjobs, 'cronjobs/status': status } = map;
  if (!(cronjobs instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store: cronjobs, status };
}

t.test('create: defaults, no generated selector, empty status, generation 1', async (t) => {
  const { store } = storageOf(t);
  t.same(store.shortNames(), ['cj']);
  t.same(store.categories(), ['all']);
  t.equal(store.getSingularName(), 'cronjob');
  const created = await store.create(ctx, { ...cronJob('hello'), status: { lastScheduleTime: '2026-01-01T00:00:00Z' } });
  t.match(specOf(created), { concurrencyPolicy: 'Allow', suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
  const jobSpec = ensureRecord(ensureRecord(specOf(created), 'jobTemplate'), 'spec');
  t.same(Object.keys(jobSpec), ['template'], 'the Job-only defaults are not applied to the template');
  t.match(jobSpec, { template: { spec: { dnsPolicy: 'ClusterFirst', containers: [{ imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log' }] } } });
  t.same(created.status, {});
  t.equal(created.metadata.generation, 1);
  const suspended = await update(store, ctx, 'hello', mutated((o) => Object.assign(specOf(o), { suspend: true })));
  t.equal(suspended.metadata.generation, 2);
  const same = await update(store, ctx, 'hello', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(same.metadata.generation, 2);
});

t.test('validation: schedule, time zone, policies, limits, job template, name length', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['noschedule', { schedule: '' }, ['spec.schedule: Required value']],
    ['badschedule', { schedule: '61 * * * *' }, ['spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61']],
    [
      'tz',
      { schedule: 'TZ=UTC * * * * *' },
      ['spec.schedule: Invalid value: "TZ=UTC * * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
    ],
    ['timezone', { timeZone: 'Nowhere/City' }, ['spec.timeZone: Invalid value: "Nowhere/City": unknown time zone Nowhere/City']],
    ['concurrency', { concurrencyPolicy: 'Sometimes' }, ['spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"']],
    [
      'limits',
      { startingDeadlineSeconds: -1, successfulJobsHistoryLimit: -1, failedJobsHistoryLimit: -2 },
      [
        'spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0',
        'spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0',
        'spec.failedJobsHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
      ],
    ],
    [
      'template',
      { jobTemplate: { spec: { ...(jobTemplate().spec as Rec), parallelism: -1, selector: { matchLabels: { a: 'b' } }, manualSelector: true } } },
      [
        'spec.jobTemplate.spec.parallelism: Invalid value: -1: must be greater than or equal to 0',
        'spec.jobTemplate.spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` will be auto-generated',
        'spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false"',
      ],
    ],
    [
      'restart',
      { jobTemplate: { spec: { template: { spec: { containers: [{ name: 'c', image: 'i' }] } } } } },
      ['spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, cronJob(name, spec)));
    t.same(causesOf(err), want, name);
  }
  const long = 'c'.repeat(53);
  const tooLong = await statusErrorOf(t, store.create(ctx, cronJob(long)));
  t.same(causesOf(tooLong), [`metadata.name: Invalid value: "${long}": must be no more than 52 characters`]);
  const zoned = await store.create(ctx, cronJob('zoned', { timeZone: 'America/New_York', schedule: '@daily' }));
  t.equal(specOf(zoned).timeZone, 'America/New_York');
  const badUpdate = await statusErrorOf(t, update(store, ctx, 'zoned', mutated((o) => Object.assign(specOf(o), { schedule: '* * *', concurrencyPolicy: '' }))));
  t.same(causesOf(badUpdate), ['spec.schedule: Invalid value: "* * *": expected exactly 5 fields, found 3: [* * *]']);
});

t.test('status updates and printer', async (t) => {
  const { store, status } = storageOf(t);
  await store.create(ctx, cronJob('hello', { timeZone: 'Etc/UTC' }));
  const newStatus = { active: [{ kind: 'Job', name: 'hello-1', namespace: 'default' }], lastScheduleTime: '2026-01-01T00:59:00Z' };
  const { object: withStatus } = await status.update(ctx, 'hello', mutated((o) => Object.assign(o, { status: newStatus, spec: {} })), undefined, undefined, false);
  t.same(withStatus.status, newStatus);
  t.equal(specOf(withStatus).schedule, '*/1 * * * *', 'status updates keep the spec');
  const aged = { ...withStatus, metadata: { ...withStatus.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable(ctx, aged);
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.type, c.priority]),
    [
      ['Name', 'string', 0],
      ['Schedule', 'string', 0],
      ['Timezone', 'string', 0],
      ['Suspend', 'boolean', 0],
      ['Active', 'integer', 0],
      ['Last Schedule', 'string', 0],
      ['Age', 'string', 0],
      ['Containers', 'string', 1],
      ['Images', 'string', 1],
      ['Selector', 'string', 1],
    ],
  );
  t.same(table.rows[0]?.cells, ['hello', '*/1 * * * *', 'Etc/UTC', 'False', 1, '60s', '60m', 'hello', 'busybox', '<none>']);
  const bare = await store.convertToTable(ctx, { ...aged, spec: { schedule: '@hourly' }, status: {} });
  t.same(bare.rows[0]?.cells, ['hello', '@hourly', '<none>', '<unset>', 0, '<none>', '60m', '', '', '<none>']);
});
