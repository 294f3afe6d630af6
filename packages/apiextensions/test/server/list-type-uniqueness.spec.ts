/**
 * `x-kubernetes-list-type: set` and `map` lists of custom resources hold no item (set) or key (map) twice
 * (apiextensions-apiserver's `ValidateListSetsAndMaps`): each repeated value is a Duplicate at its second place, printed
 * as Go's `%#v`; a map list item that is no object is Invalid; on update the check ratchets (a stored object that
 * already broke it may be updated).
 */
import t from 'tap';
import { call, startChain, waitFor } from './harness.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const GADGETS = '/apis/lists.example.com/v1/namespaces/default/gadgets';
const str = { type: 'string' };

function gadgetCRD(uniqueness: boolean): Record<string, unknown> {
  const set = uniqueness ? { 'x-kubernetes-list-type': 'set' } : {};
  const map = uniqueness ? { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name', 'protocol'] } : {};
  const single = uniqueness ? { 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] } : {};
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gadgets.lists.example.com' },
    spec: {
      group: 'lists.example.com',
      scope: 'Namespaced',
      names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  properties: {
                    tags: { type: 'array', items: str, ...set },
                    pairs: { type: 'array', items: { type: 'array', items: { type: 'integer' } }, ...set },
                    ports: {
                      type: 'array',
                      // Map keys are required or defaulted: a CRD may not declare them otherwise.
                      items: { type: 'object', required: ['name'], properties: { name: str, protocol: { type: 'string', default: 'TCP' }, port: { type: 'integer' } } },
                      ...map,
                    },
                    conditions: { type: 'array', items: { type: 'object', properties: { type: { type: 'string', default: 'Unknown' }, status: str } }, ...single },
                    nested: { type: 'object', additionalProperties: { type: 'array', items: str, ...set } },
                  },
                },
              },
            },
          },
        },
      ],
    },
  };
}

const gadget = (name: string, spec: Record<string, unknown>) => ({ apiVersion: 'lists.example.com/v1', kind: 'Gadget', metadata: { name }, spec });

t.test('set and map lists of custom resources are unique', async (t) => {
  const { url } = await startChain(t);
  t.equal((await call(url, 'POST', CRDS, gadgetCRD(false))).status, 201);
  await waitFor(async () => (await call(url, 'GET', GADGETS)).status === 200);
  // Stored while the lists had no list type: duplicates are allowed then.
  t.equal((await call(url, 'POST', GADGETS, gadget('old', { tags: ['a', 'a'] }))).status, 201);

  const crd = await call(url, 'GET', `${CRDS}/gadgets.lists.example.com`);
  const updated = { ...gadgetCRD(true), metadata: { name: 'gadgets.lists.example.com', resourceVersion: crd.body.metadata.resourceVersion } };
  t.equal((await call(url, 'PUT', `${CRDS}/gadgets.lists.example.com`, updated)).status, 200);
  await waitFor(async () => (await call(url, 'POST', `${GADGETS}?dryRun=All`, gadget('probe', { tags: ['z', 'z'] }))).status === 422);

  const bad = await call(
    url,
    'POST',
    GADGETS,
    gadget('g', {
      tags: ['a', 'b', 'a', 'a', 'b'],
      pairs: [[1, 2], [1, 2]],
      ports: [{ name: 'http', port: 80 }, { name: 'http', protocol: 'TCP', port: 81 }, { name: 'http', protocol: 'UDP' }],
      conditions: [{ status: 'x' }, { type: 'Ready' }, { status: 'y' }],
      nested: { one: ['x', 'x'] },
    }),
  );
  t.equal(bad.status, 422);
  t.same(bad.body.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`), [
    'spec.tags[2]: Duplicate value: "a"',
    'spec.tags[4]: Duplicate value: "b"',
    'spec.pairs[1]: Duplicate value: []interface {}{1, 2}',
    'spec.ports[1]: Duplicate value: map[string]interface {}{"name":"http", "protocol":"TCP"}',
    'spec.conditions[2]: Duplicate value: map[string]interface {}{"type":"Unknown"}',
    'spec.nested[one][1]: Duplicate value: "x"',
  ], 'each repeated value once, at its second place; map keys as Go prints them (the defaulted protocol and type included)');
  t.match(bad.body.message, /^Gadget\.lists\.example\.com "g" is invalid: \[spec\.tags\[2\]: Duplicate value: "a", /);

  const notObject = await call(url, 'POST', GADGETS, gadget('h', { ports: [{ name: 'a' }, 'b', 3] }));
  t.equal(notObject.status, 422);
  t.match(notObject.body.message, /spec\.ports\[1\]: Invalid value: "b": must be an object for an array of list-type map/);

  const old = await call(url, 'GET', `${GADGETS}/old`);
  const ratcheted = await call(url, 'PUT', `${GADGETS}/old`, { ...old.body, spec: { tags: ['a', 'a', 'c', 'c'] } });
  t.equal(ratcheted.status, 200, 'a stored object that already repeated items may be updated (ratcheting)');
  const fixed = await call(url, 'PUT', `${GADGETS}/old`, { ...ratcheted.body, spec: { tags: ['a'] } });
  t.equal(fixed.status, 200);
  const again = await call(url, 'PUT', `${GADGETS}/old`, { ...fixed.body, spec: { tags: ['a', 'a'] } });
  t.equal(again.status, 422, 'once valid, it is checked again');
  t.same((await call(url, 'GET', `${GADGETS}/old`)).body.spec.tags, ['a'], 'nothing stored');
});
