/** startKubeLite's `webhooks` option: a certificate for the test's own webhook server, configurations pointed at it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { type KubeLiteFixture, startKubeLite, type WebhookConfigurationManifest } from '../../src/testing/index.js';

interface Review {
  request: { uid: string; object: { metadata: { labels?: Record<string, string> } } };
}

/** An AdmissionReview answer: allowed, with an optional JSON patch, or denied with `message`. */
function answer(review: Review, verdict: { message?: string; patch?: unknown[] }): unknown {
  const response: Record<string, unknown> = { uid: review.request.uid, allowed: verdict.message === undefined };
  if (verdict.message !== undefined) response.status = { code: 403, message: verdict.message };
  if (verdict.patch !== undefined) Object.assign(response, { patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(verdict.patch)).toString('base64') });
  return { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response };
}

interface ConversionReview {
  request: { uid: string; desiredAPIVersion: string; objects: { apiVersion: string }[] };
}

/** A ConversionReview answer: the objects in the desired version, nothing else changed. */
function converted(review: ConversionReview): unknown {
  const { uid, desiredAPIVersion, objects } = review.request;
  const convertedObjects = objects.map((o) => ({ ...o, apiVersion: desiredAPIVersion }));
  return { apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: { uid, convertedObjects, result: { status: 'Success' } } };
}

/** The test's webhook server on the fixture's address and certificate: `/validate`, `/mutate` and `/convert`; records the paths called. */
async function serveWebhooks(t: Test, kl: KubeLiteFixture): Promise<string[]> {
  const serving = kl.webhooks;
  if (serving === undefined) throw new Error('no webhooks in the fixture');
  const called: string[] = [];
  const server: Server = createServer({ cert: serving.cert, key: serving.key }, (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The server adds `?timeout=10s`, as kube-apiserver does.
      const path = new URL(req.url ?? '/', 'https://webhook').pathname;
      called.push(path);
      res.setHeader('content-type', 'application/json');
      if (path === '/convert') {
        res.end(JSON.stringify(converted(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ConversionReview)));
        return;
      }
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Review;
      const labels = review.request.object.metadata.labels ?? {};
      const verdict = path === '/validate' ? (labels.deny === 'yes' ? { message: 'denied by the test webhook' } : {}) : { patch: [{ op: 'add', path: '/metadata/labels', value: { ...labels, mutated: 'yes' } }] };
      res.end(JSON.stringify(answer(review, verdict)));
    });
  });
  await new Promise<void>((resolve) => server.listen(serving.port, serving.host, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return called;
}

/** A configuration of `kind` with one webhook on ConfigMap creates, reached through a Service reference to `path`. */
function configuration(kind: WebhookConfigurationManifest['kind'], name: string, path: string): WebhookConfigurationManifest {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind,
    metadata: { name },
    webhooks: [
      {
        name: `${name}.example.com`,
        clientConfig: { service: { namespace: 'system', name: 'webhook-service', path } },
        rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
      },
    ],
  };
}

const createConfigMap = (kl: KubeLiteFixture, name: string, labels: Record<string, string>) =>
  fetch(`${kl.url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name, labels } }) });

t.test('a validating configuration: Service reference made a local URL, caBundle the fixture certificate, in effect on return', async (t) => {
  const kl = await startKubeLite({ webhooks: { configurations: [configuration('ValidatingWebhookConfiguration', 'deny-labelled', '/validate')] } });
  t.teardown(() => kl.stop());
  const serving = kl.webhooks;
  t.equal(serving?.host, '127.0.0.1');
  t.equal(serving?.url, `https://127.0.0.1:${serving?.port}`);
  t.same(serving?.configurations[0]?.webhooks?.[0]?.clientConfig, { url: `${serving?.url}/validate`, caBundle: Buffer.from(serving?.cert ?? '').toString('base64') });
  const called = await serveWebhooks(t, kl);

  const denied = await createConfigMap(kl, 'bad', { deny: 'yes' });
  t.equal(denied.status, 403);
  t.match(await denied.json(), { message: 'admission webhook "deny-labelled.example.com" denied the request: denied by the test webhook' });
  t.equal((await createConfigMap(kl, 'good', {})).status, 201, 'an unlabelled ConfigMap passes');
  t.same(called, ['/validate', '/validate']);
});

t.test('a mutating configuration from a manifest file, on a port the test chose', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'install-webhooks-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'manifests.json');
  writeFileSync(file, JSON.stringify(configuration('MutatingWebhookConfiguration', 'add-label', 'mutate')));
  const probe = createServer();
  const port = await new Promise<number>((resolve) => probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)));
  await new Promise((r) => probe.close(r));

  const kl = await startKubeLite({ webhooks: { configurations: [file], port } });
  t.teardown(() => kl.stop());
  t.equal(kl.webhooks?.port, port);
  t.equal(kl.webhooks?.configurations[0]?.webhooks?.[0]?.clientConfig?.url, `https://127.0.0.1:${port}/mutate`, 'a path without its slash gets one');
  await serveWebhooks(t, kl);
  const created = await createConfigMap(kl, 'c', { app: 'x' });
  t.equal(created.status, 201);
  t.same(((await created.json()) as { metadata: { labels: Record<string, string> } }).metadata.labels, { app: 'x', mutated: 'yes' }, 'the webhook patched it');
});

t.test('a configuration the server refuses fails the start', async (t) => {
  const invalid = configuration('ValidatingWebhookConfiguration', 'bad', '/validate');
  const broken = { ...invalid, webhooks: [{ ...invalid.webhooks?.[0], name: 'unqualified' }] };
  await t.rejects(startKubeLite({ webhooks: { configurations: [broken] } }), {
    message: /^webhooks: creating ValidatingWebhookConfiguration bad: 422 ValidatingWebhookConfiguration\.admissionregistration\.k8s\.io "bad" is invalid: webhooks\[0\]\.name: Invalid value: "unqualified"/,
  });
});

t.test('a CRD that converts by Webhook calls https://<host>:<port>/convert with the fixture certificate', async (t) => {
  const versions = ['v1', 'v2'].map((name) => ({ name, served: true, storage: name === 'v1', schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }));
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'things.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'things', singular: 'thing', kind: 'Thing' },
      versions,
      conversion: { strategy: 'Webhook' },
    },
  };
  const kl = await startKubeLite({ crds: [crd], webhooks: {} });
  t.teardown(() => kl.stop());
  t.same(
    kl.crds[0]?.spec.conversion,
    { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'], clientConfig: { url: `${kl.webhooks?.url}/convert`, caBundle: Buffer.from(kl.webhooks?.cert ?? '').toString('base64') } } },
    'the conversion webhook is the local server',
  );
  const called = await serveWebhooks(t, kl);
  const things = (version: string) => `${kl.url}/apis/example.com/${version}/namespaces/default/things`;
  const created = await fetch(things('v1'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'a' } }) });
  t.equal(created.status, 201);
  const read = await fetch(`${things('v2')}/a`);
  t.equal(read.status, 200);
  t.match(await read.json(), { apiVersion: 'example.com/v2', kind: 'Thing', metadata: { name: 'a' } }, 'read in v2 through the webhook');
  t.ok(called.includes('/convert'), 'the test server converted it');
});
