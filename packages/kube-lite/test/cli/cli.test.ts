import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { KUBE_LITE_BIN, waitFor } from './cli-process.js';
import { parse } from 'yaml';

const bin = KUBE_LITE_BIN;

function run(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

t.test('--help prints the flags', async (t) => {
  const r = run(['--help']);
  t.equal(r.code, 0);
  t.match(r.stdout, /kube-lite kubeconfig \[flags\]/);
  t.match(r.stdout, /--etcd-servers/);
  t.match(r.stdout, /--audit-policy-file/);
});

t.test('bad flags: every error, exit 1, nothing started', async (t) => {
  const r = run(['--port=x', '--authorization-mode=Webhook', '--storage-backend=etcd3', 'serve']);
  t.equal(r.code, 1);
  t.equal(
    r.stderr,
    [
      'Error: invalid argument "x" for "--port" flag: parse error',
      'Error: --etcd-servers must be specified with --storage-backend=etcd3',
      'Error: authorization-mode "Webhook" is not a valid mode (supported: AlwaysAllow, AlwaysDeny, RBAC)',
      'Error: unknown command "serve"',
      'Run "kube-lite --help" for usage.',
      '',
    ].join('\n'),
  );
  t.equal(r.stdout, '');
});

t.test('an unreadable audit policy file: the error, exit 1', async (t) => {
  const r = run(['--port=0', '--audit-policy-file=/nonexistent/policy.yaml', '--audit-log-path=-']);
  t.equal(r.code, 1);
  t.match(r.stderr, /^Error: failed to read file path "\/nonexistent\/policy\.yaml": ENOENT/);
});

t.test('kubeconfig subcommand prints a kubeconfig for the flags given', async (t) => {
  const r = run(['kubeconfig', '--port=9999', '--bind-address=127.0.0.2']);
  t.equal(r.code, 0);
  t.equal(parse(r.stdout).clusters[0].cluster.server, 'http://127.0.0.2:9999');
  t.equal(parse(run(['kubeconfig', '--port=-1', '--secure-port=6443']).stdout).clusters[0].cluster.server, 'https://127.0.0.1:6443');
});

t.test('serves, prints URL and kubeconfig, logs JSON lines at -v=3, stops on SIGTERM', async (t) => {
  const dataDir = t.testdir();
  const child = spawn(process.execPath, [bin, '--port=0', `--data-dir=${dataDir}`, '--logging-format=json', '-v=3'], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const out = await waitFor(child, /kubeconfig: .*\n/);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  t.match(out, /\(storage: memory, started in \d+ ms\)/);
  t.equal(/kubeconfig: (.*)\n/.exec(out)?.[1], `${dataDir}/kubeconfig`);
  t.equal(parse(readFileSync(`${dataDir}/kubeconfig`, 'utf8')).clusters[0].cluster.server, url);
  const version = (await (await fetch(`${url}/version`)).json()) as Record<string, string>;
  t.match(version, { major: '1', minor: '32' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'graceful exit');
  const lines = stderr.split('\n').filter((l) => l !== '');
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  t.ok(entries.every((e) => typeof e.ts === 'number' && typeof e.msg === 'string'), `${lines.length} stderr lines, each a JSON log entry`);
  t.match(entries.find((e) => e.msg === 'HTTP' && e.URI === '/version'), { v: 3, verb: 'GET', resp: 200, srcIP: /^127\.0\.0\.1:\d+$/ });
  t.ok(entries.some((e) => e.msg === 'received SIGTERM, shutting down'));
});

t.test('npm start (scripts/start.mjs) runs kube-lite on PORT and stops on SIGTERM', async (t) => {
  const script = fileURLToPath(new URL('../../../../scripts/start.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, `--data-dir=${t.testdir()}`], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const out = await waitFor(child, /kubectl get namespaces\n/);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  const namespaces = (await (await fetch(`${url}/api/v1/namespaces`)).json()) as { kind: string };
  t.equal(namespaces.kind, 'NamespaceList');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'clean exit');
});
