import { generateKeyPairSync } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import t from 'tap';
import { AuthenticationError } from '../../../src/authentication/authenticator.js';
import { ServiceAccountTokenAuthenticator, type ServiceAccountRecord } from '../../../src/authentication/serviceaccount/authenticator.js';
import { signJWS } from '../../../src/authentication/serviceaccount/jws.js';
import { ServiceAccountTokenGenerator } from '../../../src/authentication/serviceaccount/token-generator.js';

const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ISSUER = 'https://issuer';
let now = Date.UTC(2030, 0, 1);
const accounts = new Map<string, ServiceAccountRecord>([['ns/sa', { uid: 'sa-uid' }]]);
const generator = new ServiceAccountTokenGenerator(ISSUER, key, () => now);
const authenticator = new ServiceAccountTokenAuthenticator({
  issuers: [ISSUER, 'https://old-issuer'],
  publicKeys: [otherKey.publicKey, key.publicKey],
  apiAudiences: ['api'],
  lookup: (namespace, name) => Promise.resolve(accounts.get(`${namespace}/${name}`)),
  now: () => now,
});
const issue = (over: Partial<Parameters<typeof generator.generateToken>[0]> = {}) =>
  generator.generateToken({ namespace: 'ns', name: 'sa', uid: 'sa-uid', audiences: ['api'], expirationSeconds: 3600, ...over });

function requestWith(authorization: string | undefined): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  if (authorization !== undefined) req.headers.authorization = authorization;
  return req;
}

t.test('a valid token authenticates as the service account', async (t) => {
  const user = await authenticator.authenticateRequest(requestWith(`Bearer ${issue().token}`));
  t.same(user, { name: 'system:serviceaccount:ns:sa', uid: 'sa-uid', groups: ['system:serviceaccounts', 'system:serviceaccounts:ns'] });
  t.ok(await authenticator.authenticateRequest(requestWith(`bearer ${issue().token}`)), 'the scheme is case-insensitive');
  t.equal(await authenticator.authenticateRequest(requestWith(`Bearer  ${issue().token}`)), undefined, 'two spaces: an empty token, no opinion (as upstream SplitN)');
});

t.test('no opinion on other credentials', async (t) => {
  for (const header of [undefined, '', 'Basic abc', 'Bearer', 'Bearer ', 'Bearer opaque-token', 'Bearer a.b']) {
    t.equal(await authenticator.authenticateRequest(requestWith(header)), undefined, String(header));
  }
  const foreign = signJWS({ iss: 'https://someone-else', sub: 'x' }, otherKey.privateKey, otherKey.publicKey);
  t.equal(await authenticator.authenticateToken(foreign), undefined, 'a JWT of another issuer');
  t.equal(await authenticator.authenticateToken('e30.e30.e30'), undefined, 'a JWS without alg header is not ours');
  t.equal(await authenticator.authenticateToken('!!.e30.e30'), undefined, 'unparseable');
});

t.test('invalid tokens of our issuer are refused with AuthenticationError', async (t) => {
  const good = issue();
  const [h, p, s] = good.token.split('.');
  const forged = `${h}.${Buffer.from(JSON.stringify({ ...good.claims, sub: 'system:serviceaccount:kube-system:admin' })).toString('base64url')}.${s}`;
  await t.rejects(authenticator.authenticateToken(forged), { name: 'AuthenticationError', message: /signature is invalid/ });
  const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
  await t.rejects(authenticator.authenticateToken(none), /unsupported signature algorithm/);
  const unknownKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  await t.rejects(authenticator.authenticateToken(signJWS(good.claims, unknownKey.privateKey, unknownKey.publicKey)), /signature is invalid/);
  const malformed = signJWS({ iss: ISSUER, sub: 'x' }, key.privateKey, key.publicKey);
  await t.rejects(authenticator.authenticateToken(malformed), /claims are malformed/);
  await t.rejects(authenticator.authenticateToken(issue({ audiences: ['vault'] }).token), /token audiences \["vault"\] is invalid for the target audiences \["api"\]/);
  const mismatched = signJWS({ ...good.claims, sub: 'system:serviceaccount:ns:other' }, key.privateKey, key.publicKey);
  await t.rejects(authenticator.authenticateToken(mismatched), /subject does not match/);
  await t.rejects(authenticator.authenticateToken(issue({ name: 'gone' }).token), /serviceaccounts "gone" not found/);
  await t.rejects(authenticator.authenticateToken(issue({ uid: 'old-uid' }).token), /service account UID \(sa-uid\) does not match claim \(old-uid\)/);
  const err = await authenticator.authenticateToken(issue({ uid: 'old-uid' }).token).catch((e: unknown) => e);
  t.ok(err instanceof AuthenticationError);
});

t.test('expiry and not-before with 60 s leeway', async (t) => {
  const start = now;
  const token = issue({ expirationSeconds: 600 }).token;
  now = start + 659_000;
  t.ok(await authenticator.authenticateToken(token), 'within the leeway');
  now = start + 661_000;
  await t.rejects(authenticator.authenticateToken(token), /has expired/);
  now = start;
  const future = signJWS({ ...issue().claims, nbf: Math.floor(start / 1000) + 120 }, key.privateKey, key.publicKey);
  await t.rejects(authenticator.authenticateToken(future), /not valid yet/);
  const single = signJWS({ ...issue().claims, aud: 'api' }, key.privateKey, key.publicKey);
  t.ok(await authenticator.authenticateToken(single), 'a single audience string');
});

t.test('authenticateTokenFor: the audiences asked for instead of the API audiences, and those the token carries', async (t) => {
  const user = { name: 'system:serviceaccount:ns:sa', uid: 'sa-uid', groups: ['system:serviceaccounts', 'system:serviceaccounts:ns'] };
  const vault = issue({ audiences: ['vault', 'api', 'other'] }).token;
  t.same(await authenticator.authenticateTokenFor(vault, ['other', 'vault']), { user, audiences: ['vault', 'other'] }, 'in the token\'s order');
  t.same(await authenticator.authenticateTokenFor(vault, ['api']), { user, audiences: ['api'] });
  await t.rejects(authenticator.authenticateTokenFor(issue().token, ['vault']), {
    name: 'AuthenticationError',
    message: 'token audiences ["api"] is invalid for the target audiences ["vault"]',
  });
  t.equal(await authenticator.authenticateTokenFor('opaque', ['api']), undefined, 'not a token of ours');
});

t.test('audiences default to the issuers; the second issuer is accepted', async (t) => {
  const byIssuer = new ServiceAccountTokenAuthenticator({ issuers: ['https://old-issuer'], publicKeys: [key.publicKey], lookup: () => Promise.resolve({ uid: 'sa-uid' }) });
  const old = new ServiceAccountTokenGenerator('https://old-issuer', key);
  t.ok(await byIssuer.authenticateToken(old.generateToken({ namespace: 'ns', name: 'sa', uid: 'sa-uid', audiences: ['https://old-issuer'], expirationSeconds: 600 }).token));
  await t.rejects(byIssuer.authenticateToken(old.generateToken({ namespace: 'ns', name: 'sa', uid: 'sa-uid', audiences: ['api'], expirationSeconds: 600 }).token), /audiences/);
});
