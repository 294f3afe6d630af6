/**
 * The impersonation filter (k8s.io/apiserver `WithImpersonation`): which `impersonate` checks a request's
 * `Impersonate-*` headers cause, the user the rest of the chain sees, upstream's 403 and 500 answers, and that
 * the headers are gone downstream.
 */
import type { IncomingMessage } from 'node:http';
import t, { type Test } from 'tap';
import { TokenFileAuthenticator, parseTokenFile } from '../../src/authentication/token-file.js';
import { newRequestAuthenticator } from '../../src/authentication/union.js';
import type { Attributes, Authorizer } from '../../src/authorization/authorizer.js';
import { withAuthentication } from '../../src/filters/authentication.js';
import { withImpersonation } from '../../src/filters/impersonation.js';
import type { Handler } from '../../src/handler.js';
import { userFrom } from '../../src/request/context.js';
import { hasImpersonationHeaders, impersonationRequestsOf } from '../../src/request/impersonation-requests.js';
import { fetchText, json, serve } from '../helpers.js';

/** What an authorizer was asked, minus the requesting user. */
type Check = Omit<Attributes, 'user'> & { user: string };

/** Allows alice everything, bob nothing but impersonating user "carol"; records every check. */
function recordingAuthorizer(checks: Check[]): Authorizer {
  return {
    authorize: async (a) => {
      checks.push({ ...a, user: a.user?.name ?? '' });
      if (a.user?.name === 'alice') return { decision: 'Allow', reason: '' };
      if (a.resource === 'users' && a.name === 'carol') return { decision: 'Allow', reason: '' };
      return { decision: 'NoOpinion', reason: 'no RBAC policy matched' };
    },
  };
}

const echo: Handler = (req, res) => {
  const impersonation = Object.keys(req.headers).filter((h) => h.startsWith('impersonate-'));
  res.end(JSON.stringify({ user: userFrom(req), impersonation }));
};

async function server(t: Test, checks: Check[]): Promise<string> {
  const tokens = new TokenFileAuthenticator(parseTokenFile('a,alice,1\nb,bob,2\n'));
  const s = await serve(withAuthentication(withImpersonation(echo, recordingAuthorizer(checks)), newRequestAuthenticator({ authenticators: [tokens] })));
  t.teardown(s.close);
  return s.url;
}

const check = (user: string, resource: string, name: string, more: Partial<Check> = {}): Check => ({
  user,
  verb: 'impersonate',
  isResourceRequest: true,
  path: '',
  namespace: '',
  apiGroup: '',
  apiVersion: '',
  resource,
  subresource: '',
  name,
  ...more,
});

t.test('no Impersonate-* header: the authenticated user, no check', async (t) => {
  const checks: Check[] = [];
  const url = await server(t, checks);
  t.same(json(await fetchText(url, { headers: { authorization: 'Bearer a' } })).user, { name: 'alice', uid: '1', groups: ['system:authenticated'] });
  t.same(checks, []);
});

t.test('the raw-header pre-check: any Impersonate-* name in any case, nothing else', async (t) => {
  const rows: [string[], boolean][] = [
    [[], false],
    [['Host', 'x', 'Accept', '*/*', 'Authorization', 'Bearer a'], false],
    [['Impersonate', 'x', 'Impersonatex-User', 'y', 'X-Impersonate-User', 'z'], false],
    [['Host', 'x', 'IMPERSONATE-USER', 'dave'], true],
    [['impersonate-extra-scopes', 'view'], true],
    [['Impersonate-Group', 'devs'], true],
    [['Impersonate-Unknown', 'v'], true],
  ];
  for (const [rawHeaders, expected] of rows) t.equal(hasImpersonationHeaders({ rawHeaders }), expected, rawHeaders.join(' '));
  const request = (rawHeaders: string[]): IncomingMessage => {
    const headersDistinct: Record<string, string[]> = {};
    for (let i = 0; i < rawHeaders.length; i += 2) (headersDistinct[(rawHeaders[i] as string).toLowerCase()] ??= []).push(rawHeaders[i + 1] as string);
    return { rawHeaders, headersDistinct } as unknown as IncomingMessage;
  };
  t.same(impersonationRequestsOf(request(['Host', 'x'])), []);
  t.same(impersonationRequestsOf(request(['Impersonate-Unknown', 'v'])), [], 'an unknown Impersonate-* header asks for nothing');
  t.same(impersonationRequestsOf(request(['IMPERSONATE-USER', 'dave'])), [{ kind: 'User', namespace: '', name: 'dave', apiVersion: '', fieldPath: '' }]);
});

t.test('a user, groups, extras and a uid: one check each, in upstream order, then the new user', async (t) => {
  const checks: Check[] = [];
  const url = await server(t, checks);
  const reply = await fetchText(url, {
    headers: {
      authorization: 'Bearer a',
      'Impersonate-User': 'dave',
      'Impersonate-Group': ['devs', 'ops'],
      'Impersonate-Extra-Scopes': ['view', 'edit'],
      'Impersonate-Extra-Acme.com%2Fproject': 'p1',
      'Impersonate-Uid': 'u-42',
    },
  });
  t.equal(reply.status, 200);
  t.same(json(reply), {
    user: { name: 'dave', uid: 'u-42', groups: ['devs', 'ops', 'system:authenticated'], extra: { scopes: ['view', 'edit'], 'acme.com/project': ['p1'] } },
    impersonation: [],
  });
  const auth = { apiGroup: 'authentication.k8s.io', apiVersion: 'v1' };
  t.same(checks, [
    check('alice', 'users', 'dave'),
    check('alice', 'groups', 'devs'),
    check('alice', 'groups', 'ops'),
    check('alice', 'userextras', 'view', { ...auth, subresource: 'scopes' }),
    check('alice', 'userextras', 'edit', { ...auth, subresource: 'scopes' }),
    check('alice', 'userextras', 'p1', { ...auth, subresource: 'acme.com/project' }),
    check('alice', 'uids', 'u-42', auth),
  ]);
});

t.test('service accounts, the anonymous user and the well-known groups', async (t) => {
  const checks: Check[] = [];
  const url = await server(t, checks);
  const as = (headers: Record<string, string | string[]>) =>
    fetchText(url, { headers: { authorization: 'Bearer a', ...headers } }).then((r) => json(r)['user'] as { groups: string[] });
  t.same(await as({ 'Impersonate-User': 'system:serviceaccount:ns1:builder' }), {
    name: 'system:serviceaccount:ns1:builder',
    uid: '',
    groups: ['system:serviceaccounts', 'system:serviceaccounts:ns1', 'system:authenticated'],
    extra: {},
  });
  t.same(checks.at(-1), check('alice', 'serviceaccounts', 'builder', { namespace: 'ns1' }));
  t.same((await as({ 'Impersonate-User': 'system:serviceaccount:ns1:builder', 'Impersonate-Group': 'g' })).groups, ['g', 'system:authenticated'], 'groups sent replace the service account groups');
  t.same(checks.at(-2), check('alice', 'serviceaccounts', 'builder', { namespace: 'ns1' }));
  // Not a valid service account name (upper case namespace): an ordinary user name.
  t.same(await as({ 'Impersonate-User': 'system:serviceaccount:NS:x' }), { name: 'system:serviceaccount:NS:x', uid: '', groups: ['system:authenticated'], extra: {} });
  t.same(checks.at(-1), check('alice', 'users', 'system:serviceaccount:NS:x'));
  t.same((await as({ 'Impersonate-User': 'system:anonymous' })).groups, ['system:unauthenticated']);
  t.same((await as({ 'Impersonate-User': 'system:anonymous', 'Impersonate-Group': 'system:unauthenticated' })).groups, ['system:unauthenticated']);
  t.same((await as({ 'Impersonate-User': 'eve', 'Impersonate-Group': 'system:unauthenticated' })).groups, ['system:unauthenticated'], 'no system:authenticated beside system:unauthenticated');
  t.same((await as({ 'Impersonate-User': 'eve', 'Impersonate-Group': ['x', 'system:authenticated'] })).groups, ['x', 'system:authenticated']);
});

t.test('denied: 403 worded as the authorization filter, at the first impersonation not allowed', async (t) => {
  const checks: Check[] = [];
  const url = await server(t, checks);
  const reply = await fetchText(url, { headers: { authorization: 'Bearer b', 'Impersonate-User': 'carol', 'Impersonate-Group': 'system:masters' } });
  t.equal(reply.status, 403);
  t.same(json(reply), {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'groups "system:masters" is forbidden: User "bob" cannot impersonate resource "groups" in API group "" at the cluster scope: no RBAC policy matched',
    reason: 'Forbidden',
    details: { name: 'system:masters', kind: 'groups' },
    code: 403,
  });
  t.same(
    checks.map((c) => `${c.resource}/${c.name}`),
    ['users/carol', 'groups/system:masters'],
  );
  const sa = await fetchText(url, { headers: { authorization: 'Bearer b', 'Impersonate-User': 'system:serviceaccount:kube-system:admin' } });
  t.equal(
    json(sa).message,
    'serviceaccounts "admin" is forbidden: User "bob" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube-system": no RBAC policy matched',
  );
  const extra = await fetchText(url, { headers: { authorization: 'Bearer b', 'Impersonate-User': 'carol', 'Impersonate-Extra-Scopes': 'all' } });
  t.match(json(extra).message, /^userextras\.authentication\.k8s\.io "all" is forbidden: User "bob" cannot impersonate resource "userextras\/scopes" in API group "authentication\.k8s\.io" at the cluster scope/);
  const allowed = await fetchText(url, { headers: { authorization: 'Bearer b', 'Impersonate-User': 'carol' } });
  t.match(json(allowed), { user: { name: 'carol' } }, 'bob may impersonate carol alone');
});

t.test('groups, extras or a uid without a user: 500 as upstream, naming the requests as Go prints them', async (t) => {
  const checks: Check[] = [];
  const url = await server(t, checks);
  const groups = await fetchText(`${url}/api/v1/pods`, { headers: { authorization: 'Bearer a', 'Impersonate-Group': 'g1' } });
  t.equal(groups.status, 500);
  t.equal(groups.body, 'Internal Server Error: "/api/v1/pods": requested [{Group  g1    }] without impersonating a user\n');
  const more = await fetchText(url, { headers: { authorization: 'Bearer a', 'Impersonate-Extra-K': 'v', 'Impersonate-Uid': 'u' } });
  t.equal(more.body, 'Internal Server Error: "/": requested [{UserExtra  v  authentication.k8s.io/v1  k} {UID  u  authentication.k8s.io/v1  }] without impersonating a user\n');
  t.same(checks, [], 'nothing was authorized');
});
