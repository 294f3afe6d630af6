import { X509Certificate, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { keyIDOf } from '../../../src/authentication/serviceaccount/jws.js';
import { GENERATED_KEY_FILE, ServiceAccountKeyError, loadOrGenerateSigningKey, readPublicKeysFile, readSigningKeyFile } from '../../../src/authentication/serviceaccount/keys.js';
import { generateSelfSignedCertKey } from '../../../src/server/self-signed.js';

const dir = mkdtempSync(join(tmpdir(), 'sa-keys-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });

t.test('signing keys: PKCS#1, PKCS#8 and SEC1 PEM', async (t) => {
  const forms = {
    pkcs1: rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    pkcs8: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    sec1: ec.privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
  };
  for (const [name, pem] of Object.entries(forms)) {
    const key = readSigningKeyFile(write(`${name}.key`, pem));
    t.equal(key.privateKey.type, 'private', name);
    t.equal(key.publicKey.type, 'public', name);
  }
  t.throws(() => readSigningKeyFile(join(dir, 'missing.key')), ServiceAccountKeyError);
  t.throws(() => readSigningKeyFile(write('junk.key', 'junk')), /holds no PEM private key/);
  const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  t.throws(() => readSigningKeyFile(write('ed.key', ed)), /unsupported key type ed25519/);
});

t.test('verification keys: public keys, private keys and certificates in one file', async (t) => {
  const { cert } = generateSelfSignedCertKey();
  const text = [
    rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ec.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    '-----BEGIN SOMETHING ELSE-----\nAAAA\n-----END SOMETHING ELSE-----\n',
    cert,
  ].join('\n');
  const keys = readPublicKeysFile(write('bundle.pem', text));
  t.equal(keys.length, 3, 'the unknown block is skipped');
  t.same(keys.map((k) => keyIDOf(k)).slice(0, 2), [keyIDOf(rsa.publicKey), keyIDOf(ec.publicKey)]);
  t.equal(keyIDOf(keys[2] ?? rsa.publicKey), keyIDOf(new X509Certificate(cert).publicKey));
  t.throws(() => readPublicKeysFile(write('empty.pem', 'nothing here')), /holds no public key/);
  t.throws(() => readPublicKeysFile(write('bad.pem', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n')), /unreadable PUBLIC KEY block/);
});

t.test('a generated key is written once (0600) and reused', async (t) => {
  const keyDir = join(dir, 'generated', 'certs');
  const first = loadOrGenerateSigningKey(keyDir);
  const path = join(keyDir, GENERATED_KEY_FILE);
  t.equal(statSync(path).mode & 0o777, 0o600);
  t.match(readFileSync(path, 'utf8'), /BEGIN PRIVATE KEY/);
  const again = loadOrGenerateSigningKey(keyDir);
  t.equal(keyIDOf(again.publicKey), keyIDOf(first.publicKey), 'the same key after a restart');
  const fileInTheWay = write('not-a-dir', 'x');
  t.throws(() => loadOrGenerateSigningKey(fileInTheWay), /cannot write service account key/);
});
