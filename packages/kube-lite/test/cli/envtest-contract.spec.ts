/**
 * The kube-lite CLI run as controller-runtime's envtest runs kube-apiserver (pkg/internal/testing/controlplane,
 * read in its apiserver.go): envtest writes a serving pair (`apiserver.crt`/`.key`, signed by its own CA), an RSA
 * service account signer (`sa-signer.crt`/`.key`) and a client CA into the cert dir, asks `--help` whether
 * `--insecure-port` exists (it is left out when not listed), starts the binary with its default flags, polls
 * `https://<addr>:<port>/healthz` without verifying the certificate, then talks to it as a `system:masters` client
 * certificate user, trusting its CA, and stops it with SIGTERM. So a `kube-apiserver` in `KUBEBUILDER_ASSETS` that
 * runs kube-lite serves envtest.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { join } from 'node:path';
import { generateCACertKey, generateClientCertKey } from '@apiserver/server';
import { findKubectl, freePort, makeServingCertificates, runKubectl, startEtcd, tempDir } from '@apiserver/testing';
import t, { type Test } from 'tap';
import { KUBE_LITE_BIN } from './cli-process.js';

interface TLSOptions {
  readonly ca?: string;
  readonly cert?: string;
  readonly key?: string;
}

/** GET `path` over TLS: status, headers and body; `undefined` when the connection fails. */
function get(port: number, path: string, tls: TLSOptions): Promise<{ status: number; headers: IncomingHttpHeaders; body: string } | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, ...tls, rejectUnauthorized: tls.ca !== undefined, timeout: 5_000 }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => {
        body += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** envtest's default kube-apiserver flags (`defaultArgs`) plus its client-certificate authenticator's. */
function envtestArgs(certDir: string, port: number, etcdURL: string): string[] {
  return [
    '--service-cluster-ip-range=10.0.0.0/24',
    '--allow-privileged=true',
    '--disable-admission-plugins=ServiceAccount',
    `--cert-dir=${certDir}`,
    '--authorization-mode=RBAC',
    `--secure-port=${port}`,
    '--bind-address=127.0.0.1',
    `--service-account-issuer=https://127.0.0.1:${port}/`,
    `--service-account-key-file=${join(certDir, 'sa-signer.crt')}`,
    `--service-account-signing-key-file=${join(certDir, 'sa-signer.key')}`,
    `--etcd-servers=${etcdURL}`,
    `--client-ca-file=${join(certDir, 'client-cert-auth-ca.crt')}`,
  ];
}

/** What envtest holds of a started kube-apiserver: its port, CA, admin user, process and output. */
interface EnvtestServer {
  readonly port: number;
  readonly certDir: string;
  readonly serving: { readonly caCert: string };
  readonly admin: { readonly cert: string; readonly key: string };
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;
  readonly output: () => { readonly stdout: string; readonly stderr: string };
}

/**
 * Does what envtest's `APIServer.Start` does: writes its files into a new cert dir, starts the CLI with its default
 * flags and `extraArgs` (what `APIServer.Configure()` adds), and polls `/healthz` until 200.
 */
async function startAsEnvtest(t: Test, etcdURL: string, extraArgs: readonly string[] = []): Promise<EnvtestServer> {
  const dir = await tempDir('kube-lite-envtest-');
  t.teardown(dir.remove);
  const certDir = dir.path;
  const serving = makeServingCertificates(certDir, { dnsNames: ['localhost'], ips: ['127.0.0.1'] });
  writeFileSync(join(certDir, 'apiserver.crt'), serving.cert);
  writeFileSync(join(certDir, 'apiserver.key'), serving.key);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(certDir, 'sa-signer.key'), '-out', join(certDir, 'sa-signer.crt'), '-days', '2', '-subj', '/CN=sa-signer'], { stdio: 'pipe' });
  const clientCA = generateCACertKey('client-cert-auth-ca');
  writeFileSync(join(certDir, 'client-cert-auth-ca.crt'), clientCA.cert);
  const admin = generateClientCertKey(clientCA, { commonName: 'envtest-admin', organizations: ['system:masters'] });
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [KUBE_LITE_BIN, ...envtestArgs(certDir, port, etcdURL), ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  // envtest's health check: GET /healthz until 200, the certificate not verified.
  let health: Awaited<ReturnType<typeof get>>;
  for (let i = 0; i < 400 && health?.status !== 200 && child.exitCode === null; i++) {
    health = await get(port, '/healthz', {});
    if (health?.status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
  t.equal(health?.status, 200, `/healthz answers 200 (stderr: ${stderr.slice(-2000)})`);
  t.comment(`healthy ${Math.round(performance.now() - started)} ms after spawn`);
  return { port, certDir, serving, admin, exited, child, output: () => ({ stdout, stderr }) };
}

t.test('kube-lite serves envtest as its kube-apiserver', async (t) => {
  const help = execFileSync(process.execPath, [KUBE_LITE_BIN, '--help'], { encoding: 'utf8' });
  t.notMatch(help, /^\s*--insecure-port\b/m, 'no --insecure-port in --help: envtest leaves that flag out (kube-apiserver >= 1.24)');

  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  const { port, certDir, serving, admin, exited, child, output } = await startAsEnvtest(t, etcd.endpoint);
  const { stdout } = output();
  t.match(stdout, `https://127.0.0.1:${port}`, 'serving HTTPS on the secure port');
  t.notMatch(stdout, /http:\/\//, 'and nothing else: no plain HTTP port beside --secure-port');

  const asAdmin = { ca: serving.caCert, cert: admin.cert, key: admin.key };
  const readyz = await get(port, '/readyz?verbose', asAdmin);
  t.equal(readyz?.status, 200, 'ready; the serving certificate is the one envtest wrote (its CA verifies it)');
  t.match(readyz?.body, '[+]etcd ok', '--etcd-servers without --storage-backend: the etcd3 backend, as kube-apiserver');
  const namespace = await get(port, '/api/v1/namespaces/default', asAdmin);
  t.equal(namespace?.status, 200, 'the default namespace exists (envtest waits for it)');
  const anonymous = await get(port, '/api/v1/namespaces', { ca: serving.caCert });
  t.equal(anonymous?.status, 403, 'RBAC: an anonymous request is forbidden');

  const kubectl = await findKubectl();
  if (!('binary' in kubectl)) {
    t.comment(`kubectl not checked: ${kubectl.reason}`);
  } else {
    const kubeconfig = join(certDir, 'kubeconfig');
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    writeFileSync(
      kubeconfig,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'envtest', cluster: { server: `https://127.0.0.1:${port}`, 'certificate-authority-data': b64(serving.caCert) } }],
        users: [{ name: 'envtest-admin', user: { 'client-certificate-data': b64(admin.cert), 'client-key-data': b64(admin.key) } }],
        contexts: [{ name: 'envtest', context: { cluster: 'envtest', user: 'envtest-admin' } }],
        'current-context': 'envtest',
      }),
    );
    const whoami = await runKubectl(kubectl.binary, ['auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}'], { kubeconfig, cacheDir: join(certDir, 'cache') });
    t.equal(whoami.code, 0, whoami.stderr);
    t.match(whoami.stdout, /^envtest-admin \["system:masters","system:authenticated"\]/, 'kubectl authenticates with the client certificate');
  }

  child.kill('SIGTERM');
  t.equal(await exited, 0, "SIGTERM (envtest's Stop) ends it cleanly");
});

t.test('envtest with --storage-backend=memory (APIServer.Configure()): objects in memory, its etcd unused', async (t) => {
  const etcd = await startEtcd();
  t.teardown(() => etcd.stop());
  const { port, serving, admin, exited, child, output } = await startAsEnvtest(t, etcd.endpoint, ['--storage-backend=memory']);
  const asAdmin = { ca: serving.caCert, cert: admin.cert, key: admin.key };
  const readyz = await get(port, '/readyz?verbose', asAdmin);
  t.equal(readyz?.status, 200);
  t.match(readyz?.body, '[+]storage ok', 'the memory backend');
  t.notMatch(readyz?.body, '[+]etcd ok');
  t.match(output().stderr, '--etcd-servers is not used with --storage-backend=memory: objects are kept in memory', 'the unused flag is logged as a warning');
  t.equal((await get(port, '/api/v1/namespaces/default', asAdmin))?.status, 200);
  child.kill('SIGTERM');
  t.equal(await exited, 0);
});
