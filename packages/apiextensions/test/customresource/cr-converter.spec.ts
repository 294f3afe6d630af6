import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { type CustomResourceDefinition, newCRConverter, nopConverter, WebhookConverter } from '../../src/index.js';
import { startConversionWebhook, successAnswer } from '../fixtures/conversion-webhook.js';

const V1 = 'stable.example.com/v1';
const V2 = 'stable.example.com/v2';

function cronTab(name: string, apiVersion = V1, extra: Record<string, unknown> = {}): ApiObject {
  return {
    apiVersion,
    kind: 'CronTab',
    metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: '7', labels: { app: 'x' } },
    spec: { cronSpec: '* * * * */5' },
    ...extra,
  } as ApiObject;
}

async function rejection(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const e = err as { code: number; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a rejection');
}

t.test('None only rewrites apiVersion', async (t) => {
  const [out] = await nopConverter.convert([cronTab('a')], V2, false);
  t.equal(out?.apiVersion, V2);
  t.same((out as Record<string, unknown>).spec, { cronSpec: '* * * * */5' });
});

t.test('a webhook converts one object, keeps metadata but labels and annotations', async (t) => {
  const hook = await startConversionWebhook(t);
  const converter = new WebhookConverter({ url: hook.url, caBundle: hook.caBundle }, 'CronTabList');
  hook.answer = (review) => {
    const answer = successAnswer(review) as { response: { convertedObjects: ApiObject[] } };
    for (const o of answer.response.convertedObjects) {
      o.metadata = { ...o.metadata, resourceVersion: '99', generation: 5, labels: { app: 'y' }, annotations: { 'example.com/converted': 'true' } };
    }
    return { body: answer };
  };
  const [out] = await converter.convert([cronTab('a')], V2, false);
  t.equal(hook.reviews.length, 1);
  const review = hook.reviews[0] as unknown as Record<string, unknown> & { request: { uid: string; desiredAPIVersion: string; objects: ApiObject[] } };
  t.equal(review.apiVersion, 'apiextensions.k8s.io/v1');
  t.equal(review.kind, 'ConversionReview');
  t.match(review.request.uid, /^[0-9a-f-]{36}$/);
  t.equal(review.request.desiredAPIVersion, V2);
  t.same(review.request.objects, [cronTab('a')]);
  t.same(review.response, { uid: '', convertedObjects: null, result: { metadata: {} } }, "upstream's empty response");
  t.equal(hook.paths[0], '/convert?timeout=30s', "client-go's timeout query with the 30 s default");
  t.same(out, {
    apiVersion: V2,
    kind: 'CronTab',
    metadata: { name: 'a', namespace: 'default', uid: 'uid-a', resourceVersion: '7', labels: { app: 'y' }, annotations: { 'example.com/converted': 'true' } },
    spec: { schedule: '* * * * */5' },
  });
  const same = cronTab('b', V2);
  t.equal((await converter.convert([same], V2, false))[0], same, 'no call when the versions are equal');
  t.equal(hook.reviews.length, 1);
});

t.test("a list's items that need it go in one review, in order", async (t) => {
  const hook = await startConversionWebhook(t);
  const converter = new WebhookConverter({ url: hook.url, caBundle: hook.caBundle }, 'CronTabList');
  const items = [cronTab('a'), cronTab('b', V2, { spec: { schedule: 'x' } }), cronTab('c')];
  const out = await converter.convert(items, V2, true);
  t.equal(hook.reviews.length, 1);
  t.same(hook.reviews[0]?.request.objects.map((o) => (o.metadata as { name: string }).name), ['a', 'c']);
  t.same(out.map((o) => [o.metadata.name, o.apiVersion, (o as Record<string, unknown>).spec]), [
    ['a', V2, { schedule: '* * * * */5' }],
    ['b', V2, { schedule: 'x' }],
    ['c', V2, { schedule: '* * * * */5' }],
  ]);
  await converter.convert([cronTab('d', V2)], V2, true);
  t.equal(hook.reviews.length, 1, 'no call when every item is in the desired version');
});

t.test('bad answers fail as kube-apiserver words them (500)', async (t) => {
  const hook = await startConversionWebhook(t);
  const converter = new WebhookConverter({ url: hook.url, caBundle: hook.caBundle }, 'CronTabList');
  const prefix = `conversion webhook for ${V1}, Kind=CronTab`;
  const respond = (patch: (answer: { response: Record<string, unknown> & { convertedObjects: ApiObject[] } } & Record<string, unknown>) => void, status?: number): void => {
    hook.answer = (review) => {
      const answer = successAnswer(review) as Parameters<typeof patch>[0];
      patch(answer);
      return { body: answer, ...(status !== undefined && { status }) };
    };
  };
  const cases: [string, () => void, string][] = [
    ['wrong uid', () => respond((a) => { a.response.uid = 'other'; }), `${prefix} failed: expected response.uid=`],
    ['changed name', () => respond((a) => { (a.response.convertedObjects[0] as ApiObject).metadata.name = 'b'; }), `${prefix} returned invalid object: must have the same name: a != b`],
    ['changed uid', () => respond((a) => { (a.response.convertedObjects[0] as ApiObject).metadata.uid = 'x'; }), `${prefix} returned invalid object: must have the same UID: uid-a != x`],
    ['failure with a message', () => respond((a) => { a.response.result = { status: 'Failure', message: 'cannot convert' }; }), `${prefix} failed: cannot convert`],
    ['failure without a message', () => respond((a) => { a.response.result = { status: 'Failure' }; }), `${prefix} failed: response.result.status was 'Failure', not 'Success'`],
    ['no response', () => respond((a) => { delete (a as Record<string, unknown>).response; }), `${prefix} failed: no response provided`],
    ['wrong review kind', () => respond((a) => { a.kind = 'AdmissionReview'; }), `${prefix} failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got apiextensions.k8s.io/v1, Kind=AdmissionReview`],
    ['too many objects', () => respond((a) => { a.response.convertedObjects.push(a.response.convertedObjects[0] as ApiObject); }), `${prefix} returned 2 objects, expected 1`],
    ['wrong apiVersion', () => respond((a) => { (a.response.convertedObjects[0] as ApiObject).apiVersion = V1; }), `${prefix} returned invalid object at index 0: invalid groupVersion (expected ${V2}, received ${V1})`],
    ['wrong kind', () => respond((a) => { (a.response.convertedObjects[0] as ApiObject).kind = 'Other'; }), `${prefix} returned invalid object at index 0: invalid kind (expected CronTab, received Other)`],
    ['bad label', () => respond((a) => { (a.response.convertedObjects[0] as ApiObject).metadata.labels = { app: 'not ok!' }; }), `${prefix} returned invalid metadata: metadata.labels: Invalid value: "not ok!": a valid label must be`],
    ['non-string annotation', () => respond((a) => { (a.response.convertedObjects[0] as ApiObject).metadata.annotations = { n: 1 } as never; }), `${prefix} returned invalid metadata: metadata.annotations[n] must be a string, but is int64 in converted object`],
    ['HTTP 500 with text', () => { hook.answer = () => ({ status: 500, body: 'boom' }); }, `${prefix} failed: an error on the server ("boom") has prevented the request from succeeding`],
    ['HTTP 403 with a Status', () => { hook.answer = () => ({ status: 403, body: { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'go away' } }); }, `${prefix} failed: go away`],
    ['HTTP 404', () => { hook.answer = () => ({ status: 404, body: {} }); }, `${prefix} failed: the server could not find the requested resource`],
  ];
  for (const [name, arrange, message] of cases) {
    arrange();
    const err = await rejection(converter.convert([cronTab('a')], V2, false));
    t.equal(err.code, 500, name);
    t.ok(err.message.startsWith(message), `${name}: ${err.message}`);
  }
  respond((a) => { (a.response.convertedObjects[1] as ApiObject).metadata.name = 'z'; });
  const err = await rejection(converter.convert([cronTab('a'), cronTab('b')], V2, true));
  t.equal(err.message, `conversion webhook for ${V1}, Kind=CronTabList returned invalid converted object at index 2: must have the same name: b != z`, 'list items as upstream counts them');
});

t.test('transport failures: refused, untrusted, deadline', async (t) => {
  const hook = await startConversionWebhook(t);
  const refused = new WebhookConverter({ url: 'https://127.0.0.1:9/convert' }, 'CronTabList');
  t.equal(
    (await rejection(refused.convert([cronTab('a')], V2, false))).message,
    `conversion webhook for ${V1}, Kind=CronTab failed: Post "https://127.0.0.1:9/convert?timeout=30s": dial tcp 127.0.0.1:9: connect: connection refused`,
  );
  const untrusted = new WebhookConverter({ url: hook.url }, 'CronTabList');
  t.match((await rejection(untrusted.convert([cronTab('a')], V2, false))).message, /failed: Post ".*": tls: failed to verify certificate: x509: certificate signed by unknown authority$/);
  hook.answer = (review) => ({ body: successAnswer(review), delayMillis: 400 });
  const slow = new WebhookConverter({ url: hook.url, caBundle: hook.caBundle }, 'CronTabList', { timeoutMillis: 100 });
  t.match((await rejection(slow.convert([cronTab('a')], V2, false))).message, /failed: Post ".*\?timeout=100ms": context deadline exceeded$/);
});

t.test('a CRD with a service reference resolves it through the resolver', async (t) => {
  const hook = await startConversionWebhook(t);
  const port = new URL(hook.url).port;
  const asked: string[] = [];
  const crd = {
    metadata: { name: 'crontabs.stable.example.com' },
    spec: {
      group: 'stable.example.com',
      names: { plural: 'crontabs', kind: 'CronTab' },
      scope: 'Namespaced',
      versions: [],
      conversion: { strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'ns', name: 'conv', path: '/convert' }, caBundle: hook.caBundle }, conversionReviewVersions: ['v1'] } },
    },
  } as CustomResourceDefinition;
  const converter = newCRConverter(crd, 'CronTabList', {
    serviceResolver: (namespace, name, p) => {
      asked.push(`${namespace}/${name}:${p}`);
      return new URL(`https://127.0.0.1:${port}`);
    },
  });
  const [out] = await converter.convert([cronTab('a')], V2, false);
  t.equal(out?.apiVersion, V2);
  t.same(asked, ['ns/conv:443'], 'port defaults to 443');
  t.equal(hook.paths[0], '/convert?timeout=30s');
  t.equal(newCRConverter({ ...crd, spec: { ...crd.spec, conversion: { strategy: 'None' } } }, 'CronTabList'), nopConverter);
});
