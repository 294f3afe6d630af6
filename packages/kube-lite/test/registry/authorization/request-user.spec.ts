/**
 * The request-user tracking of the authorizer (src/registry/authorization/request-user.ts): a resource request's
 * user is what storage calls that follow it in its async context read; a non-resource request (a readiness probe)
 * records nothing, so that probes of a starting server do not turn on Node's promise hooks.
 */
import type { Attributes, Authorization, Authorizer, UserInfo } from '@apiserver/server';
import t from 'tap';
import { requestUserOf, trackRequestUser, untrackedAuthorizer } from '../../../src/registry/authorization/request-user.js';

const alice: UserInfo = { name: 'alice', uid: 'u-1', groups: ['system:authenticated'] };
const allow: Authorizer = { authorize: (): Authorization => ({ decision: 'Allow', reason: '' }) };

function attributes(isResourceRequest: boolean): Attributes {
  const base = { user: alice, verb: 'get', isResourceRequest, path: isResourceRequest ? '/api/v1/namespaces' : '/readyz' };
  const resource = { namespace: '', apiGroup: '', apiVersion: 'v1', resource: isResourceRequest ? 'namespaces' : '', subresource: '', name: '' };
  return { ...base, ...resource } as Attributes;
}

/** What `requestUserOf({})` reads in a fresh async context, after the wrapper authorized `attrs` there. */
function userSeenAfter(tracking: Authorizer, attrs: Attributes): Promise<UserInfo | undefined> {
  return new Promise((resolve) => {
    setImmediate(async () => {
      await tracking.authorize(attrs);
      await Promise.resolve();
      resolve(requestUserOf({}));
    });
  });
}

t.test('a resource request records its user for what follows in its async context', async (t) => {
  const tracking = trackRequestUser(allow);
  t.same(await userSeenAfter(tracking, attributes(true)), alice);
  t.equal(untrackedAuthorizer(tracking), allow, 'the wrapped authorizer');
});

t.test('a non-resource request records nothing', async (t) => {
  const tracking = trackRequestUser(allow);
  t.equal(await userSeenAfter(tracking, attributes(false)), undefined);
});

t.test('the decision is the wrapped authorizer\'s', async (t) => {
  const deny: Authorizer = { authorize: (): Authorization => ({ decision: 'Deny', reason: 'no' }) };
  for (const isResource of [true, false]) t.same(await trackRequestUser(deny).authorize(attributes(isResource)), { decision: 'Deny', reason: 'no' });
});

t.test('ctx.user wins over the recorded user', async (t) => {
  t.same(requestUserOf({ user: { name: 'bob', uid: 'u-2', groups: ['g'] } }), { name: 'bob', uid: 'u-2', groups: ['g'] });
});
