/**
 * The requesting user of a storage call (src/registry/authorization/request-user.ts): `ctx.user`, which the endpoints
 * fill from what the authentication and impersonation filters attached, in the server's shape.
 */
import t from 'tap';
import { requestUserOf } from '../../../src/registry/authorization/request-user.js';

t.test('ctx.user in the server shape: uid and groups always present, extra kept', async (t) => {
  t.same(requestUserOf({ user: { name: 'bob', uid: 'u-2', groups: ['g'] } }), { name: 'bob', uid: 'u-2', groups: ['g'] });
  t.same(requestUserOf({ user: { name: 'carol' } }), { name: 'carol', uid: '', groups: [] });
  const extra = { scopes: ['view'] };
  t.same(requestUserOf({ user: { name: 'dan', extra } }), { name: 'dan', uid: '', groups: [], extra });
});

t.test('no user without ctx.user (controllers, bootstrap writes)', async (t) => {
  t.equal(requestUserOf({}), undefined);
});
