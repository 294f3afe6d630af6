/**
 * CEL validation rules of CRDs through kube-lite (issue 22, item 2): a CRD with `x-kubernetes-validations`
 * applied by kubectl, a bad object rejected with upstream's message over HTTP (422, `details.causes`) and by
 * kubectl, a transition rule on update, `messageExpression`, and CRDs whose rule does not compile or is estimated to cost
 * too much refused; and
 * Kubernetes' CEL libraries: a `quantity()` rule applied by kubectl refuses a limit below its request (kubectl and
 * HTTP, upstream's message), a `format` rule's messageExpression lists the format's errors, and an
 * `optionalOldSelf` rule runs on create.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findKubectl } from '@apiserver/testing';
import t, { type Test } from 'tap';
import { Kubectl, startEnv } from './harness.js';

/** A namespaced, single-version CRD of group `cel.example.com` whose `spec` has schema `spec`. */
function celCrd<S>(plural: string, kind: string, spec: S) {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.cel.example.com` },
    spec: {
      group: 'cel.example.com',
      scope: 'Namespaced',
      names: { plural, singular: kind.toLowerCase(), kind },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

const CRD = celCrd('gadgets', 'Gadget', {
  type: 'object',
  'x-kubernetes-validations': [
    { rule: 'self.minReplicas <= self.replicas', message: 'replicas should be greater than or equal to minReplicas' },
    // Not `'replicas ' + string(self.replicas) + …`: string(int) has no size estimate, so kube-apiserver refuses that
    // messageExpression's estimated cost (kubernetes/kubernetes#124234); format() costs by its format string.
    { rule: 'self.replicas <= self.maxReplicas', messageExpression: "'replicas %d exceeds maxReplicas %d'.format([self.replicas, self.maxReplicas])" },
    { rule: 'self.mode == oldSelf.mode', message: 'mode is immutable', fieldPath: '.mode', reason: 'FieldValueForbidden' },
  ],
  properties: {
    minReplicas: { type: 'integer' },
    replicas: { type: 'integer' },
    maxReplicas: { type: 'integer' },
    mode: { type: 'string' },
    name: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.matches('^[a-z]+$')" }] },
  },
});

const SANDBOXES = celCrd('sandboxes', 'Sandbox', {
  type: 'object',
  'x-kubernetes-validations': [
    {
      rule: '!quantity(self.limit).isLessThan(quantity(self.request))',
      messageExpression: "'limit ' + self.limit + ' is below request ' + self.request",
      fieldPath: '.limit',
    },
    { rule: "quantity(self.request).compareTo(quantity('64Gi')) <= 0", message: 'request above 64Gi' },
    { rule: '!oldSelf.hasValue() || self.owner == oldSelf.value().owner', message: 'owner is immutable', optionalOldSelf: true },
    { rule: "oldSelf.hasValue() || self.owner != 'root'", message: 'root may not create a sandbox', optionalOldSelf: true },
  ],
  properties: {
    request: { type: 'string', 'x-kubernetes-validations': [{ rule: 'isQuantity(self)', message: 'request must be a quantity' }] },
    limit: { type: 'string' },
    owner: {
      type: 'string',
      // The first error, not `.value().join(', ')`: a list returned by validate() has no size bound, so the join's
      // estimated cost passes kube-apiserver's limit.
      'x-kubernetes-validations': [{ rule: '!format.dns1123Label().validate(self).hasValue()', messageExpression: 'format.dns1123Label().validate(self).value()[0]' }],
    },
  },
});

const resource = (kind: string) => (name: string, spec: Record<string, unknown>, resourceVersion?: string) => ({
  apiVersion: 'cel.example.com/v1',
  kind,
  metadata: { name, ...(resourceVersion === undefined ? {} : { resourceVersion }) },
  spec,
});
const gadget = resource('Gadget');
const sandbox = resource('Sandbox');

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON bodies are read field by field in assertions
type Json = Record<string, any>;

async function send(url: string, method: string, path: string, body: unknown): Promise<{ status: number; body: Json; headers: Headers }> {
  const res = await fetch(`${url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
}

const found = await findKubectl();

/** Starts kube-lite, applies `crd` with kubectl and waits until it is established; the collection path of its objects. */
async function withCrd(t: Test, binary: string, crd: ReturnType<typeof celCrd>) {
  const env = await startEnv(t, 'memory');
  const kubectl = new Kubectl(binary, env);
  const crdFile = path.join(env.workDir, 'crd.json');
  await writeFile(crdFile, JSON.stringify(crd));
  t.match(await kubectl.ok(t, ['apply', '-f', crdFile]), new RegExp(`${crd.metadata.name} created`));
  await kubectl.ok(t, ['wait', '--for=condition=Established', `crd/${crd.metadata.name}`, '--timeout=10s']);
  return { env, kubectl, collection: `/apis/cel.example.com/v1/namespaces/default/${crd.spec.names.plural}` };
}

t.test('CRD validation rules on kube-lite', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const { env, kubectl, collection } = await withCrd(t, found.binary, CRD);

  const bad = await send(env.url, 'POST', collection, gadget('g1', { minReplicas: 3, replicas: 5, maxReplicas: 4, mode: 'a', name: 'Bad1' }));
  t.equal(bad.status, 422);
  t.equal(bad.body.reason, 'Invalid');
  t.equal(
    bad.body.message,
    'Gadget.cel.example.com "g1" is invalid: [spec: Invalid value: "object": replicas 5 exceeds maxReplicas 4, ' +
      `spec.name: Invalid value: "string": failed rule: self.matches('^[a-z]+$')]`,
  );
  t.same(bad.body.details.causes, [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "object": replicas 5 exceeds maxReplicas 4', field: 'spec' },
    { reason: 'FieldValueInvalid', message: `Invalid value: "string": failed rule: self.matches('^[a-z]+$')`, field: 'spec.name' },
  ]);

  const okFile = path.join(env.workDir, 'g1.json');
  await writeFile(okFile, JSON.stringify(gadget('g1', { minReplicas: 1, replicas: 2, maxReplicas: 4, mode: 'a', name: 'good' })));
  t.match(await kubectl.ok(t, ['apply', '-f', okFile]), /gadget.cel.example.com\/g1 created/);
  await writeFile(okFile, JSON.stringify(gadget('g1', { minReplicas: 3, replicas: 2, maxReplicas: 4, mode: 'a', name: 'good' })));
  await kubectl.fails(t, ['apply', '-f', okFile], /spec: Invalid value: "object": replicas should be greater than or equal to minReplicas/);

  const got = await fetch(`${env.url}${collection}/g1`).then((r) => r.json() as Promise<Json>);
  const changed = await send(env.url, 'PUT', `${collection}/g1`, gadget('g1', { ...got.spec, mode: 'b' }, got.metadata.resourceVersion));
  t.equal(changed.status, 422, 'the transition rule runs on update');
  t.same(changed.body.details.causes, [{ reason: 'FieldValueForbidden', message: 'Forbidden: mode is immutable', field: 'spec.mode' }]);
  const same = await send(env.url, 'PUT', `${collection}/g1`, gadget('g1', { ...got.spec, replicas: 3 }, got.metadata.resourceVersion));
  t.equal(same.status, 200, 'an update keeping the mode passes');

  // A tighter rule added later: an unchanged old value only warns (ratcheting), a new object fails.
  const tighter = structuredClone(CRD);
  tighter.spec.versions[0]!.schema.openAPIV3Schema.properties.spec.properties.name['x-kubernetes-validations'].push({ rule: "self != 'good'" });
  const crd = await fetch(`${env.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.cel.example.com`).then((r) => r.json() as Promise<Json>);
  const updated = await send(env.url, 'PUT', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.cel.example.com', { ...tighter, metadata: crd.metadata });
  t.equal(updated.status, 200, 'the CRD takes the new rule');
  let probe = 0;
  for (let i = 0; i < 50 && probe !== 422; i++) {
    probe = (await send(env.url, 'POST', `${collection}?dryRun=All`, gadget('g9', { minReplicas: 1, replicas: 1, maxReplicas: 1, mode: 'a', name: 'good' }))).status;
    if (probe !== 422) await new Promise((r) => setTimeout(r, 100));
  }
  t.equal(probe, 422, 'a new object breaking the new rule is refused');
  const latest = await fetch(`${env.url}${collection}/g1`).then((r) => r.json() as Promise<Json>);
  const ratcheted = await send(env.url, 'PUT', `${collection}/g1`, gadget('g1', { ...latest.spec, replicas: 4 }, latest.metadata.resourceVersion));
  t.equal(ratcheted.status, 200, 'an update leaving the invalid name unchanged passes');
  t.match(ratcheted.headers.get('warning') ?? '', /spec\.name: Invalid value: \\?"string\\?": failed rule: self != 'good'/);

  const broken = structuredClone(CRD);
  broken.metadata.name = 'widgets.cel.example.com';
  broken.spec.names = { plural: 'widgets', singular: 'widget', kind: 'Widget' };
  broken.spec.versions[0]!.schema.openAPIV3Schema.properties.spec['x-kubernetes-validations'] = [{ rule: 'self.replica > 0' } as never];
  const refused = await send(env.url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', broken);
  t.equal(refused.status, 422);
  t.equal(
    refused.body.details.causes[0].field,
    'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule',
  );
  t.match(refused.body.details.causes[0].message, /^Invalid value: apiextensions\.ValidationRule\{Rule:"self\.replica > 0", .*\}: compilation failed: ERROR: <input>:1:5: undefined field 'replica'/);

  // The estimated cost of a messageExpression concatenating string(int) is unbounded (kubernetes/kubernetes#124234).
  broken.spec.versions[0]!.schema.openAPIV3Schema.properties.spec['x-kubernetes-validations'] = [{ rule: 'self.replicas > 0', messageExpression: "'bad ' + string(self.replicas)" } as never];
  const costly = await send(env.url, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', broken);
  t.equal(costly.status, 422, 'a CRD whose rule is estimated to cost too much is refused');
  t.same(costly.body.details.causes.map((c: Json) => `${c.field}: ${c.message}`), [
    'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].messageExpression: Forbidden: estimated messageExpression cost exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
    'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].messageExpression: Forbidden: contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema',
    'spec.validation.openAPIV3Schema: Forbidden: x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of more than 100x (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)',
  ]);
});

t.test('CEL libraries in CRD rules on kube-lite', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const { env, kubectl, collection } = await withCrd(t, found.binary, SANDBOXES);

  const file = path.join(env.workDir, 's1.json');
  await writeFile(file, JSON.stringify(sandbox('s1', { request: '1536Mi', limit: '1Gi', owner: 'alice' })));
  await kubectl.fails(t, ['apply', '-f', file], /spec\.limit: Invalid value: "object": limit 1Gi is below request 1536Mi/);
  await writeFile(file, JSON.stringify(sandbox('s1', { request: '1.5Gi', limit: '1610612736', owner: 'alice' })));
  t.match(await kubectl.ok(t, ['apply', '-f', file]), /sandbox.cel.example.com\/s1 created/, 'equal quantities in other notations pass');

  const bad = await send(env.url, 'POST', collection, sandbox('s2', { request: '100Gi', limit: '2x', owner: 'Root_' }));
  t.equal(bad.status, 422);
  t.same(bad.body.details.causes, [
    {
      reason: 'FieldValueInvalid',
      message: `Invalid value: "object": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' evaluating rule: !quantity(self.limit).isLessThan(quantity(self.request))`,
      field: 'spec',
    },
    { reason: 'FieldValueInvalid', message: 'Invalid value: "object": request above 64Gi', field: 'spec' },
    {
      reason: 'FieldValueInvalid',
      message:
        "Invalid value: \"string\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      field: 'spec.owner',
    },
  ]);

  const root = await send(env.url, 'POST', collection, sandbox('s3', { request: '1', limit: '1', owner: 'root' }));
  t.same(root.body.details?.causes, [{ reason: 'FieldValueInvalid', message: 'Invalid value: "object": root may not create a sandbox', field: 'spec' }], 'optionalOldSelf runs on create');

  const got = await fetch(`${env.url}${collection}/s1`).then((r) => r.json() as Promise<Json>);
  const moved = await send(env.url, 'PUT', `${collection}/s1`, sandbox('s1', { ...got.spec, owner: 'root' }, got.metadata.resourceVersion));
  t.same(moved.body.details?.causes, [{ reason: 'FieldValueInvalid', message: 'Invalid value: "object": owner is immutable', field: 'spec' }], 'and with the old value on update');
});
