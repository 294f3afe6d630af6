import t from 'tap';
import { newAttributesRecord, type Operation } from '../../../src/admission/interfaces.js';
import { PodSecurity, type PodSecurityOptions } from '../../../src/admission/plugins/pod-security/plugin.js';
import { policyToEvaluate, PRIVILEGED_POLICY } from '../../../src/admission/plugins/pod-security/policy.js';
import type { ApiObject, RequestContext } from '../../../src/rest/types.js';
import { statusOf } from '../../fixtures.js';

type J = Record<string, unknown>;
const ns = (name: string, labels: Record<string, string> = {}): ApiObject => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
const pod = (name: string, spec: J = { containers: [{ name: 'c', image: 'i' }] }, metadata: J = {}): ApiObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, ...metadata }, spec });
const compliant = {
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
  containers: [{ name: 'c', image: 'i', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
};
const ENFORCE = 'pod-security.kubernetes.io/enforce';
const PLAIN_RESTRICTED =
  'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';

function recorder(extra: Partial<RequestContext> = {}) {
  const warnings: string[] = [];
  const annotations: Record<string, string> = {};
  const ctx: RequestContext = { addWarning: (w) => warnings.push(w), addAuditAnnotation: (k, v) => void (annotations[k] = v), ...extra };
  return { ctx, warnings, annotations };
}

function plugin(namespaces: ApiObject[], pods: ApiObject[] = [], opts: Partial<PodSecurityOptions> = {}): PodSecurity {
  return new PodSecurity({
    getNamespace: async (name) => namespaces.find((n) => n.metadata.name === name),
    listPods: async () => pods,
    ...opts,
  });
}

function podAttrs(object: ApiObject, operation: Operation = 'CREATE', extra: J = {}) {
  const resource = { group: '', version: 'v1', resource: 'pods' };
  return newAttributesRecord({ operation, kind: { group: '', version: 'v1', kind: 'Pod' }, resource, namespace: 'ns', name: object.metadata.name ?? '', object, ...extra });
}

t.test('enforce: a violating pod is refused with the 403 upstream writes; audit and warn annotate', async (t) => {
  const p = plugin([ns('ns', { [ENFORCE]: 'restricted', 'pod-security.kubernetes.io/audit': 'baseline', 'pod-security.kubernetes.io/warn': 'restricted' })]);
  const r = recorder();
  const s = await statusOf(t, p.validate(r.ctx, podAttrs(pod('p', { hostNetwork: true, containers: [{ name: 'c', image: 'i' }] }))));
  t.match(s, { code: 403, reason: 'Forbidden', details: { name: 'p', kind: 'pods' } });
  t.equal(s.message, `pods "p" is forbidden: violates PodSecurity "restricted:latest": host namespaces (hostNetwork), ${PLAIN_RESTRICTED}`);
  t.same(r.warnings, [], 'no warning on a refused request');
  t.same(r.annotations, {
    'pod-security.kubernetes.io/enforce-policy': 'restricted:latest',
    'pod-security.kubernetes.io/audit-violations': 'would violate PodSecurity "baseline:latest": host namespaces (hostNetwork)',
  });
  const ok = recorder();
  await p.validate(ok.ctx, podAttrs(pod('q', compliant)));
  t.same(ok.annotations, { 'pod-security.kubernetes.io/enforce-policy': 'restricted:latest' }, 'a compliant pod only names the policy');
});

t.test('warn and audit without enforce; privileged namespaces and versions', async (t) => {
  const p = plugin([
    ns('ns', { 'pod-security.kubernetes.io/warn': 'restricted', 'pod-security.kubernetes.io/warn-version': 'v1.24', 'pod-security.kubernetes.io/audit': 'restricted' }),
    ns('open'),
  ]);
  const r = recorder();
  await p.validate(r.ctx, podAttrs(pod('p')));
  t.same(r.warnings, [`would violate PodSecurity "restricted:v1.24": ${PLAIN_RESTRICTED}`]);
  t.same(r.annotations, {
    'pod-security.kubernetes.io/enforce-policy': 'privileged:latest',
    'pod-security.kubernetes.io/audit-violations': `would violate PodSecurity "restricted:latest": ${PLAIN_RESTRICTED}`,
  });
  const open = recorder();
  await p.validate(open.ctx, podAttrs(pod('p', { containers: [{ name: 'c', securityContext: { privileged: true } }] }), 'CREATE', { namespace: 'open' }));
  t.same(open, { ...open, warnings: [], annotations: { 'pod-security.kubernetes.io/enforce-policy': 'privileged:latest' } }, 'an unlabelled namespace allows all');
  const none = recorder();
  await p.validate(none.ctx, podAttrs(pod('p'), 'CREATE', { subresource: 'status' }));
  await p.validate(none.ctx, { ...podAttrs(pod('p')), resource: { group: '', version: 'v1', resource: 'configmaps' } });
  t.same(none.annotations, {}, 'pods/status and other resources are not looked at');
  t.notOk(p.handles('DELETE'));
  t.ok(p.handles('UPDATE'));
});

t.test('invalid labels: enforce fails closed, audit and warn fail open, an error annotation', async (t) => {
  const p = plugin([ns('ns', { [ENFORCE]: 'bogus', 'pod-security.kubernetes.io/warn': 'nope', 'pod-security.kubernetes.io/enforce-version': 'v2.0' })]);
  const r = recorder();
  const s = await statusOf(t, p.validate(r.ctx, podAttrs(pod('p'))));
  t.match(s.message, /violates PodSecurity "restricted:latest"/);
  t.equal(
    r.annotations['pod-security.kubernetes.io/error'],
    'Failed to parse policy: [metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "bogus": must be one of privileged, baseline, restricted, ' +
      'metadata.labels[pod-security.kubernetes.io/enforce-version]: Invalid value: "v2.0": must be "latest" or "v1.x", ' +
      'metadata.labels[pod-security.kubernetes.io/warn]: Invalid value: "nope": must be one of privileged, baseline, restricted]',
  );
  const parsed = policyToEvaluate({ 'pod-security.kubernetes.io/audit': 'x', 'pod-security.kubernetes.io/audit-version': 'v1.07' }, PRIVILEGED_POLICY);
  t.same(parsed.policy.audit, { level: 'privileged', version: { major: 0, minor: 0, latest: true } });
  t.equal(parsed.errors.length, 2, 'a leading zero is not a version');
  t.same(policyToEvaluate({ [ENFORCE]: 'baseline', 'pod-security.kubernetes.io/enforce-version': 'v1.0' }, PRIVILEGED_POLICY).policy.enforce.version, { major: 1, minor: 0, latest: false });
});

t.test('updates are judged only when images, container seccomp annotations or ephemeral containers change', async (t) => {
  const p = plugin([ns('ns', { [ENFORCE]: 'baseline' })]);
  const old = pod('p', { containers: [{ name: 'c', image: 'i', securityContext: { privileged: true } }] });
  const relabelled = { ...old, metadata: { ...old.metadata, labels: { a: 'b' } } };
  await p.validate(recorder().ctx, podAttrs(relabelled, 'UPDATE', { oldObject: old }));
  t.pass('a label change of a violating pod is allowed');
  const newImage = pod('p', { containers: [{ name: 'c', image: 'j', securityContext: { privileged: true } }] });
  t.match(await statusOf(t, p.validate(recorder().ctx, podAttrs(newImage, 'UPDATE', { oldObject: old }))), { code: 403 });
  const debug = pod('p', { containers: [{ name: 'c', image: 'i' }], ephemeralContainers: [{ name: 'd', image: 'x', securityContext: { privileged: true } }] });
  const before = pod('p', { containers: [{ name: 'c', image: 'i' }] });
  const s = await statusOf(t, p.validate(recorder().ctx, podAttrs(debug, 'UPDATE', { oldObject: before, subresource: 'ephemeralcontainers' })));
  t.equal(s.message, 'pods "p" is forbidden: violates PodSecurity "baseline:latest": privileged (container "d" must not set securityContext.privileged=true)');
});

t.test('workloads: warnings and audit from the pod template, never a refusal', async (t) => {
  const p = plugin([ns('ns', { [ENFORCE]: 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' })]);
  const r = recorder();
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: { metadata: {}, spec: { containers: [{ name: 'c', image: 'i' }] } } } };
  const attrs = newAttributesRecord({ operation: 'CREATE', kind: { group: 'apps', version: 'v1', kind: 'Deployment' }, resource: { group: 'apps', version: 'v1', resource: 'deployments' }, namespace: 'ns', name: 'd', object: deployment });
  await p.validate(r.ctx, attrs);
  t.same(r.warnings, [`would violate PodSecurity "restricted:latest": ${PLAIN_RESTRICTED}`]);
  t.same(r.annotations, {}, 'no enforce-policy annotation for a workload; audit is privileged');
  const cron = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'cj' }, spec: { jobTemplate: { spec: { template: { spec: { hostPID: true, containers: [] } } } } } };
  const c = recorder();
  await p.validate(c.ctx, { ...attrs, resource: { group: 'batch', version: 'v1', resource: 'cronjobs' }, object: cron });
  t.same(c.warnings, ['would violate PodSecurity "restricted:latest": host namespaces (hostPID)']);
  const rc = recorder();
  await p.validate(rc.ctx, { ...attrs, resource: { group: '', version: 'v1', resource: 'replicationcontrollers' }, object: { metadata: { name: 'r' }, spec: {} } });
  t.same(rc.warnings, [], 'a replication controller without a template is skipped');
  await p.validate(rc.ctx, { ...attrs, subresource: 'scale' });
  t.same(rc.warnings, [], 'subresources are skipped');
});

t.test('namespaces: labels validated; a tighter enforce level dry-runs the pods', async (t) => {
  const owner = (uid: string) => ({ ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid, controller: true }] });
  const pods = [
    pod('b', { hostNetwork: true, containers: [] }, owner('u1')),
    pod('a', { hostNetwork: true, containers: [] }, owner('u1')),
    pod('c', { hostNetwork: true, containers: [] }),
    pod('z', { containers: [{ name: 'x', securityContext: { privileged: true } }] }),
    pod('fine', { containers: [] }),
  ];
  const p = plugin([], pods);
  const nsAttrs = (operation: Operation, object: ApiObject, oldObject?: ApiObject) =>
    newAttributesRecord({ operation, kind: { group: '', version: 'v1', kind: 'Namespace' }, resource: { group: '', version: 'v1', resource: 'namespaces' }, name: 'ns', object, oldObject });
  const bad = await statusOf(t, p.validate(recorder().ctx, nsAttrs('CREATE', ns('ns', { [ENFORCE]: 'strict' }))));
  t.match(bad, { code: 422, reason: 'Invalid', message: 'Namespace "ns" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "strict": must be one of privileged, baseline, restricted' });
  const r = recorder();
  await p.validate(r.ctx, nsAttrs('UPDATE', ns('ns', { [ENFORCE]: 'baseline' }), ns('ns')));
  t.same(r.warnings, [
    'existing pods in namespace "ns" violate the new PodSecurity enforce level "baseline:latest"',
    'a (and 2 other pods): host namespaces',
    'z: privileged',
  ]);
  const relaxed = recorder();
  await p.validate(relaxed.ctx, nsAttrs('UPDATE', ns('ns', { [ENFORCE]: 'baseline' }), ns('ns', { [ENFORCE]: 'restricted' })));
  t.same(relaxed.warnings, [], 'relaxing at the same version checks nothing');
  const kept = recorder();
  await p.validate(kept.ctx, nsAttrs('UPDATE', ns('ns', { [ENFORCE]: 'strict' }), ns('ns', { [ENFORCE]: 'strict' })));
  t.same(kept.warnings, [], 'an unchanged invalid label is tolerated on update');
  const failing = plugin([], [], { listPods: async () => Promise.reject(new Error('down')) });
  const f = recorder();
  await failing.validate(f.ctx, nsAttrs('UPDATE', ns('ns', { [ENFORCE]: 'restricted' }), ns('ns')));
  t.same(f.warnings, ['failed to list pods while checking new PodSecurity enforce level']);
});

t.test('exemptions and defaults from the configuration', async (t) => {
  const configuration = { defaults: { enforce: 'baseline' }, exemptions: { usernames: ['admin'], namespaces: ['kube-system'], runtimeClasses: ['kata'] } };
  const p = plugin([ns('ns'), ns('kube-system')], [], { configuration });
  const privileged = pod('p', { containers: [{ name: 'c', securityContext: { privileged: true } }] });
  t.match(await statusOf(t, p.validate(recorder().ctx, podAttrs(privileged))), { code: 403, message: /violates PodSecurity "baseline:latest"/ }, 'the default applies to an unlabelled namespace');
  const user = recorder();
  await p.validate(user.ctx, podAttrs(privileged, 'CREATE', { user: { name: 'admin', groups: [] } }));
  t.same(user.annotations, { 'pod-security.kubernetes.io/exempt': 'user' });
  const system = recorder();
  await p.validate(system.ctx, podAttrs(privileged, 'CREATE', { namespace: 'kube-system' }));
  t.same(system.annotations, { 'pod-security.kubernetes.io/exempt': 'namespace' });
  const kata = recorder();
  await p.validate(kata.ctx, podAttrs(pod('p', { runtimeClassName: 'kata', containers: [{ name: 'c', securityContext: { privileged: true } }] })));
  t.same(kata.annotations, { 'pod-security.kubernetes.io/exempt': 'runtimeClass' });
  const labelled = recorder();
  const nsCreate = newAttributesRecord({
    operation: 'CREATE',
    kind: { group: '', version: 'v1', kind: 'Namespace' },
    resource: { group: '', version: 'v1', resource: 'namespaces' },
    namespace: 'kube-system',
    name: 'kube-system',
    object: ns('kube-system', { [ENFORCE]: 'restricted', 'pod-security.kubernetes.io/warn': 'privileged' }),
  });
  await p.validate(labelled.ctx, nsCreate);
  t.same(labelled.warnings, ['namespace "kube-system" is exempt from Pod Security, and the policy (enforce=restricted:latest) will be ignored']);
  t.throws(() => plugin([], [], { configuration: { defaults: { audit: 'loud' } } }), /audit: must be one of privileged, baseline, restricted/);
});
