import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { findKubectl, runKubectl } from '@apiserver/testing';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

const ADMIN = 'assembled-admin-token';
const BOB = 'assembled-bob-token';
const dir = mkdtempSync(join(tmpdir(), 'kube-lite-assembled-'));
const tokenAuthFile = join(dir, 'tokens.csv');
writeFileSync(tokenAuthFile, `${ADMIN},admin,admin-uid,system:masters\n${BOB},bob,bob-uid,developers\n`);
const logged: string[] = [];
const found = await findKubectl();
const kl = await startKubeLite({
  port: -1,
  securePort: 0,
  tokenAuthFile,
  anonymousAuth: false,
  authorizationModes: ['RBAC'],
  log: (m) => logged.push(m),
});
t.teardown(async () => {
  await kl.stop();
  rmSync(dir, { recursive: true, force: true });
});

function handshake(maxVersion: 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'): Promise<string> {
  const { hostname, port } = new URL(kl.url);
  return new Promise((resolve) => {
    // SECLEVEL=0 lets this client offer TLS 1.1 at all, so a refusal is the server's.
    const socket = connect({ host: hostname, port: Number(port), minVersion: 'TLSv1', maxVersion, ciphers: 'DEFAULT@SECLEVEL=0', rejectUnauthorized: false }, () => {
      resolve(socket.getProtocol() ?? 'unknown');
      socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

t.test('the secure port speaks TLS 1.2 and 1.3 only', async (t) => {
  t.equal(await handshake('TLSv1.1'), 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'a TLS 1.1 client gets a protocol_version alert from the server');
  t.equal(await handshake('TLSv1.2'), 'TLSv1.2');
  t.equal(await handshake('TLSv1.3'), 'TLSv1.3');
});


t.test('kubectl --as / --as-group: impersonation allowed and denied per RBAC', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const options = { kubeconfig: kl.kubeconfigPath, cacheDir: join(dir, 'kubectl-cache-as'), timeoutMs: 30_000 };
  const kubectl = (...args: string[]) => runKubectl(found.binary, args, options);
  const asBob = (...args: string[]) => kubectl('--token', BOB, ...args);
  const policy = [
    'apiVersion: rbac.authorization.k8s.io/v1',
    'kind: ClusterRole',
    'metadata: {name: impersonate-carol}',
    'rules: [{apiGroups: [""], resources: [users], verbs: [impersonate], resourceNames: [carol]}]',
    '---',
    'apiVersion: rbac.authorization.k8s.io/v1',
    'kind: ClusterRoleBinding',
    'metadata: {name: bob-impersonates-carol}',
    'roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: impersonate-carol}',
    'subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: bob}]',
  ].join('\n');
  const applied = await runKubectl(found.binary, ['apply', '-f', '-'], { ...options, input: policy });
  t.equal(applied.code, 0, applied.stderr);
  const who = await asBob('--as', 'carol', 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username} {.status.userInfo.groups}');
  t.equal(who.stdout, 'carol ["system:authenticated"]', `bob acts as carol: ${who.stderr}`);
  const asCarol = await asBob('--as', 'carol', 'get', 'configmaps');
  t.match(asCarol.stderr, /configmaps is forbidden: User "carol" cannot list resource "configmaps" in API group "" in the namespace "default"/, 'then RBAC judges carol');
  const notDave = await asBob('--as', 'dave', 'get', 'configmaps');
  t.match(notDave.stderr, /Error from server \(Forbidden\): users "dave" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope/);
  const notMasters = await asBob('--as', 'carol', '--as-group', 'system:masters', 'get', 'configmaps');
  t.match(notMasters.stderr, /groups "system:masters" is forbidden: User "bob" cannot impersonate resource "groups" in API group "" at the cluster scope/);
  const robot = await kubectl('--as', 'system:serviceaccount:default:robot', 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.groups}');
  t.equal(robot.stdout, '["system:serviceaccounts","system:serviceaccounts:default","system:authenticated"]', `system:masters may impersonate a service account: ${robot.stderr}`);
});

t.test('kubectl against kube-lite assembled as the CLI does (token file, RBAC, no anonymous)', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const options = { kubeconfig: kl.kubeconfigPath, cacheDir: join(dir, 'kubectl-cache'), timeoutMs: 30_000 };
  const kubectl = (...args: string[]) => runKubectl(found.binary, args, options);
  const asBob = (...args: string[]) => kubectl('--token', BOB, ...args);

  const groups = await kubectl('api-versions');
  t.equal(groups.code, 0, groups.stderr);
  for (const gv of ['rbac.authorization.k8s.io/v1', 'authorization.k8s.io/v1', 'authentication.k8s.io/v1']) t.match(groups.stdout, gv, `${gv} is served`);
  const binding = await kubectl('get', 'clusterrolebinding', 'cluster-admin', '-o', 'jsonpath={.subjects[0].name}');
  t.equal(binding.stdout, 'system:masters', 'bootstrap cluster-admin binding for system:masters');

  const whoami = await kubectl('auth', 'whoami');
  t.equal(whoami.code, 0, whoami.stderr);
  t.match(whoami.stdout, /Username\s+admin/);
  t.match(whoami.stdout, /Groups\s+\[system:masters system:authenticated\]/);
  t.equal((await kubectl('auth', 'can-i', 'delete', 'nodes')).stdout.trim(), 'yes');
  const no = await asBob('auth', 'can-i', 'list', 'configmaps');
  t.equal(no.stdout.trim(), 'no');
  t.equal(no.code, 1);
  const list = await asBob('auth', 'can-i', '--list');
  t.equal(list.code, 0, list.stderr);
  t.match(list.stdout, /selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]/, 'system:basic-user rules');
  t.match(list.stdout, /\[\/apis\/\*\]\s+\[\]\s+\[get\]/, 'system:discovery rules');
  t.notMatch(list.stdout, /configmaps/);

  t.equal((await kubectl('create', 'role', 'cm-reader', '--verb=get,list', '--resource=configmaps')).code, 0);
  t.equal((await kubectl('create', 'rolebinding', 'bob-cm', '--role=cm-reader', '--user=bob')).code, 0);
  t.equal((await asBob('auth', 'can-i', 'list', 'configmaps')).stdout.trim(), 'yes', 'RBAC grants what the binding says');
  t.equal((await asBob('auth', 'can-i', 'list', 'configmaps', '-n', 'kube-system')).stdout.trim(), 'no', 'only in its namespace');
  t.match((await asBob('auth', 'can-i', '--list')).stdout, /configmaps\s+\[\]\s+\[\]\s+\[get list\]/);

  t.equal((await kubectl('create', 'serviceaccount', 'robot')).code, 0);
  const created = await kubectl('create', 'token', 'robot', '--duration=15m');
  t.equal(created.code, 0, created.stderr);
  const token = created.stdout.trim();
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, number>;
  t.equal((claims.exp ?? 0) - (claims.iat ?? 0), 900, '--duration becomes the lifetime');
  const who = await kubectl('--token', token, 'auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}');
  t.equal(who.stdout, 'system:serviceaccount:default:robot', who.stderr);
  const forbidden = await kubectl('--token', token, 'get', 'secrets');
  t.match(forbidden.stderr, /secrets is forbidden: User "system:serviceaccount:default:robot" cannot list resource "secrets"/);
  const otherAudience = (await kubectl('create', 'token', 'robot', '--audience=vault')).stdout.trim();
  t.match((await kubectl('--token', otherAudience, 'get', 'pods')).stderr, /Unauthorized/, 'a token for another audience is refused');
  t.equal((await kubectl('delete', 'serviceaccount', 'robot')).code, 0);
  t.match((await kubectl('--token', token, 'auth', 'whoami')).stderr, /Unauthorized/, 'the token of a deleted service account is refused');
  t.equal((await kubectl('create', 'serviceaccount', 'robot')).code, 0);
  t.match((await kubectl('--token', token, 'auth', 'whoami')).stderr, /Unauthorized/, 'a recreated service account (new UID) does not revive it');
  const short = await kubectl('create', 'token', 'robot', '--duration=1m');
  t.match(short.stderr, /may not specify a duration less than 10 minutes/);

  const all = logged.join('\n');
  t.notMatch(all, ADMIN, 'tokens are not logged');
  t.notMatch(all, token.slice(-20), 'service account tokens are not logged');
});
