import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { closeProbeAgent, installedRoutes, leaksStack, probe, type RouteProbe } from './route-auth-helpers.js';

const ADMIN = 'admin-secret-token-0123';
const BOB = 'bob-secret-token-4567';
const dir = mkdtempSync(join(tmpdir(), 'kube-lite-route-auth-'));
const tokenAuthFile = join(dir, 'tokens.csv');
writeFileSync(tokenAuthFile, `${ADMIN},admin,admin-uid,system:masters\n${BOB},bob,bob-uid\n`);
const logged: string[] = [];
t.teardown(() => {
  closeProbeAgent();
  rmSync(dir, { recursive: true, force: true });
});

const isStatus = (text: string, code: number, reason: string): boolean => {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && Reflect.get(body, 'kind') === 'Status' && Reflect.get(body, 'code') === code && Reflect.get(body, 'reason') === reason;
  } catch {
    return false;
  }
};

t.test('--anonymous-auth=false: every installed route answers 401 Status without credentials', async (t) => {
  const kl = await startKubeLite({ tokenAuthFile, anonymousAuth: false, authorizationModes: ['RBAC'], log: (m) => logged.push(m) });
  t.teardown(() => kl.stop());
  const routes = installedRoutes(kl.server);
  t.ok(routes.length > 200, `the route list is the whole API (${routes.length} routes)`);
  for (const must of ['/api/v1/namespaces/default/pods', '/apis/rbac.authorization.k8s.io/v1/clusterroles', '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', '/api/v1/namespaces/default/serviceaccounts/probe-name/token', '/metrics', '/version', '/openapi/v2', '/healthz']) {
    t.ok(routes.some((r) => r.path === must), `${must} is probed`);
  }
  const wrong: string[] = [];
  for (const route of routes) {
    const res = await probe(kl.url, route);
    // A HEAD answer has no body (pods/proxy serves HEAD): its status is all there is to check.
    const body = route.method === 'HEAD' ? res.text === '' : isStatus(res.text, 401, 'Unauthorized');
    if (res.status !== 401 || !body || leaksStack(res.text)) wrong.push(`${route.method} ${route.path} → ${res.status} ${res.text.slice(0, 80)}`);
  }
  t.same(wrong, [], `all ${routes.length} routes refuse anonymous requests with a 401 Status`);
  const badToken = await probe(kl.url, { method: 'GET', path: '/api/v1/namespaces' }, 'not-a-valid-token');
  t.equal(badToken.status, 401, 'an unknown token is refused too');
  const admin = await probe(kl.url, { method: 'GET', path: '/api/v1/namespaces' }, ADMIN);
  t.equal(admin.status, 200, 'the token file admin is served');
});

/** What upstream's bootstrap policy grants `system:unauthenticated`: `system:public-info-viewer`. */
const PUBLIC_INFO: readonly string[] = ['/healthz', '/livez', '/readyz', '/version', '/version/'];

const publicInfo = (r: RouteProbe): boolean => r.method === 'GET' && PUBLIC_INFO.includes(r.path);

t.test('anonymous auth with RBAC: only system:public-info-viewer paths are allowed, everything else is 403', async (t) => {
  const kl = await startKubeLite({ tokenAuthFile, anonymousAuth: true, authorizationModes: ['RBAC'], log: (m) => logged.push(m) });
  t.teardown(() => kl.stop());
  const routes = installedRoutes(kl.server);
  const wrong: string[] = [];
  for (const route of routes) {
    const res = await probe(kl.url, route);
    const expected = publicInfo(route) ? 200 : 403;
    const body = route.method === 'HEAD' ? res.text === '' : isStatus(res.text, 403, 'Forbidden');
    const ok = expected === 200 ? res.status === 200 : res.status === 403 && body;
    if (!ok || leaksStack(res.text)) wrong.push(`${route.method} ${route.path} → ${res.status} ${res.text.slice(0, 120)}`);
  }
  t.same(wrong, [], `all ${routes.length} routes: 200 for public info, 403 Status for the rest`);
  t.equal(routes.filter(publicInfo).length, PUBLIC_INFO.length, 'every public-info path was probed');
  const forbidden = await probe(kl.url, { method: 'GET', path: '/api/v1/namespaces/default/secrets' });
  t.match(JSON.parse(forbidden.text), {
    message: 'secrets is forbidden: User "system:anonymous" cannot list resource "secrets" in API group "" in the namespace "default"',
    details: { kind: 'secrets' },
  });

  const discovery = await probe(kl.url, { method: 'GET', path: '/apis' }, BOB);
  t.equal(discovery.status, 200, 'system:discovery: an authenticated user may discover the API');
  t.equal((await probe(kl.url, { method: 'GET', path: '/openapi/v2' }, BOB)).status, 200, 'and read OpenAPI');
  t.equal((await probe(kl.url, { method: 'GET', path: '/metrics' }, BOB)).status, 403, '/metrics is not for everybody (system:monitoring upstream)');
  t.equal((await probe(kl.url, { method: 'GET', path: '/api/v1/namespaces' }, BOB)).status, 403, 'bob has no resource rights');
  t.equal((await probe(kl.url, { method: 'GET', path: '/api/v1/namespaces' }, ADMIN)).status, 200, 'system:masters has cluster-admin');
  for (const path of ['/debug/pprof/', '/debug/pprof/heap', '/debug/flags/v']) {
    t.equal((await probe(kl.url, { method: 'GET', path }, BOB)).status, 403, `${path}: no role grants it but cluster-admin's`);
  }
  t.equal((await probe(kl.url, { method: 'GET', path: '/debug/pprof/' }, ADMIN)).status, 200, 'cluster-admin may profile');
});

t.test('secrets are never logged', async (t) => {
  const all = logged.join('\n');
  t.notMatch(all, ADMIN, 'the admin token does not appear in the log');
  t.notMatch(all, BOB, 'the bob token does not appear in the log');
  t.notMatch(all, 'not-a-valid-token', 'a refused token does not appear in the log');
});
