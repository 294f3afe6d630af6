import { isNotFound, parseFieldSelector } from '@apiserver/runtime';
import t from 'tap';
import { EVENT_FIELD_LABELS, eventAttrs } from '../../../../src/registry/core/event/fields.js';
import { EVENT_COLUMNS, eventCells, eventSource } from '../../../../src/registry/core/event/printer.js';
import { DEFAULT_EVENT_TTL_SECONDS, newEventStorage, newEventStore } from '../../../../src/registry/core/event/storage.js';
import { validateEvent } from '../../../../src/registry/core/event/validation.js';
import { causesOf, ctxIn, fieldErrorStrings, memoryGetter, namesSelectedBy, replaceWith, statusErrorOf } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const event = (name: string, fields: Record<string, unknown> = {}, namespace = 'default') => ({
  apiVersion: 'v1',
  kind: 'Event',
  metadata: { name, namespace },
  involvedObject: { kind: 'Pod', namespace, name: 'web-1', uid: 'u1', apiVersion: 'v1', fieldPath: 'spec.containers{web}' },
  reason: 'Pulled',
  message: ' Pulled image \n',
  type: 'Normal',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2026-01-01T00:00:00Z',
  lastTimestamp: '2026-01-01T00:59:00Z',
  count: 3,
  ...fields,
});

t.test('columns as upstream (wide generated on the server)', async (t) => {
  t.same(
    EVENT_COLUMNS.map((c) => [c.name, c.type, c.format, c.priority]),
    [
      ['Last Seen', 'string', '', 0],
      ['Type', 'string', '', 0],
      ['Reason', 'string', '', 0],
      ['Object', 'string', '', 0],
      ['Subobject', 'string', '', 1],
      ['Source', 'string', '', 1],
      ['Message', 'string', '', 0],
      ['First Seen', 'string', '', 1],
      ['Count', 'string', '', 1],
      ['Name', 'string', 'name', 1],
    ],
  );
});

t.test('event cells', async (t) => {
  t.same(eventCells(event('e1'), NOW), ['60s', 'Normal', 'Pulled', 'pod/web-1', 'spec.containers{web}', 'kubelet, node-1', 'Pulled image', '60m', 3, 'e1']);
  const newStyle = event('e2', {
    firstTimestamp: undefined,
    lastTimestamp: undefined,
    count: undefined,
    eventTime: '2026-01-01T00:58:00.000000Z',
    source: undefined,
    reportingComponent: 'example.com/ctl',
    reportingInstance: 'ctl-1',
    involvedObject: { kind: 'Node' },
  });
  t.same(eventCells(newStyle, NOW), ['2m', 'Normal', 'Pulled', 'node', '', 'example.com/ctl, ctl-1', 'Pulled image', '2m', 1, 'e2']);
  const series = event('e3', { series: { count: 7, lastObservedTime: '2026-01-01T00:59:50.000000Z' } });
  t.same(eventCells(series, NOW).slice(0, 1), ['10s']);
  t.equal(eventCells(series, NOW)[8], 7);
  t.equal(eventCells(event('e4', { series: {} }), NOW)[8], 0);
  t.equal(eventCells(event('e5', { firstTimestamp: '', eventTime: null, lastTimestamp: '' }), NOW)[0], '<unknown>');
  t.equal(eventSource(event('e6', { source: { component: 'sched' } })), 'sched');
});

t.test('validateEvent (core/v1 rules)', async (t) => {
  t.same(validateEvent(event('ok')), []);
  t.same(fieldErrorStrings(validateEvent({ ...event('x', {}, 'other'), involvedObject: { namespace: 'default' } })), [
    'involvedObject.namespace: Invalid value: "default": does not match event.namespace',
  ]);
  t.same(validateEvent({ ...event('cluster', {}, 'default'), involvedObject: { kind: 'Node', name: 'n1' } }), [], 'cluster-scoped object, default namespace');
  t.equal(validateEvent({ ...event('cluster', {}, 'team'), involvedObject: { kind: 'Node', name: 'n1' } }).length, 1);
  const newStyle = { ...event('n'), eventTime: '2026-01-01T00:00:00.000000Z', reason: '', involvedObject: { kind: 'Node', name: 'n' } };
  t.same(fieldErrorStrings(validateEvent(newStyle)), [
    'reportingController: Required value',
    'reportingController: Invalid value: "": name part must be non-empty',
    "reportingController: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    'reportingInstance: Required value',
    'action: Required value',
    'reason: Required value',
  ]);
  const long = 'x'.repeat(129);
  const tooLong = {
    ...newStyle,
    metadata: { name: 'n', namespace: 'team' },
    reportingComponent: 'example.com/ctl',
    reportingInstance: long,
    action: long,
    reason: long,
    message: 'm'.repeat(1025),
  };
  t.same(fieldErrorStrings(validateEvent(tooLong)), [
    'involvedObject.namespace: Invalid value: "": does not match event.namespace',
    'reportingInstance: Invalid value: "": can have at most 128 characters',
    'action: Invalid value: "": can have at most 128 characters',
    'reason: Invalid value: "": can have at most 128 characters',
    'message: Invalid value: "": can have at most 1024 characters',
  ]);
});

t.test('events Store: TTL, create on PUT, field selectors, printer', async (t) => {
  const getter = memoryGetter(t);
  t.same(Object.keys(newEventStorage(getter)), ['events']);
  t.equal(DEFAULT_EVENT_TTL_SECONDS, 3600);
  const store = newEventStore(getter, { ttlSeconds: 1, printer: { now: () => NOW } });
  t.same(store.shortNames(), ['ev']);
  t.equal(store.getSingularName(), 'event');
  const ctx = ctxIn('default');
  await store.create(ctx, event('pulled'));
  await store.create(ctx, event('failed', { type: 'Warning', reason: 'Failed', involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-2', uid: 'u2' } }));
  const put = await store.update(ctx, 'created-by-put', replaceWith(event('created-by-put', { source: {}, reportingComponent: 'rc' })), undefined, undefined, false, {});
  t.equal(put.created, true, 'PUT creates events');

  t.same(EVENT_FIELD_LABELS.length, 11);
  const cases: Array<[string, string[]]> = [
    ['involvedObject.name=web-1', ['created-by-put', 'pulled']],
    ['involvedObject.kind=Pod,involvedObject.uid=u2', ['failed']],
    ['type=Warning', ['failed']],
    ['reason=Pulled', ['created-by-put', 'pulled']],
    ['source=kubelet', ['failed', 'pulled']],
    ['source=rc', ['created-by-put']],
    ['reportingComponent=rc', ['created-by-put']],
    ['involvedObject.fieldPath=spec.containers{web},involvedObject.apiVersion=v1', ['created-by-put', 'pulled']],
    ['involvedObject.namespace=default,metadata.namespace=default', ['created-by-put', 'failed', 'pulled']],
    ['involvedObject.resourceVersion=', ['created-by-put', 'failed', 'pulled']],
  ];
  for (const [selector, want] of cases) t.same(await namesSelectedBy(store, 'default', selector), want, selector);
  t.same(eventAttrs({ metadata: { name: 'bare' } }).fields.source, '');

  const table = await store.convertToTable(ctx, await store.list(ctx, { fieldSelector: parseFieldSelector('metadata.name=pulled') }));
  t.same(table.rows[0]?.cells, ['60s', 'Normal', 'Pulled', 'pod/web-1', 'spec.containers{web}', 'kubelet, node-1', 'Pulled image', '60m', 3, 'pulled']);

  const invalid = await statusErrorOf(t, store.create(ctxIn('team'), { ...event('bad', {}, 'team'), involvedObject: { namespace: 'elsewhere' } }));
  t.same(causesOf(invalid), ['involvedObject.namespace: Invalid value: "elsewhere": does not match event.namespace']);

  const deadline = Date.now() + 4000;
  let gone = false;
  while (!gone && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    gone = await store.get(ctx, 'pulled').then(
      () => false,
      (err: unknown) => isNotFound(err),
    );
  }
  t.ok(gone, 'the event expired after its TTL');
});
