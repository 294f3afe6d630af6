import { writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { AuthenticationError } from '../../src/authentication/authenticator.js';
import { CSVParseError, readCSV } from '../../src/authentication/csv.js';
import { TokenFileAuthenticator, TokenFileError, parseTokenFile } from '../../src/authentication/token-file.js';
import { AnonymousAuthenticator, AuthenticatedGroupAdder, newRequestAuthenticator, UnionAuthenticator } from '../../src/authentication/union.js';
import { X509Authenticator } from '../../src/authentication/x509.js';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { fetchText, json, makeCertificates, tempDir } from '../helpers.js';

t.test('CSV reader (Go encoding/csv subset)', async (t) => {
  t.same(readCSV('a,b,c\n\n  d, "e,f",g\r\nh,"i ""q""\nj",k'), [
    { line: 1, fields: ['a', 'b', 'c'] },
    { line: 3, fields: ['d', 'e,f', 'g'] },
    { line: 4, fields: ['h', 'i "q"\nj', 'k'] },
  ]);
  t.same(readCSV('x,y\r\n'), [{ line: 1, fields: ['x', 'y'] }]);
  t.same(readCSV(''), []);
  t.throws(() => readCSV('ab"c,d'), new CSVParseError(1, 3, 'bare " in non-quoted field'));
  t.throws(() => readCSV('ok\n"abc'), new CSVParseError(2, 1, 'extraneous or missing " in quoted-field'));
  t.throws(() => readCSV('"ab"c'), new CSVParseError(1, 5, 'extraneous or missing " in quoted-field'));
});

t.test('token file', async (t) => {
  const tokens = parseTokenFile('t1,alice,uid1,"g1,g2"\n,empty,x\nt2,bob,uid2\nt2,carol,uid3,solo\n');
  t.same([...tokens], [
    ['t1', { name: 'alice', uid: 'uid1', groups: ['g1', 'g2'] }],
    ['t2', { name: 'carol', uid: 'uid3', groups: ['solo'] }],
  ]);
  t.throws(
    () => parseTokenFile('ok,u,1\nshort,u\n', '/etc/tokens.csv'),
    new TokenFileError("token file '/etc/tokens.csv' must have at least 3 columns (token, user name, user uid), found 2 on line 2"),
  );
  t.throws(
    () => parseTokenFile('a,b"c,d\n', 'f.csv'),
    new TokenFileError(`token file 'f.csv': parse error on line 1, column 4: bare " in non-quoted field`),
  );
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const file = join(dir, 'tokens.csv');
  writeFileSync(file, 'secret,admin,0,system:masters\n');
  const auth = TokenFileAuthenticator.fromFile(file);
  const req = new IncomingMessage(new Socket());
  t.equal(auth.authenticateRequest(req), undefined, 'no header, no opinion');
  req.headers.authorization = 'Bearer secret';
  t.same(auth.authenticateRequest(req), { name: 'admin', uid: '0', groups: ['system:masters'] });
  req.headers.authorization = 'Bearer wrong';
  t.throws(() => auth.authenticateRequest(req), new AuthenticationError('invalid bearer token'));
  t.throws(() => TokenFileAuthenticator.fromFile(join(dir, 'missing.csv')), { name: 'TokenFileError', message: /cannot read token file/ });
});

t.test('union, group adder, anonymous', async (t) => {
  const req = new IncomingMessage(new Socket());
  const failing = {
    authenticateRequest: () => {
      throw new AuthenticationError('bad one');
    },
  };
  const none = { authenticateRequest: () => undefined };
  const bob = { authenticateRequest: () => ({ name: 'bob', uid: '', groups: ['system:authenticated'] }) };
  t.same(await new UnionAuthenticator([failing, bob]).authenticateRequest(req), { name: 'bob', uid: '', groups: ['system:authenticated'] });
  t.equal(await new UnionAuthenticator([none]).authenticateRequest(req), undefined);
  await t.rejects(async () => new UnionAuthenticator([failing, none]).authenticateRequest(req), new AuthenticationError('bad one'));
  await t.rejects(async () => new UnionAuthenticator([failing, failing]).authenticateRequest(req), new AuthenticationError('[bad one, bad one]'));
  const bug = {
    authenticateRequest: () => {
      throw new RangeError('bug');
    },
  };
  await t.rejects(async () => new UnionAuthenticator([bug]).authenticateRequest(req), RangeError);
  t.same(await new AuthenticatedGroupAdder(bob).authenticateRequest(req), { name: 'bob', uid: '', groups: ['system:authenticated'] });
  t.same(await new AuthenticatedGroupAdder(new AnonymousAuthenticator()).authenticateRequest(req), {
    name: 'system:anonymous',
    uid: '',
    groups: ['system:unauthenticated'],
  });
  t.equal(new X509Authenticator().authenticateRequest(req), undefined, 'plain sockets have no certificate');
});

t.test('unions of synchronous members answer synchronously; of asynchronous ones, with a promise', async (t) => {
  const req = new IncomingMessage(new Socket());
  const bob = { authenticateRequest: () => ({ name: 'bob', uid: '', groups: [] }) };
  const later = { authenticateRequest: async () => ({ name: 'later', uid: '', groups: [] }) };
  const none = { authenticateRequest: () => undefined };
  const rejecting = {
    authenticateRequest: async () => {
      throw new AuthenticationError('bad later');
    },
  };
  t.same(new UnionAuthenticator([none, bob]).authenticateRequest(req), { name: 'bob', uid: '', groups: [] });
  t.same(new AuthenticatedGroupAdder(bob).authenticateRequest(req), { name: 'bob', uid: '', groups: ['system:authenticated'] });
  const anonymous = newRequestAuthenticator({ authenticators: [none], anonymous: true });
  t.same(anonymous.authenticateRequest(req), { name: 'system:anonymous', uid: '', groups: ['system:unauthenticated'] });
  const pending = new UnionAuthenticator([none, later, bob]).authenticateRequest(req);
  t.ok(pending instanceof Promise);
  t.same(await pending, { name: 'later', uid: '', groups: [] });
  t.same(await new UnionAuthenticator([rejecting, bob]).authenticateRequest(req), { name: 'bob', uid: '', groups: [] });
  await t.rejects(Promise.resolve(new UnionAuthenticator([rejecting, none]).authenticateRequest(req)), new AuthenticationError('bad later'));
  await t.rejects(Promise.resolve(newRequestAuthenticator({ authenticators: [rejecting], anonymous: true }).authenticateRequest(req)), new AuthenticationError('bad later'));
});

t.test('client certificates over TLS', async (t) => {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const certs = makeCertificates(dir, '/CN=jane/O=admins/O=devs');
  const x509 = new X509Authenticator();
  const server = createServer(
    {
      cert: readFileSync(certs.serverCert),
      key: readFileSync(certs.serverKey),
      ca: readFileSync(certs.caCert),
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      try {
        res.end(JSON.stringify({ user: x509.authenticateRequest(req) ?? null }));
      } catch (err) {
        res.end(JSON.stringify({ error: err instanceof Error ? err.message : '' }));
      }
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const ca = readFileSync(certs.caCert);
  const jane = await fetchText(url, { ca, cert: readFileSync(certs.clientCert), key: readFileSync(certs.clientKey) });
  t.same(json(jane), { user: { name: 'jane', uid: '', groups: ['admins', 'devs'] } });
  t.same(json(await fetchText(url, { ca })), { user: null }, 'no certificate, no opinion');
  const rogue = await fetchText(url, { ca, cert: readFileSync(certs.rogueCert), key: readFileSync(certs.rogueKey) });
  t.match(json(rogue), { error: /^verifying certificate failed/ });
});
