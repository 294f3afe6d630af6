import t from 'tap';
import {
  ALL_SERVICE_ACCOUNTS_GROUP,
  isServiceAccountClaims,
  serviceAccountGroups,
  serviceAccountUsername,
  splitServiceAccountUsername,
} from '../../../src/authentication/serviceaccount/claims.js';

const claims = {
  aud: ['api'],
  exp: 2,
  iat: 1,
  iss: 'https://issuer',
  jti: 'id',
  nbf: 1,
  sub: 'system:serviceaccount:ns:sa',
  'kubernetes.io': { namespace: 'ns', serviceaccount: { name: 'sa', uid: 'u' } },
};

t.test('user names and groups', async (t) => {
  t.equal(serviceAccountUsername('ns', 'sa'), 'system:serviceaccount:ns:sa');
  t.same(serviceAccountGroups('ns'), [ALL_SERVICE_ACCOUNTS_GROUP, 'system:serviceaccounts:ns']);
  t.same(splitServiceAccountUsername('system:serviceaccount:ns:sa'), { namespace: 'ns', name: 'sa' });
  for (const bad of ['alice', 'system:serviceaccount:ns', 'system:serviceaccount::sa', 'system:serviceaccount:ns:', 'system:serviceaccount:a:b:c']) {
    t.equal(splitServiceAccountUsername(bad), undefined, bad);
  }
});

t.test('claim shapes', async (t) => {
  t.ok(isServiceAccountClaims(claims));
  t.ok(isServiceAccountClaims({ ...claims, aud: 'api', nbf: undefined }), 'a single audience string, no nbf');
  const broken: [string, unknown][] = [
    ['not an object', 'x'],
    ['null', null],
    ['iss', { ...claims, iss: 1 }],
    ['sub', { ...claims, sub: undefined }],
    ['exp', { ...claims, exp: '2' }],
    ['nbf', { ...claims, nbf: '1' }],
    ['aud', { ...claims, aud: [1] }],
    ['aud missing', { ...claims, aud: undefined }],
    ['kubernetes.io', { ...claims, 'kubernetes.io': null }],
    ['namespace', { ...claims, 'kubernetes.io': { serviceaccount: { name: 'sa', uid: 'u' } } }],
    ['serviceaccount', { ...claims, 'kubernetes.io': { namespace: 'ns', serviceaccount: { name: 'sa' } } }],
  ];
  for (const [name, value] of broken) t.notOk(isServiceAccountClaims(value), name);
});
