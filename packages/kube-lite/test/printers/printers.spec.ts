import type { ApiList, ApiObject } from '@apiserver/registry';
import { StatusError } from '@apiserver/runtime';
import t from 'tap';
import { ageCell, mapSize } from '../../src/printers/cells.js';
import { AGE_COLUMN, column, NAME_COLUMN } from '../../src/printers/columns.js';
import { PrinterTableConvertor } from '../../src/printers/table-convertor.js';

t.test('ageCell and mapSize', async (t) => {
  const now = Date.parse('2026-01-01T00:01:00Z');
  t.equal(ageCell({ metadata: { name: 'a', creationTimestamp: '2025-12-31T23:00:00Z' } }, now), '61m');
  t.equal(ageCell({ metadata: { name: 'a' } }, now), '<unknown>');
  t.equal(mapSize({ a: '1', b: '2' }), 2);
  t.equal(mapSize(undefined), 0);
  t.equal(mapSize(['a']), 0);
  t.equal(mapSize(null), 0);
});

t.test('column definitions carry Go zero values', async (t) => {
  t.same(NAME_COLUMN, { name: 'Name', type: 'string', format: 'name', description: NAME_COLUMN.description, priority: 0 });
  t.match(NAME_COLUMN.description, /^Name must be unique within a namespace/);
  t.same(AGE_COLUMN, { name: 'Age', type: 'string', format: '', description: AGE_COLUMN.description, priority: 0 });
  t.match(AGE_COLUMN.description, /^CreationTimestamp is a timestamp/);
  t.same(column('IP', 'string', 'd', { priority: 1 }), { name: 'IP', type: 'string', format: '', description: 'd', priority: 1 });
});

const NOW = Date.parse('2026-01-01T00:00:10Z');
const cm = (name: string): ApiObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'default', uid: `u-${name}`, resourceVersion: '7', creationTimestamp: '2026-01-01T00:00:00Z' },
  data: { a: '1' },
});
const convertor = new PrinterTableConvertor(
  [NAME_COLUMN, column('Data', 'string', 'data'), AGE_COLUMN],
  (obj, ctx) => [obj.metadata.name, mapSize(obj.data), ageCell(obj, ctx.now)],
  { now: () => NOW },
);

t.test('single object: PartialObjectMetadata row object by default', async (t) => {
  const table = await convertor.convertToTable({}, cm('one'));
  t.equal(table.kind, 'Table');
  t.equal(table.apiVersion, 'meta.k8s.io/v1');
  t.same(table.metadata, { resourceVersion: '7' });
  t.same(
    table.columnDefinitions.map((c) => c.name),
    ['Name', 'Data', 'Age'],
  );
  t.same(table.rows, [
    {
      cells: ['one', 1, '10s'],
      object: {
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: cm('one').metadata,
      },
    },
  ]);
});

t.test('list: rows per item, list meta copied, includeObject and noHeaders', async (t) => {
  const list: ApiList = {
    metadata: { resourceVersion: '42', continue: 'tok', remainingItemCount: 3 },
    items: [cm('a'), cm('b')],
  };
  const metaTable = await convertor.convertToTable({}, list, { includeObject: 'Metadata' });
  t.same(metaTable.metadata, { resourceVersion: '42', continue: 'tok', remainingItemCount: 3 });
  t.equal(metaTable.rows.length, 2);
  const none = await convertor.convertToTable({}, list, { includeObject: 'None', noHeaders: true });
  t.same(none.columnDefinitions, []);
  t.same(none.rows, [{ cells: ['a', 1, '10s'] }, { cells: ['b', 1, '10s'] }]);
  const full = await convertor.convertToTable({}, list, { includeObject: 'Object' });
  t.same(full.rows[1]?.object, cm('b'));
  const empty = await convertor.convertToTable({}, { metadata: {}, items: [] });
  t.same(empty.rows, []);
  t.equal(empty.columnDefinitions.length, 3);
});

t.test('bad includeObject is a 400; a printer with the wrong cell count is a 500', async (t) => {
  const opts = JSON.parse('{"includeObject":"Everything"}');
  const bad: unknown = await convertor.convertToTable({}, cm('x'), opts).catch((e: unknown) => e);
  t.ok(bad instanceof StatusError && bad.status.code === 400, 'BadRequest');
  t.match(String(bad), /unrecognized includeObject value: "Everything"/);
  const broken = new PrinterTableConvertor([NAME_COLUMN], () => ['a', 'b']);
  const internal: unknown = await broken.convertToTable({}, cm('x')).catch((e: unknown) => e);
  t.ok(internal instanceof StatusError && internal.status.code === 500, 'InternalError');
});

t.test('row conditions are carried; the column list is a copy', async (t) => {
  const withCond = new PrinterTableConvertor([NAME_COLUMN], (o) => ({
    cells: [o.metadata.name],
    conditions: [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'done' }],
  }));
  const table = await withCond.convertToTable({}, cm('p'), { includeObject: 'None' });
  t.same(table.rows, [{ cells: ['p'], conditions: [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'done' }] }]);
  const noCond = new PrinterTableConvertor([NAME_COLUMN], (o) => ({ cells: [o.metadata.name], conditions: [] }));
  t.same((await noCond.convertToTable({}, cm('q'), { includeObject: 'None' })).rows, [{ cells: ['q'] }]);
  const defs = withCond.columnDefinitions();
  defs[0] = { ...NAME_COLUMN, name: 'changed' };
  t.equal(withCond.columnDefinitions()[0]?.name, 'Name');
});
