/**
 * Issue #19: the bundled CLI converts large YAML bodies in runtime's YAML decoding thread, whose entry the bundle
 * script bundles next to kube-lite.cjs (dist/bundle/yaml-decode-worker.js). A bundle without a working worker
 * answered every YAML body over 32 Ki characters with a 500.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { KUBE_LITE_BIN, waitFor } from './cli-process.js';

const WORKER = fileURLToPath(new URL('../../dist/bundle/yaml-decode-worker.js', import.meta.url));
const KEYS = 4_000;
const configMap = (name: string, extra: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n${extra}${Array.from({ length: KEYS }, (_, i) => `  key-${i}: value-${i}\n`).join('')}`;

t.test('the bundled CLI decodes large YAML bodies in its worker, with Go errors, and still exits on SIGTERM', async (t) => {
  t.ok(existsSync(WORKER), 'the bundle script wrote the worker next to the bundle');
  const child = spawn(process.execPath, [KUBE_LITE_BIN, '--port=0', `--data-dir=${t.testdir()}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const out = await waitFor(child, /kubeconfig: .*\n/);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  const post = (body: string, query: string) =>
    fetch(`${url}/api/v1/namespaces/default/configmaps?${query}`, { method: 'POST', body, headers: { 'content-type': 'application/yaml', accept: 'application/json' } });
  const body = configMap('large', '');
  t.ok(body.length > 32 * 1024, `${body.length} characters: over the thread's threshold`);
  const created = await post(body, 'dryRun=All');
  t.equal(created.status, 201);
  t.equal(Object.keys(((await created.json()) as { data: object }).data).length, KEYS);
  const duplicated = await post(configMap('dup', '  a: "1"\n  a: "2"\n'), 'fieldValidation=Strict');
  t.equal(duplicated.status, 400);
  t.match(await duplicated.json(), { message: /strict decoding error: yaml: unmarshal errors:\n {2}line 7: key "a" already set in map$/ });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'graceful exit with the thread started');
});
