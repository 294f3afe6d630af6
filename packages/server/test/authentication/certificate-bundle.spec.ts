/** parseCertificateBundle: a bundle parsed again gives the certificates parsed before, in an array of its own. */
import t from 'tap';
import { parseCertificateBundle } from '../../src/authentication/client-cert-verify.js';
import { generateCACertKey } from '../../src/server/certificate-authority.js';

t.test('the same PEM text gives the same certificates in a new array', async (t) => {
  const a = generateCACertKey('bundle-a').cert;
  const b = generateCACertKey('bundle-b').cert;
  const first = parseCertificateBundle(`${a}${b}`);
  t.same(first.map((c) => c.subject), ['CN=bundle-a', 'CN=bundle-b'], 'every certificate, in order');
  const again = parseCertificateBundle(`${a}${b}`);
  t.not(again, first, 'a new array');
  t.equal(again[0], first[0], 'the first certificate parsed before');
  t.equal(again[1], first[1], 'the second certificate parsed before');
  first.pop();
  t.equal(parseCertificateBundle(`${a}${b}`).length, 2, "a caller's change to its array is its own");
  t.not(parseCertificateBundle(a)[0], parseCertificateBundle(b)[0], 'another text, other certificates');
  t.equal(parseCertificateBundle(a)[0]?.fingerprint256, first[0]?.fingerprint256, 'a bundle of one is parsed on its own');
});

t.test('a text without certificates throws every time', async (t) => {
  for (let i = 0; i < 2; i++) t.throws(() => parseCertificateBundle('no certificate here'), /does not contain any valid RSA or ECDSA certificates/);
});

t.test('many bundles: each still gives its own certificates', async (t) => {
  const pems = Array.from({ length: 20 }, (_, i) => generateCACertKey(`many-${i}`).cert);
  for (const [i, pem] of [...pems.entries(), ...pems.entries()]) t.equal(parseCertificateBundle(pem)[0]?.subject, `CN=many-${i}`);
});
