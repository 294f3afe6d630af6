/**
 * Kubernetes' CEL libraries in CRD rules through kube-lite (issue 22, item 2): a `quantity()` rule applied by
 * kubectl refuses a limit below its request (kubectl and HTTP, upstream's message), a `format` rule's
 * messageExpression lists the format's errors, and an `optionalOldSelf` rule runs on create.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { findKubectl } from '@apiserver/testing';
import t from 'tap';
import { Kubectl, startEnv } from './harness.js';

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'sandboxes.cel.example.com' },
  spec: {
    group: 'cel.example.com',
    scope: 'Namespaced',
    names: { plural: 'sandboxes', singular: 'sandbox', kind: 'Sandbox' },
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
                    'x-kubernetes-validations': [{ rule: '!format.dns1123Label().validate(self).hasValue()', messageExpression: "format.dns1123Label().validate(self).value().join(', ')" }],
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

const sandbox = (name: string, spec: Record<string, unknown>, resourceVersion?: string) => ({
  apiVersion: 'cel.example.com/v1',
  kind: 'Sandbox',
  metadata: { name, ...(resourceVersion === undefined ? {} : { resourceVersion }) },
  spec,
});

// biome-ignore lint/suspicious/noExplicitAny: parsed JSON bodies are read field by field in assertions
type Json = Record<string, any>;

async function send(url: string, method: string, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

const found = await findKubectl();

t.test('CEL libraries in CRD rules on kube-lite', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const env = await startEnv(t, 'memory');
  const kubectl = new Kubectl(found.binary, env);
  const crdFile = path.join(env.workDir, 'crd.json');
  await writeFile(crdFile, JSON.stringify(CRD));
  t.match(await kubectl.ok(t, ['apply', '-f', crdFile]), /sandboxes.cel.example.com created/);
  await kubectl.ok(t, ['wait', '--for=condition=Established', 'crd/sandboxes.cel.example.com', '--timeout=10s']);
  const collection = '/apis/cel.example.com/v1/namespaces/default/sandboxes';

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
