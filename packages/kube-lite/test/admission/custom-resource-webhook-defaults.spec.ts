/**
 * Custom resources through real mutating admission webhooks (HTTPS, registered through the API): the first webhook
 * receives the object already pruned and defaulted by the request decoder; after it patches, the object is defaulted
 * again by the CRD's schema before the next webhook (upstream's request-scope defaulter, the CRD's
 * unstructuredDefaulter), not pruned; what a webhook added outside the schema is pruned on the way to storage.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeServingCertificates, tempDir } from '@apiserver/testing';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { until } from '../controllers/until.js';

type Json = Record<string, unknown>;
interface Review {
  request: { uid: string; object?: Json | null; dryRun?: boolean };
}

const kl = await startKubeLite();
t.teardown(() => kl.stop());

async function call(path: string, method = 'GET', body?: Json): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${kl.url}${path}`, { method, ...(body && { body: JSON.stringify(body) }), headers: { 'Content-Type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as Json };
}

const patchOf = (ops: unknown[]) => ({ patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') });

/** `/strip` removes the defaulted `spec.replicas` and adds a field outside the schema; `/record` only answers. */
async function startWebhook(): Promise<{ url: string; caBundle: string; reviews: { path: string; review: Review }[] }> {
  const dir = await tempDir('cr-webhook-');
  t.teardown(dir.remove);
  const certs = makeServingCertificates(dir.path, { ips: ['127.0.0.1'] });
  const reviews: { path: string; review: Review }[] = [];
  const server: Server = createServer({ cert: certs.cert, key: certs.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Review;
      const path = (req.url ?? '').split('?')[0] ?? '';
      reviews.push({ path, review });
      const strip = path === '/strip' ? patchOf([{ op: 'remove', path: '/spec/replicas' }, { op: 'add', path: '/spec/sneaky', value: 1 }]) : {};
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: true, ...strip } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, caBundle: certs.caBundle, reviews };
}

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gizmos.hooks.example.com' },
  spec: {
    group: 'hooks.example.com',
    scope: 'Namespaced',
    names: { plural: 'gizmos', singular: 'gizmo', kind: 'Gizmo' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: { spec: { type: 'object', properties: { size: { type: 'string' }, replicas: { type: 'integer', default: 3 } } } },
          },
        },
      },
    ],
  },
};
const GIZMOS = '/apis/hooks.example.com/v1/namespaces/default/gizmos';
const gizmo = (name: string): Json => ({ apiVersion: 'hooks.example.com/v1', kind: 'Gizmo', metadata: { name }, spec: { size: 'L', unknown: true } });

t.test('mutating webhooks see custom resources pruned and defaulted, and defaulted again after each patch', async (t) => {
  const hook = await startWebhook();
  t.equal((await call('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', 'POST', CRD)).status, 201);
  const webhook = (name: string, path: string) => ({
    name,
    clientConfig: { url: `${hook.url}${path}`, caBundle: hook.caBundle },
    rules: [{ operations: ['CREATE'], apiGroups: ['hooks.example.com'], apiVersions: ['v1'], resources: ['gizmos'] }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
  });
  const configuration = { metadata: { name: 'gizmo-hooks' }, webhooks: [webhook('strip.hooks.example.com', '/strip'), webhook('record.hooks.example.com', '/record')] };
  t.equal((await call('/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations', 'POST', configuration)).status, 201);
  await until(t, 'the CRD served and the webhooks active', async () => {
    const probe = await call(`${GIZMOS}?dryRun=All`, 'POST', gizmo('probe'));
    return probe.status === 201 && hook.reviews.some((r) => r.path === '/record');
  });

  hook.reviews.length = 0;
  const created = await call(GIZMOS, 'POST', gizmo('g1'));
  t.equal(created.status, 201, JSON.stringify(created.body));
  const [first, second, ...more] = hook.reviews;
  t.same(more, []);
  t.equal(first?.path, '/strip');
  t.same(first?.review.request.object?.['spec'], { size: 'L', replicas: 3 }, 'the first webhook sees the decoded object: pruned and defaulted');
  t.equal(second?.path, '/record');
  t.same(second?.review.request.object?.['spec'], { size: 'L', replicas: 3, sneaky: 1 }, 'after the patch: defaulted again, not pruned');
  t.same(created.body['spec'], { size: 'L', replicas: 3 }, 'stored without the field outside the schema');
  t.same((await call(`${GIZMOS}/g1`)).body['spec'], { size: 'L', replicas: 3 });
});
