/**
 * The webhook admission plugins against a plain-HTTP webhook whose answers each test scripts: patches applied in
 * place, reinvocation, parallel validation, failure policies, dry runs, warnings, readiness, equivalent versions.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ApiObject,
  type Attributes,
  type MutatingWebhookSpec,
  MutatingAdmissionWebhook,
  newAttributesRecord,
  type RequestContext,
  staticWebhookSource,
  type ValidatingWebhookSpec,
  ValidatingAdmissionWebhook,
  type WebhookSource,
  webhookAccessors,
} from '@apiserver/registry';
import { isStatusError, type StatusError } from '@apiserver/runtime';
import { MetricsRegistry } from '@apiserver/storage';
import t, { type Test } from 'tap';
import { kubeLiteEquivalentResources } from '../../src/admission/equivalent-resources.js';
import { endpointsJSONPatcher } from '../../src/admission/webhook-admission.js';

type Review = { request: Record<string, unknown> & { uid: string; object: ApiObject | null; kind: { version: string } } };
type Reply = Record<string, unknown> | 'hang' | { status: number; body: string };
type Answer = (review: Review, path: string) => Reply | Promise<Reply>;

async function webhookServer(t: Test, answer: Answer): Promise<{ url: string; calls: { path: string; review: Review }[] }> {
  const calls: { path: string; review: Review }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const review = JSON.parse(Buffer.concat(chunks).toString()) as Review;
      const path = (req.url ?? '').split('?')[0] ?? '';
      calls.push({ path, review });
      const a = await answer(review, path);
      if (a === 'hang') return;
      if ('status' in a && typeof a.status === 'number') {
        res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body);
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: true, ...a } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const CM = { group: '', version: 'v1', resource: 'configmaps' };
const CM_KIND = { group: '', version: 'v1', kind: 'ConfigMap' };
const RULES = [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }];
const getNamespace = async (name: string): Promise<ApiObject> => ({ metadata: { name } });

function source<W extends MutatingWebhookSpec>(url: string, hooks: (Partial<W> & { name: string; path?: string })[]): WebhookSource<W> {
  const webhooks = hooks.map(({ path, ...h }) => ({ clientConfig: { url: `${url}${path ?? '/'}` }, rules: RULES, sideEffects: 'None', admissionReviewVersions: ['v1'], ...h }) as unknown as W);
  return staticWebhookSource(webhookAccessors([{ metadata: { name: 'config' }, webhooks }]));
}

const patchOf = (ops: unknown[]) => ({ patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(ops)).toString('base64') });
const configMap = (labels: Record<string, string> = {}): ApiObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'ns', labels }, data: {} });
const attrs = (object: ApiObject | undefined, over: Partial<Attributes> = {}): Attributes =>
  newAttributesRecord({ operation: 'CREATE', kind: CM_KIND, resource: CM, namespace: 'ns', name: 'cm', object, ...over });

async function failure(p: Promise<unknown>): Promise<StatusError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isStatusError(e)) throw new Error(`expected a StatusError, got ${String(e)}`);
  return e;
}

t.test('mutating: patches land in the request object, in order', async (t) => {
  const hook = await webhookServer(t, (review, path) =>
    path === '/a' ? patchOf([{ op: 'add', path: '/metadata/labels/a', value: '1' }]) : patchOf([{ op: 'add', path: '/data/b', value: String(review.request.object?.metadata.labels?.['a']) }]),
  );
  const plugin = new MutatingAdmissionWebhook({ source: source(hook.url, [{ name: 'a.x', path: '/a' }, { name: 'b.x', path: '/b' }]), getNamespace, jsonPatch: endpointsJSONPatcher });
  const obj = configMap();
  await plugin.admit({}, attrs(obj));
  t.same([obj.metadata.labels, obj['data']], [{ a: '1' }, { b: '1' }], 'the second webhook saw the first one’s patch; the handler’s object changed in place');
});

t.test('mutating: a patched object is defaulted before the next webhook sees it', async (t) => {
  const hook = await webhookServer(t, (review, path) =>
    path === '/a' ? patchOf([{ op: 'remove', path: '/data/mode' }]) : patchOf([{ op: 'add', path: '/data/seen', value: String((review.request.object?.['data'] as Record<string, unknown> | undefined)?.['mode']) }]),
  );
  // A made-up default: ConfigMaps get `data.mode: auto` (kube-lite passes the scheme's defaults).
  const defaulter = (obj: ApiObject): void => {
    const data = (obj['data'] ??= {}) as Record<string, unknown>;
    data['mode'] ??= 'auto';
  };
  const plugin = new MutatingAdmissionWebhook({ source: source(hook.url, [{ name: 'a.x', path: '/a' }, { name: 'b.x', path: '/b' }]), getNamespace, jsonPatch: endpointsJSONPatcher, defaulter });
  const obj: ApiObject = { ...configMap(), data: { mode: 'manual' } };
  await plugin.admit({}, attrs(obj));
  t.same(obj['data'], { mode: 'auto', seen: 'auto' }, 'the removed field came back defaulted, and the second webhook saw it');
});

t.test('audit annotations: the webhooks’ own, mutations, patches, failing open', async (t) => {
  const hook = await webhookServer(t, (_r, path) => {
    if (path === '/down') return { status: 503, body: '' };
    if (path === '/noop') return { auditAnnotations: { checked: 'yes' } };
    return patchOf([{ value: 'y', path: '/data/x', op: 'add' }]);
  });
  const annotations: [string, string, string | undefined][] = [];
  const ctx: RequestContext = { addAuditAnnotation: (k, v, level) => annotations.push([k, v, level]) };
  const mutating = new MutatingAdmissionWebhook({
    source: source(hook.url, [
      { name: 'noop.x', path: '/noop' },
      { name: 'down.x', path: '/down', failurePolicy: 'Ignore' },
      { name: 'patch.x', path: '/patch' },
    ]),
    getNamespace,
    jsonPatch: endpointsJSONPatcher,
  });
  await mutating.admit(ctx, attrs(configMap()));
  t.same(annotations, [
    ['noop.x/checked', 'yes', undefined],
    ['mutation.webhook.admission.k8s.io/round_0_index_0', '{"configuration":"config","webhook":"noop.x","mutated":false}', undefined],
    ['mutation.webhook.admission.k8s.io/round_0_index_1', '{"configuration":"config","webhook":"down.x","mutated":false}', undefined],
    ['failed-open.mutation.webhook.admission.k8s.io/round_0_index_1', 'down.x', undefined],
    ['patch.webhook.admission.k8s.io/round_0_index_2', '{"configuration":"config","webhook":"patch.x","patch":[{"op":"add","path":"/data/x","value":"y"}],"patchType":"JSONPatch"}', 'Request'], // fields sorted, as Go encodes maps
    ['mutation.webhook.admission.k8s.io/round_0_index_2', '{"configuration":"config","webhook":"patch.x","mutated":true}', undefined],
  ]);
  annotations.length = 0;
  const validating = new ValidatingAdmissionWebhook({ source: source(hook.url, [{ name: 'down.x', path: '/down', failurePolicy: 'Ignore' }]), getNamespace });
  await validating.validate(ctx, attrs(configMap()));
  t.same(annotations, [['failed-open.validating.webhook.admission.k8s.io/round_0_index_0', 'down.x', undefined]]);
});

t.test('mutating: a later webhook’s objectSelector sees the labels an earlier one added', async (t) => {
  const hook = await webhookServer(t, (_r, path) => (path === '/label' ? patchOf([{ op: 'add', path: '/metadata/labels/tier', value: 'web' }]) : {}));
  const plugin = new MutatingAdmissionWebhook({
    source: source(hook.url, [
      { name: 'label.x', path: '/label' },
      { name: 'selected.x', path: '/selected', objectSelector: { matchLabels: { tier: 'web' } } },
    ]),
    getNamespace,
    jsonPatch: endpointsJSONPatcher,
  });
  await plugin.admit({}, attrs(configMap()));
  t.same(
    hook.calls.map((c) => c.path),
    ['/label', '/selected'],
  );
});

t.test('mutating: IfNeeded webhooks are reinvoked once after a later change', async (t) => {
  let n = 0;
  const hook = await webhookServer(t, (_r, path) => (path === '/first' ? {} : patchOf([{ op: 'add', path: `/metadata/labels/n${n++}`, value: 'x' }])));
  const plugin = new MutatingAdmissionWebhook({
    source: source(hook.url, [
      { name: 'first.x', path: '/first', reinvocationPolicy: 'IfNeeded' },
      { name: 'never.x', path: '/first' },
      { name: 'changer.x', path: '/changer' },
    ]),
    getNamespace,
    jsonPatch: endpointsJSONPatcher,
  });
  await plugin.admit({}, attrs(configMap()));
  t.same(
    hook.calls.map((c) => c.path),
    ['/first', '/first', '/changer', '/first'],
    'round 1: all three; round 2: only the IfNeeded one that ran before the change',
  );
});

t.test('mutating: denials, failure policies, patches without an object', async (t) => {
  const hook = await webhookServer(t, (_r, path) => {
    if (path === '/deny') return { allowed: false, status: { message: 'nope', code: 403, reason: 'Forbidden' } };
    if (path === '/500') return { status: 500, body: 'crash' };
    if (path === '/bad-patch') return { patchType: 'JSONPatch', patch: Buffer.from('[{').toString('base64') };
    if (path === '/bad-op') return patchOf([{ op: 'jump', path: '/x' }]);
    return patchOf([{ op: 'add', path: '/x', value: 1 }]);
  });
  const plugin = (hooks: (Partial<MutatingWebhookSpec> & { name: string; path?: string })[]) =>
    new MutatingAdmissionWebhook({ source: source(hook.url, hooks), getNamespace, jsonPatch: endpointsJSONPatcher });
  const denied = await failure(plugin([{ name: 'deny.x', path: '/deny' }]).admit({}, attrs(configMap())));
  t.same([denied.code, denied.message, denied.reason], [403, 'admission webhook "deny.x" denied the request: nope', 'Forbidden']);
  const crashed = await failure(plugin([{ name: 'crash.x', path: '/500' }]).admit({}, attrs(configMap())));
  t.same(
    [crashed.code, crashed.reason, crashed.message],
    [500, 'InternalError', 'Internal error occurred: failed calling webhook "crash.x": failed to call webhook: an error on the server ("crash") has prevented the request from succeeding'],
  );
  await plugin([{ name: 'crash.x', path: '/500', failurePolicy: 'Ignore' }, { name: 'ok.x', path: '/ok' }]).admit({}, attrs(configMap()));
  t.pass('Ignore: the failure is skipped and the next webhook runs');
  const undecodable = await failure(plugin([{ name: 'bad.x', path: '/bad-patch' }]).admit({}, attrs(configMap())));
  t.match(undecodable.message, /^Internal error occurred: failed calling webhook "bad.x": received undecodable patch in webhook response: /);
  const unknownOp = await failure(plugin([{ name: 'op.x', path: '/bad-op', failurePolicy: 'Ignore' }]).admit({}, attrs(configMap())));
  t.equal(unknownOp.message, 'Internal error occurred: Unexpected kind: jump', 'a patch that fails to apply is an internal error, whatever the failurePolicy');
  const onDelete = await failure(plugin([{ name: 'ok.x', path: '/ok' }]).admit({}, attrs(undefined, { operation: 'DELETE', oldObject: configMap() })));
  t.equal(onDelete.message, 'Internal error occurred: admission webhook "ok.x" attempted to modify the object, which is not supported for this operation');
});

t.test('dry runs reach only webhooks without side effects', async (t) => {
  const hook = await webhookServer(t, () => ({}));
  const plugin = (sideEffects: string) => new ValidatingAdmissionWebhook({ source: source(hook.url, [{ name: 'se.x', sideEffects }]), getNamespace });
  await plugin('NoneOnDryRun').validate({}, attrs(configMap(), { dryRun: true }));
  const refused = await failure(plugin('Unknown').validate({}, attrs(configMap(), { dryRun: true })));
  t.same([refused.code, refused.message], [400, 'admission webhook "se.x" does not support dry run']);
  await plugin('Some').validate({}, attrs(configMap()));
  t.equal(hook.calls.length, 2, 'the refused dry run never called the webhook');
});

t.test('validating: in parallel, warnings, the first failure', async (t) => {
  let arrived = 0;
  let release: () => void = () => undefined;
  const bothArrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Neither call is answered before both arrived: sequential calls would time out instead.
  const hook = await webhookServer(t, async (review, path) => {
    if (++arrived === 2) release();
    await bothArrived;
    return path === '/deny' ? { allowed: false, status: { message: `${review.request.kind.version} denied` }, warnings: ['careful'] } : { warnings: ['careful', 'twice'] };
  });
  const warnings: string[] = [];
  const ctx: RequestContext = { addWarning: (w) => warnings.push(w) };
  const hooks = [
    { name: 'ok.x', path: '/ok', timeoutSeconds: 2 },
    { name: 'deny.x', path: '/deny', timeoutSeconds: 2 },
  ];
  const plugin = new ValidatingAdmissionWebhook({ source: source(hook.url, hooks), getNamespace });
  const denied = await failure(plugin.validate(ctx, attrs(configMap())));
  t.same([denied.code, denied.message], [400, 'admission webhook "deny.x" denied the request: v1 denied']);
  t.same(warnings.sort(), ['careful', 'careful', 'twice'], 'every webhook’s warnings reach the request');
});

t.test('timeouts and the request context', async (t) => {
  const hook = await webhookServer(t, () => 'hang');
  const plugin = (failurePolicy: string) =>
    new ValidatingAdmissionWebhook({ source: source(hook.url, [{ name: 'slow.x', timeoutSeconds: 1, failurePolicy }]), getNamespace });
  const started = Date.now();
  const timedOut = await failure(plugin('Fail').validate({}, attrs(configMap())));
  t.ok(Date.now() - started >= 950, 'timeoutSeconds bounds the call');
  t.match(timedOut.message, /^Internal error occurred: failed calling webhook "slow.x": failed to call webhook: Post "http:\/\/127.0.0.1:\d+\/\?timeout=1s": context deadline exceeded$/);
  await plugin('Ignore').validate({}, attrs(configMap()));
  t.pass('Ignore: a timed-out webhook lets the request pass');
});

t.test('readiness: requests wait for the first list, then fail', async (t) => {
  const never: WebhookSource<ValidatingWebhookSpec> = { webhooks: () => [], hasSynced: () => false, waitForSync: async () => false };
  const plugin = new ValidatingAdmissionWebhook({ source: never, getNamespace, readyTimeoutMillis: 10 });
  const notReady = await failure(plugin.validate({}, attrs(configMap())));
  t.same([notReady.code, notReady.message], [403, 'configmaps "cm" is forbidden: not yet ready to handle request']);
  const exempt = attrs(configMap(), { kind: { group: 'admissionregistration.k8s.io', version: 'v1', kind: 'ValidatingWebhookConfiguration' } });
  await plugin.validate({}, exempt);
  t.pass('the configuration kinds are exempt even before the first list');
});

t.test('Equivalent: a webhook for autoscaling/v1 sees and patches the v1 form of a v2 HPA', async (t) => {
  const hook = await webhookServer(t, (review) => {
    const spec = (review.request.object as unknown as { spec: { targetCPUUtilizationPercentage?: number } }).spec;
    return patchOf([{ op: 'replace', path: '/spec/targetCPUUtilizationPercentage', value: (spec.targetCPUUtilizationPercentage ?? 0) + 1 }]);
  });
  const V2 = { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' };
  const served = (version: string) => ({ prioritizedVersions: [{ group: 'autoscaling', version }], versionedResourcesStorageMap: { [version]: { horizontalpodautoscalers: {} } } });
  const equivalents = kubeLiteEquivalentResources([served('v2'), served('v1')] as never);
  const plugin = new MutatingAdmissionWebhook({
    source: source(hook.url, [{ name: 'hpa.x', rules: [{ operations: ['CREATE'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] }] }]),
    getNamespace,
    jsonPatch: endpointsJSONPatcher,
    equivalents,
  });
  const hpa: ApiObject = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'h', namespace: 'ns' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' },
      maxReplicas: 3,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    },
  };
  await plugin.admit({}, attrs(hpa, { kind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' }, resource: V2, name: 'h' }));
  const request = hook.calls[0]?.review.request as unknown as { kind: unknown; requestKind: unknown; object: { apiVersion: string } };
  t.same([request.kind, request.requestKind, request.object.apiVersion], [
    { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' },
    { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' },
    'autoscaling/v1',
  ]);
  t.equal(hpa.apiVersion, 'autoscaling/v2', 'converted back to the request version');
  t.match(hpa['spec'], { metrics: [{ resource: { target: { averageUtilization: 51 } } }] }, 'the v1 patch reached the v2 object');
});

t.test('metrics: every call counted and timed by webhook name, as upstream dispatchers record them', async (t) => {
  const hook = await webhookServer(t, (_review, path) => {
    if (path === '/deny') return { allowed: false, status: { code: 403, message: 'no' } };
    if (path === '/500') return { status: 500, body: 'crash' };
    if (path === '/bad-op') return patchOf([{ op: 'jump', path: '/data/x' }]);
    return {};
  });
  const metrics = new MetricsRegistry();
  const mutating = (hooks: (Partial<MutatingWebhookSpec> & { name: string; path: string })[]) =>
    new MutatingAdmissionWebhook({ source: source(hook.url, hooks), getNamespace, jsonPatch: endpointsJSONPatcher, metrics });
  await mutating([{ name: 'ok.m', path: '/ok' }, { name: 'down-open.m', path: '/500', failurePolicy: 'Ignore' }]).admit({}, attrs(configMap()));
  t.equal((await failure(mutating([{ name: 'down.m', path: '/500' }]).admit({}, attrs(configMap())))).code, 500);
  t.equal((await failure(mutating([{ name: 'deny.m', path: '/deny' }]).admit({}, attrs(configMap())))).code, 403, 'the denial keeps its Status');
  await failure(mutating([{ name: 'op.m', path: '/bad-op' }]).admit({}, attrs(configMap())));
  const validating = new ValidatingAdmissionWebhook({
    source: source(hook.url, [
      { name: 'ok.v', path: '/ok' },
      { name: 'deny.v', path: '/deny' },
    ]),
    getNamespace,
    metrics,
  });
  t.equal((await failure(validating.validate({}, attrs(configMap())))).code, 403);

  const text = metrics.text();
  const sample = (name: string, labels: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  const requests = 'apiserver_admission_webhook_request_total';
  t.equal(sample(requests, 'code="200",name="ok.m",operation="CREATE",rejected="false",type="admit"'), 1);
  t.equal(sample(requests, 'code="500",name="down-open.m",operation="CREATE",rejected="false",type="admit"'), 1, 'failed open: not rejected');
  t.equal(sample(requests, 'code="500",name="down.m",operation="CREATE",rejected="true",type="admit"'), 1);
  t.equal(sample(requests, 'code="403",name="deny.m",operation="CREATE",rejected="true",type="admit"'), 1);
  t.equal(sample(requests, 'code="0",name="op.m",operation="CREATE",rejected="true",type="admit"'), 1, 'a patch that does not apply: a server error, code 0');
  t.equal(sample(requests, 'code="200",name="ok.v",operation="CREATE",rejected="false",type="validating"'), 1);
  t.equal(sample(requests, 'code="403",name="deny.v",operation="CREATE",rejected="true",type="validating"'), 1);
  const rejections = 'apiserver_admission_webhook_rejection_count';
  t.equal(sample(rejections, 'error_type="calling_webhook_error",name="down.m",operation="CREATE",rejection_code="500",type="admit"'), 1);
  t.equal(sample(rejections, 'error_type="no_error",name="deny.m",operation="CREATE",rejection_code="403",type="admit"'), 1);
  t.equal(sample(rejections, 'error_type="apiserver_internal_error",name="op.m",operation="CREATE",rejection_code="0",type="admit"'), 1);
  t.equal(sample(rejections, 'error_type="no_error",name="deny.v",operation="CREATE",rejection_code="403",type="validating"'), 1);
  t.notMatch(text, /rejection_count\{[^}]*name="down-open\.m"/, 'a call that failed open is no rejection');
  t.equal(sample('apiserver_admission_webhook_fail_open_count', 'name="down-open.m",type="admit"'), 1);
  t.equal(sample('apiserver_admission_webhook_admission_duration_seconds_count', 'name="ok.v",operation="CREATE",rejected="false",type="validating"'), 1);
  t.match(text, '# TYPE apiserver_admission_webhook_admission_duration_seconds histogram\n');
  t.match(text, 'apiserver_admission_webhook_admission_duration_seconds_bucket{le="25",name="ok.m",operation="CREATE",rejected="false",type="admit"} 1\n');
});
