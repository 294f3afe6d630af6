import { generateKeyPairSync } from 'node:crypto';
import t from 'tap';
import { parseJWS, verifyJWS } from '../../../src/authentication/serviceaccount/jws.js';
import { ServiceAccountTokenGenerator } from '../../../src/authentication/serviceaccount/token-generator.js';

const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const NOW = Date.UTC(2030, 0, 1, 0, 0, 0, 700);

t.test('claims of an issued token', async (t) => {
  const generator = new ServiceAccountTokenGenerator('https://issuer', key, () => NOW);
  t.equal(generator.issuer, 'https://issuer');
  const issued = generator.generateToken({ namespace: 'ns', name: 'sa', uid: 'sa-uid', audiences: ['a', 'b'], expirationSeconds: 3600 });
  const now = Math.floor(NOW / 1000);
  t.same(issued.claims, {
    aud: ['a', 'b'],
    exp: now + 3600,
    iat: now,
    iss: 'https://issuer',
    jti: issued.claims.jti,
    'kubernetes.io': { namespace: 'ns', serviceaccount: { name: 'sa', uid: 'sa-uid' } },
    nbf: now,
    sub: 'system:serviceaccount:ns:sa',
  });
  t.match(issued.claims.jti, /^[0-9a-f-]{36}$/);
  t.equal(issued.expiresAt.getTime(), (now + 3600) * 1000);
  const jws = parseJWS(issued.token);
  t.same(jws.payload, issued.claims, 'the token carries the claims');
  t.ok(verifyJWS(jws, [key.publicKey]));
  const second = generator.generateToken({ namespace: 'ns', name: 'sa', uid: 'sa-uid', audiences: ['a'], expirationSeconds: 600 });
  t.not(second.claims.jti, issued.claims.jti, 'every token has its own id');
});

t.test('bound objects', async (t) => {
  const generator = new ServiceAccountTokenGenerator('i', key, () => NOW);
  for (const [kind, claim] of [['Pod', 'pod'], ['Secret', 'secret'], ['Node', 'node']] as const) {
    const issued = generator.generateToken({ namespace: 'ns', name: 'sa', uid: 'u', audiences: ['a'], expirationSeconds: 600, boundObject: { kind, name: 'o', uid: 'o-uid' } });
    t.same(issued.claims['kubernetes.io'], { namespace: 'ns', serviceaccount: { name: 'sa', uid: 'u' }, [claim]: { name: 'o', uid: 'o-uid' } }, kind);
  }
  t.ok(new ServiceAccountTokenGenerator('i', key).generateToken({ namespace: 'n', name: 's', uid: 'u', audiences: [], expirationSeconds: 1 }).token, 'the real clock by default');
});
