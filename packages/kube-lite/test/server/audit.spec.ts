/**
 * kube-lite's `--audit-policy-file` and `--audit-log-path` (issue #24 item 4): the log holds one JSON line per
 * kept stage; at RequestResponse a create records its request body (JSON, or protobuf from kubectl, written as
 * JSON) and the created object; patches record the patch (an apply configuration's YAML as JSON); Metadata records
 * no objects; an unusable policy stops start-up.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findKubectl, runKubectl } from '@apiserver/testing';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

interface Event {
  level: string;
  stage: string;
  verb: string;
  requestURI: string;
  user: { username?: string };
  objectRef?: { resource?: string; name?: string; namespace?: string };
  responseStatus?: { code?: number };
  requestObject?: Record<string, unknown>;
  responseObject?: Record<string, unknown>;
}

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/readyz*", "/livez*", "/openapi*", "/api", "/apis*"]
- level: RequestResponse
  resources: [{group: "", resources: [configmaps]}]
- level: Metadata
  resources: [{group: "", resources: [secrets]}]
- level: None
`;

const dir = mkdtempSync(join(tmpdir(), 'kube-lite-audit-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const auditPolicyFile = join(dir, 'policy.yaml');
const auditLogPath = join(dir, 'log', 'audit.log');
writeFileSync(auditPolicyFile, POLICY);

function events(): Event[] {
  return readFileSync(auditLogPath, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Event);
}

t.test('creates, patches and reads in the audit log', async (t) => {
  const kl = await startKubeLite({ auditPolicyFile, auditLogPath });
  t.teardown(() => kl.stop());
  const cms = `${kl.url}/api/v1/namespaces/default/configmaps`;
  const send = (url: string, method: string, body: string, type = 'application/json') => fetch(url, { method, body, headers: { 'Content-Type': type, 'User-Agent': 'audit-test' } });

  t.equal((await send(cms, 'POST', JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-json' }, data: { k: 'v' } }))).status, 201);
  const [created] = events().filter((e) => e.verb === 'create');
  t.match(created, {
    level: 'RequestResponse',
    stage: 'ResponseComplete',
    objectRef: { resource: 'configmaps', namespace: 'default', name: 'by-json' },
    responseStatus: { code: 201 },
    requestObject: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'by-json' }, data: { k: 'v' } },
    responseObject: { kind: 'ConfigMap', metadata: { name: 'by-json', uid: String, resourceVersion: String }, data: { k: 'v' } },
  });
  t.same(Object.keys(created?.requestObject ?? {}), ['kind', 'apiVersion', 'metadata', 'data'], "the request object in the kind's field order");

  const patched = await send(`${cms}/by-json`, 'PATCH', '{"data":{"k":"w"}}', 'application/merge-patch+json');
  t.equal(patched.status, 200);
  const applied = await send(`${cms}/by-apply?fieldManager=audit`, 'PATCH', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: by-apply\ndata:\n  a: "1"\n', 'application/apply-patch+yaml');
  t.equal(applied.status, 201);
  const patches = events().filter((e) => e.verb === 'patch');
  t.same(patches.map((e) => e.requestObject), [{ data: { k: 'w' } }, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'by-apply' }, data: { a: '1' } }], 'the patches, YAML as JSON');
  t.same(patches.map((e) => e.responseStatus?.code), [200, 201]);

  t.equal((await send(`${kl.url}/api/v1/namespaces/default/secrets`, 'POST', JSON.stringify({ metadata: { name: 's' }, stringData: { p: 'secret' } }))).status, 201);
  const secret = events().find((e) => e.objectRef?.resource === 'secrets');
  t.match(secret, { level: 'Metadata', verb: 'create', responseStatus: { code: 201 } });
  t.notOk(secret?.requestObject !== undefined || secret?.responseObject !== undefined, 'Metadata records no objects (no secret data in the log)');
  t.notOk(readFileSync(auditLogPath, 'utf8').includes('secret"'), 'the secret value is nowhere in the log');

  const found = await findKubectl();
  if ('reason' in found) {
    t.comment(`kubectl part skipped: ${found.reason}`);
    return;
  }
  const cacheDir = join(dir, 'cache');
  const kubectl = await runKubectl(found.binary, ['create', 'configmap', 'by-kubectl', '--from-literal=x=y'], { kubeconfig: kl.kubeconfigPath, cacheDir });
  t.equal(kubectl.code, 0, kubectl.stderr);
  const byKubectl = events().find((e) => e.verb === 'create' && e.objectRef?.name === 'by-kubectl');
  t.match(byKubectl, { requestObject: { kind: 'ConfigMap', data: { x: 'y' } }, responseObject: { metadata: { name: 'by-kubectl' } }, user: { username: String } }, 'a protobuf request and answer are recorded as JSON');
});

t.test('an unusable policy file stops start-up', async (t) => {
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nrules: []\n');
  await t.rejects(startKubeLite({ auditPolicyFile: bad, auditLogPath: join(dir, 'unused.log') }), { message: `loaded illegal policy with 0 rules from file ${bad}` });
});
