/**
 * The managedFields mapping of scale writes (`ScaleHandler`), with the cases of upstream's scalehandler tests: entries
 * owning the replicas path go to the Scale and come back; a manager the Scale's writer took the replicas from loses
 * them (and its entry, when nothing is left); the writer owns the parent's replicas path; entries of unknown versions
 * are dropped on the way back; a custom resource version without a scale subresource keeps its entries.
 */
import t from 'tap';
import { replicasPathOf, ScaleHandler } from '../../src/managedfields/scale-handler.js';

const REPLICAS = { 'f:spec': { 'f:replicas': {} } };
const mappings = { 'apps/v1': replicasPathOf('.spec.replicas') };
const entry = (manager: string, operation: string, apiVersion: string, fieldsV1: object, extra: object = {}) => ({
  manager,
  operation,
  apiVersion,
  time: '2026-01-01T00:00:00Z',
  fieldsType: 'FieldsV1',
  fieldsV1,
  ...extra,
});

t.test('toSubresource: only the entries owning the replicas, as autoscaling/v1 entries of the Scale', async (t) => {
  const parent = [
    entry('gitops', 'Apply', 'apps/v1', { 'f:spec': { 'f:replicas': {}, 'f:selector': {} } }),
    entry('labeler', 'Update', 'apps/v1', { 'f:metadata': { 'f:labels': { 'f:a': {} } } }),
    entry('old', 'Update', 'apps/v1beta1', REPLICAS),
  ];
  t.same(new ScaleHandler(parent, 'apps/v1', mappings).toSubresource(), [entry('gitops', 'Apply', 'autoscaling/v1', REPLICAS)]);
  t.equal(new ScaleHandler(undefined, 'apps/v1', mappings).toSubresource(), undefined, 'no entries');
});

t.test('toParent: the replicas taken by the scale writer; other fields and entries kept', async (t) => {
  const parent = [
    entry('gitops', 'Apply', 'apps/v1', { 'f:spec': { 'f:replicas': {}, 'f:selector': {} } }),
    entry('only-replicas', 'Update', 'apps/v1', REPLICAS),
    entry('labeler', 'Update', 'apps/v1', { 'f:metadata': { 'f:labels': { 'f:a': {} } } }),
    entry('old', 'Update', 'apps/v1beta1', REPLICAS),
  ];
  // What the Scale's field manager left: the writer's entry only (the others lost spec.replicas to it).
  const scale = [entry('hpa', 'Update', 'autoscaling/v1', REPLICAS, { time: '2026-02-02T00:00:00Z', subresource: 'scale' })];
  t.same(new ScaleHandler(parent, 'apps/v1', mappings).toParent(scale), [
    entry('gitops', 'Apply', 'apps/v1', { 'f:spec': { 'f:selector': {} } }),
    { manager: 'hpa', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: REPLICAS, subresource: 'scale' },
    entry('labeler', 'Update', 'apps/v1', { 'f:metadata': { 'f:labels': { 'f:a': {} } } }),
  ]);
});

t.test('toParent: an applier that still owns the Scale replicas keeps its entry as it was', async (t) => {
  const parent = [entry('autoscaler', 'Apply', 'apps/v1', REPLICAS, { subresource: 'scale' })];
  const handler = new ScaleHandler(parent, 'apps/v1', mappings);
  const scale = handler.toSubresource();
  t.same(scale, [entry('autoscaler', 'Apply', 'autoscaling/v1', REPLICAS, { subresource: 'scale' })]);
  t.same(handler.toParent(scale), parent);
});

t.test('toParent: an updater is found by its identifier, which holds its apiVersion, so its entry comes back without time', async (t) => {
  // As upstream: the Scale entry's identifier names autoscaling/v1, the parent's apps/v1; the parent entry is taken
  // as stolen and the Scale's is mapped back as a new manager, whose time the parent does not have.
  const parent = [entry('hpa', 'Update', 'apps/v1', REPLICAS, { subresource: 'scale' })];
  const handler = new ScaleHandler(parent, 'apps/v1', mappings);
  const scale = handler.toSubresource();
  t.same(scale, [entry('hpa', 'Update', 'autoscaling/v1', REPLICAS, { subresource: 'scale' })]);
  t.same(handler.toParent(scale), [{ manager: 'hpa', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: REPLICAS, subresource: 'scale' }]);
});

t.test('a custom resource version without a scale subresource keeps its entries', async (t) => {
  const crMappings = { 'example.com/v1': replicasPathOf('.spec.size'), 'example.com/v2': null };
  const parent = [
    entry('v1-writer', 'Update', 'example.com/v1', { 'f:spec': { 'f:size': {} } }),
    entry('v2-writer', 'Update', 'example.com/v2', { 'f:spec': { 'f:size': {} } }),
  ];
  const handler = new ScaleHandler(parent, 'example.com/v1', crMappings);
  t.same(handler.toSubresource(), [entry('v1-writer', 'Update', 'autoscaling/v1', REPLICAS)]);
  const scale = [{ manager: 'kubectl', operation: 'Update', apiVersion: 'autoscaling/v1', time: '2026-03-03T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: REPLICAS, subresource: 'scale' }];
  t.same(handler.toParent(scale), [
    { manager: 'kubectl', operation: 'Update', apiVersion: 'example.com/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:size': {} } }, subresource: 'scale' },
    entry('v2-writer', 'Update', 'example.com/v2', { 'f:spec': { 'f:size': {} } }),
  ]);
});
