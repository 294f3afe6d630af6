/**
 * PodSecurity admission through HTTP: a namespace's enforce label refuses violating pods with upstream's 403, its
 * warn label answers `Warning` headers (pods and Deployments), its audit label annotates the audit event, a stricter
 * enforce label warns about the existing pods, an invalid label is refused; unlabelled namespaces accept anything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
  resources: [{group: "", resources: [pods]}, {group: apps, resources: [deployments]}]
- level: None
`;

const PLAIN_RESTRICTED =
  'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
  'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
  'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
  'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';
const PRIVILEGED = 'privileged (container "c" must not set securityContext.privileged=true)';

/** The texts of the `Warning: 299 - "<text>"` headers, unescaped as kubectl prints them. */
function warnings(res: Response): string[] {
  const raw = res.headers.get('warning');
  if (raw === null) return [];
  return [...raw.matchAll(/299 - "((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

t.test('PodSecurity: enforce, warn, audit, workloads and namespace relabelling', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-podsec-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'policy.yaml'), POLICY);
  const auditLogPath = join(dir, 'audit.log');
  const kl = await startKubeLite({ auditPolicyFile: join(dir, 'policy.yaml'), auditLogPath });
  t.teardown(() => kl.stop());
  const send = (path: string, body: unknown, method = 'POST', type = 'application/json') =>
    fetch(`${kl.url}${path}`, { method, body: JSON.stringify(body), headers: { 'content-type': type } });
  const namespace = async (name: string, labels: Record<string, string>) => t.equal((await send('/api/v1/namespaces', { metadata: { name, labels } })).status, 201, `namespace ${name}`);
  const pod = (name: string, spec: Record<string, unknown> = { containers: [{ name: 'c', image: 'i' }] }) => ({ metadata: { name }, spec });
  const privileged = { containers: [{ name: 'c', image: 'i', securityContext: { privileged: true } }] };

  await namespace('enforced', { 'pod-security.kubernetes.io/enforce': 'restricted' });
  const refused = await send('/api/v1/namespaces/enforced/pods', pod('plain'));
  t.equal(refused.status, 403);
  t.match(await refused.json(), {
    kind: 'Status',
    status: 'Failure',
    reason: 'Forbidden',
    code: 403,
    details: { name: 'plain', kind: 'pods' },
    message: `pods "plain" is forbidden: violates PodSecurity "restricted:latest": ${PLAIN_RESTRICTED}`,
  });
  const compliant = {
    securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
    containers: [{ name: 'c', image: 'i', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
  };
  t.equal((await send('/api/v1/namespaces/enforced/pods', pod('ok', compliant))).status, 201, 'a restricted pod is admitted');

  await namespace('warned', { 'pod-security.kubernetes.io/warn': 'baseline', 'pod-security.kubernetes.io/audit': 'restricted' });
  const warned = await send('/api/v1/namespaces/warned/pods', pod('priv', privileged));
  t.equal(warned.status, 201);
  t.same(warnings(warned), [`would violate PodSecurity "baseline:latest": ${PRIVILEGED}`]);
  t.equal((await send('/api/v1/namespaces/default/pods', pod('anything', privileged))).status, 201, 'an unlabelled namespace admits a privileged pod');

  await namespace('workloads', { 'pod-security.kubernetes.io/enforce': 'restricted', 'pod-security.kubernetes.io/warn': 'restricted' });
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
  };
  const created = await send('/apis/apps/v1/namespaces/workloads/deployments', deployment);
  t.equal(created.status, 201, 'a Deployment is never refused');
  t.same(warnings(created), [`would violate PodSecurity "restricted:latest": ${PLAIN_RESTRICTED}`]);

  const events = readFileSync(auditLogPath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { verb: string; objectRef?: { name?: string; namespace?: string }; annotations?: Record<string, string> });
  const podEvent = (ns: string, name: string) => events.find((e) => e.verb === 'create' && e.objectRef?.namespace === ns && e.objectRef.name === name);
  t.match(podEvent('enforced', 'plain')?.annotations, { 'pod-security.kubernetes.io/enforce-policy': 'restricted:latest' });
  t.match(podEvent('warned', 'priv')?.annotations, {
    'pod-security.kubernetes.io/enforce-policy': 'privileged:latest',
    'pod-security.kubernetes.io/audit-violations': `would violate PodSecurity "restricted:latest": ${PRIVILEGED}, ${PLAIN_RESTRICTED}`,
  });
  t.match(podEvent('default', 'anything')?.annotations, { 'pod-security.kubernetes.io/enforce-policy': 'privileged:latest' });

  t.equal((await send('/api/v1/namespaces/warned/pods', pod('priv2', privileged))).status, 201);
  t.equal((await send('/api/v1/namespaces/warned/pods', pod('plain', { containers: [{ name: 'c', image: 'i' }] }))).status, 201);
  const relabel = await send('/api/v1/namespaces/warned', { metadata: { labels: { 'pod-security.kubernetes.io/enforce': 'baseline' } } }, 'PATCH', 'application/merge-patch+json');
  t.equal(relabel.status, 200);
  t.same(warnings(relabel), [
    'existing pods in namespace "warned" violate the new PodSecurity enforce level "baseline:latest"',
    'priv (and 1 other pod): privileged',
  ]);
  const merge = (path: string, body: unknown) => send(path, body, 'PATCH', 'application/merge-patch+json');
  t.equal((await merge('/api/v1/namespaces/warned/pods/priv', { metadata: { labels: { touched: 'yes' } } })).status, 200, 'a label change of a violating pod is not judged');
  const image = await send('/api/v1/namespaces/warned/pods/priv', { spec: { containers: [{ name: 'c', image: 'j' }] } }, 'PATCH', 'application/strategic-merge-patch+json');
  t.match(await image.json(), { code: 403, message: `pods "priv" is forbidden: violates PodSecurity "baseline:latest": ${PRIVILEGED}` }, 'an image change is');
  t.same(warnings(await merge('/api/v1/namespaces/warned', { metadata: { labels: { 'pod-security.kubernetes.io/enforce': 'privileged' } } })), [], 'relaxing warns nothing');

  const ok = (await (await fetch(`${kl.url}/api/v1/namespaces/enforced/pods/ok`)).json()) as { spec: Record<string, unknown> };
  ok.spec['ephemeralContainers'] = [{ name: 'debug', image: 'busybox', imagePullPolicy: 'Always', terminationMessagePolicy: 'File' }];
  const debug = await send('/api/v1/namespaces/enforced/pods/ok/ephemeralcontainers', ok, 'PUT');
  t.match(await debug.json(), {
    code: 403,
    message:
      'pods "ok" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "debug" must set ' +
      'securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "debug" must set securityContext.capabilities.drop=["ALL"])',
  }, 'an ephemeral container is judged');
  const invalid = await send('/api/v1/namespaces', { metadata: { name: 'typo', labels: { 'pod-security.kubernetes.io/enforce': 'restricte' } } });
  t.equal(invalid.status, 422);
  t.match(await invalid.json(), {
    reason: 'Invalid',
    message: 'Namespace "typo" is invalid: metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "restricte": must be one of privileged, baseline, restricted',
  });
});

t.test('PodSecurity: defaults and exemptions from --admission-control-config-file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-lite-podsec-config-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const admissionControlConfigFile = join(dir, 'admission.yaml');
  writeFileSync(admissionControlConfigFile, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: PodSecurity\n  path: podsecurity.yaml\n');
  writeFileSync(
    join(dir, 'podsecurity.yaml'),
    'apiVersion: pod-security.admission.config.k8s.io/v1\nkind: PodSecurityConfiguration\ndefaults:\n  enforce: baseline\nexemptions:\n  namespaces: [exempt]\n',
  );
  const kl = await startKubeLite({ admissionControlConfigFile });
  t.teardown(() => kl.stop());
  const post = (path: string, body: unknown) => fetch(`${kl.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const privileged = { metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i', securityContext: { privileged: true } }] } };
  t.match(await (await post('/api/v1/namespaces/default/pods', privileged)).json(), {
    code: 403,
    message: 'pods "p" is forbidden: violates PodSecurity "baseline:latest": privileged (container "c" must not set securityContext.privileged=true)',
  }, 'the configured default applies to an unlabelled namespace');
  t.equal((await post('/api/v1/namespaces', { metadata: { name: 'exempt' } })).status, 201);
  t.equal((await post('/api/v1/namespaces/exempt/pods', privileged)).status, 201, 'an exempt namespace admits the pod');

  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'apiVersion: apiserver.config.k8s.io/v1\nkind: AdmissionConfiguration\nplugins:\n- name: PodSecurity\n  configuration:\n    apiVersion: pod-security.admission.config.k8s.io/v1\n    kind: PodSecurityConfiguration\n    defaults: {warn: loud}\n');
  await t.rejects(startKubeLite({ admissionControlConfigFile: bad }), /PodSecurity invalid: defaults.warn: Invalid value: "loud": must be one of privileged, baseline, restricted/);
});
