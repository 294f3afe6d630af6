import { generateKeyPairSync } from 'node:crypto';
import t from 'tap';
import { JWSError, algorithmOf, keyIDOf, looksLikeJWS, parseJWS, signJWS, verifyJWS } from '../../../src/authentication/serviceaccount/jws.js';

const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

t.test('algorithms by key type; other keys are refused', async (t) => {
  t.equal(algorithmOf(ec.privateKey), 'ES256');
  t.equal(algorithmOf(rsa.publicKey), 'RS256');
  t.throws(() => algorithmOf(generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey), JWSError);
  t.throws(() => algorithmOf(generateKeyPairSync('ed25519').publicKey), /unsupported key type ed25519/);
});

t.test('key id is base64url SHA-256 of the SPKI DER, stable per key', async (t) => {
  t.match(keyIDOf(ec.publicKey), /^[A-Za-z0-9_-]{43}$/);
  t.equal(keyIDOf(ec.publicKey), keyIDOf(ec.publicKey));
  t.not(keyIDOf(ec.publicKey), keyIDOf(rsa.publicKey));
});

t.test('sign then verify with ES256 (raw r||s) and RS256', async (t) => {
  for (const [name, pair, sigLength] of [['ES256', ec, 64], ['RS256', rsa, 256]] as const) {
    const token = signJWS({ sub: 'x', n: 1 }, pair.privateKey, pair.publicKey);
    t.ok(looksLikeJWS(token), `${name}: compact form`);
    const jws = parseJWS(token);
    t.same(jws.header, { alg: name, kid: keyIDOf(pair.publicKey) });
    t.same(jws.payload, { sub: 'x', n: 1 });
    t.equal(jws.signature.length, sigLength, `${name}: signature length`);
    t.ok(verifyJWS(jws, [pair.publicKey]), `${name}: verifies`);
    t.notOk(verifyJWS(jws, [name === 'ES256' ? rsa.publicKey : ec.publicKey]), `${name}: a key of the other algorithm is skipped`);
    const other = name === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
    t.notOk(verifyJWS(jws, [other.publicKey]), `${name}: another key does not verify`);
    const [h, , s] = token.split('.');
    t.notOk(verifyJWS(parseJWS(`${h}.${b64({ sub: 'y', n: 1 })}.${s}`), [pair.publicKey]), `${name}: a changed payload does not verify`);
  }
});

t.test('a truncated signature is not a match rather than a crash', async (t) => {
  const token = signJWS({}, rsa.privateKey, rsa.publicKey);
  const [h, p] = token.split('.');
  t.notOk(verifyJWS(parseJWS(`${h}.${p}.AAAA`), [rsa.publicKey]));
});

t.test('alg none, HMAC and unknown algorithms are refused', async (t) => {
  for (const alg of ['none', 'HS256', 'ES384', undefined]) {
    const jws = parseJWS(`${b64({ alg })}.${b64({})}.`);
    t.throws(() => verifyJWS(jws, [ec.publicKey]), /unsupported signature algorithm/, String(alg));
  }
});

t.test('malformed tokens', async (t) => {
  t.notOk(looksLikeJWS('opaque-token'));
  t.notOk(looksLikeJWS('a..c'));
  t.notOk(looksLikeJWS('a.b.c+d'));
  t.throws(() => parseJWS('a.b'), /three parts/);
  t.throws(() => parseJWS(`!!.${b64({})}.`), /header is not base64url/);
  t.throws(() => parseJWS(`${Buffer.from('not json').toString('base64url')}.${b64({})}.`), /header is not JSON/);
  t.throws(() => parseJWS(`${b64([1])}.${b64({})}.`), /header is not an object/);
  t.throws(() => parseJWS(`${b64({ alg: 'ES256' })}.${b64({})}.a+b`), /signature is not base64url/);
  t.throws(() => parseJWS(`${b64({ alg: 'ES256' })}.e30x.`), JWSError);
});
