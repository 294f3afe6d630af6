/**
 * Requests to a deprecated kind's resource (v1 ComponentStatus, deprecated since 1.19), as kube-apiserver answers
 * them: every answer, an error's too, carries `Warning: 299 - "v1 ComponentStatus is deprecated in v1.19+"`; the audit
 * event is annotated `k8s.io/deprecated: "true"`; `apiserver_requested_deprecated_apis` records the resource. Other
 * resources carry none of it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

const WARNING = '299 - "v1 ComponentStatus is deprecated in v1.19+"';
const dir = mkdtempSync(join(tmpdir(), 'kube-lite-deprecated-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const auditPolicyFile = join(dir, 'policy.yaml');
const auditLogPath = join(dir, 'audit.log');
writeFileSync(auditPolicyFile, 'apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n  resources: [{group: "", resources: [componentstatuses, configmaps]}]\n- level: None\n');

t.test('v1 ComponentStatus: warning, audit annotation and metric', async (t) => {
  const kl = await startKubeLite({ auditPolicyFile, auditLogPath });
  t.teardown(() => kl.stop());
  const metrics = async () => (await fetch(`${kl.url}/metrics`)).text();
  t.notMatch(await metrics(), /apiserver_requested_deprecated_apis\{/, 'no series before a request');
  const list = await fetch(`${kl.url}/api/v1/componentstatuses`);
  t.equal(list.status, 200);
  t.equal(list.headers.get('warning'), WARNING);
  const missing = await fetch(`${kl.url}/api/v1/componentstatuses/nothing`);
  t.equal(missing.status, 500, "upstream's `Component not found`");
  t.equal(missing.headers.get('warning'), WARNING, 'an error answer carries it too');
  const configMaps = await fetch(`${kl.url}/api/v1/namespaces/default/configmaps`);
  t.equal(configMaps.headers.get('warning'), null, 'a resource of a kind that is not deprecated: none');
  t.match(await metrics(), 'apiserver_requested_deprecated_apis{group="",version="v1",resource="componentstatuses",subresource="",removed_release=""} 1');
  const events = readFileSync(auditLogPath, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { objectRef?: { resource?: string }; annotations?: Record<string, string> });
  const annotationsOf = (resource: string) => events.filter((e) => e.objectRef?.resource === resource).map((e) => e.annotations?.['k8s.io/deprecated']);
  t.same(annotationsOf('componentstatuses'), ['true', 'true'], 'both requests annotated');
  t.same(annotationsOf('configmaps'), [undefined]);
});
