import { X509Certificate } from 'node:crypto';
import t from 'tap';
import { certificateSerial, generateSelfSignedCertKey } from '../../src/server/self-signed.js';

t.test('serial numbers are positive and minimally encoded (DER refuses a padding zero byte)', async (t) => {
  // A random first byte of 0x00 or 0x80 once gave a serial encoded with a padding zero: Node 24 refused the
  // certificate ("asn1 encoding routines::illegal padding") about once in 256 servers.
  for (const first of [0x00, 0x80, 0x7f, 0xff, 0x01]) {
    const serial = certificateSerial(Buffer.from([first, 0x10, 0x20]));
    t.ok((serial[0] ?? 0) >= 0x01 && (serial[0] ?? 0) <= 0x7f, `first byte 0x${first.toString(16)} → 0x${(serial[0] ?? 0).toString(16)}`);
    t.same([...serial.subarray(1)], [0x10, 0x20], 'the other bytes are kept');
  }
  const random = Buffer.from([0x00, 0x01]);
  certificateSerial(random);
  t.equal(random[0], 0x00, 'the input is not changed');
});

t.test('a generated certificate parses', async (t) => {
  const { cert } = generateSelfSignedCertKey({ hosts: ['localhost', '127.0.0.1'] });
  const x509 = new X509Certificate(cert);
  t.equal(x509.subject, 'CN=localhost');
  t.match(x509.subjectAltName ?? '', /DNS:localhost, IP Address:127\.0\.0\.1/);
});
