/**
 * The sliced managed-fields passes (issue #19) give what the plain ones give: the comparison of two objects, the
 * FieldsV1 encoding of a set, and a whole Update record, on generated objects and on objects near the 3 MiB limit.
 */
import fc from 'fast-check';
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { compareTyped, compareTypedSteps } from '../../src/managedfields/compare.js';
import { FieldManager } from '../../src/managedfields/field-manager.js';
import { fieldTypeOf } from '../../src/managedfields/field-type.js';
import { setToFieldsV1, setToFieldsV1Steps } from '../../src/managedfields/fields-v1.js';
import type { JSONObject } from '../../src/managedfields/typed-value.js';
import { runWhole, TimeSlicer } from '../../src/runtime/time-slice.js';
import { configMap, deployment } from '../helpers/arbitraries.js';

const cmType = fieldTypeOf(ConfigMapSchema);
const depType = fieldTypeOf(DeploymentSchema);
const clock = () => Date.parse('2026-01-01T00:00:00Z');
const cmManager = new FieldManager({ type: cmType, apiVersion: 'v1', kind: 'ConfigMap', clock });
const depManager = new FieldManager({ type: depType, apiVersion: 'apps/v1', kind: 'Deployment', clock });

/** A comparison as comparable text: each set's FieldsV1. */
function text(c: ReturnType<typeof compareTyped>): string {
  return JSON.stringify([setToFieldsV1(c.added), setToFieldsV1(c.modified), setToFieldsV1(c.removed)]);
}

function sameSliced(oldObj: unknown, newObj: unknown, type: typeof cmType): boolean {
  const plain = compareTyped(oldObj, newObj, type);
  const sliced = runWhole(compareTypedSteps(oldObj, newObj, type));
  if (text(plain) !== text(sliced)) return false;
  return [plain.added, plain.modified, plain.removed].every((set) => JSON.stringify(runWhole(setToFieldsV1Steps(set))) === JSON.stringify(setToFieldsV1(set)));
}

t.test('property: sliced comparison and FieldsV1 encoding equal the plain ones', async (t) => {
  fc.assert(fc.property(configMap, configMap, (a, b) => sameSliced(a, b, cmType) && sameSliced(undefined, b, cmType)), { numRuns: 200 });
  fc.assert(fc.property(deployment, deployment, (a, b) => sameSliced(a, b, depType) && sameSliced(a, undefined, depType)), { numRuns: 200 });
  t.pass('ConfigMaps and Deployments');
});

t.test('property: a sliced Update record equals the plain one', async (t) => {
  await fc.assert(
    fc.asyncProperty(deployment, deployment, async (a, b) => {
      const live = { ...a, metadata: { ...(a.metadata as JSONObject), uid: 'u1' } } as JSONObject;
      const plain = depManager.update(live, b as JSONObject, 'kubectl');
      const sliced = await depManager.updatePaced(live, b as JSONObject, 'kubectl', () => undefined, new TimeSlicer());
      return JSON.stringify(plain) === JSON.stringify(sliced);
    }),
    { numRuns: 150 },
  );
  t.pass('Deployments');
});

t.test('near the 3 MiB limit: a create of 160,000 keys, an update to 100,000 finalizers', async (t) => {
  const data = Object.fromEntries(Array.from({ length: 160_000 }, (_, i) => [`k${i}`, `v${i}`]));
  const finalizers = Array.from({ length: 100_000 }, (_, i) => `example.com/f${i}`);
  const created: JSONObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'many-keys' }, data };
  const live = cmManager.update(undefined, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 't', uid: 'u1' }, data: { a: 'b' } }, 'kubectl');
  const updated: JSONObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 't', uid: 'u1', finalizers }, data: { a: 'b' } };
  for (const [name, from, to] of [
    ['create', undefined, created],
    ['update', live, updated],
  ] as const) {
    const slicer = new TimeSlicer(5);
    const sliced = await cmManager.updatePaced(from, to, 'kubectl', () => undefined, slicer);
    t.equal(JSON.stringify(sliced), JSON.stringify(cmManager.update(from, to, 'kubectl')), `${name}: same object and managedFields`);
    t.ok(slicer.yields > 0, `${name}: yielded ${slicer.yields} times`);
  }
});
