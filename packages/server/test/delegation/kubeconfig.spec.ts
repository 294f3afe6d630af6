/** The remote client of a delegating server from a kubeconfig (--authentication-kubeconfig), against a local HTTPS server. */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import t from 'tap';
import { KubeconfigError, loadKubeconfig, remoteAPIServerOptionsFromKubeconfig } from '../../src/delegation/kubeconfig.js';
import { RemoteAPIServerClient } from '../../src/delegation/remote-client.js';
import { generateCACertKey, generateClientCertKey } from '../../src/server/certificate-authority.js';
import { generateSelfSignedCertKey } from '../../src/server/self-signed.js';
import { tempDir } from '../helpers.js';

const serving = generateSelfSignedCertKey({ hosts: ['127.0.0.1'] });
const clientCA = generateCACertKey('client-ca');
const reviewer = generateClientCertKey(clientCA, { commonName: 'reviewer' });

t.test('server, CA file, token file and client certificate from the current context, paths relative to the file', async (t) => {
  const server = createServer({ cert: serving.cert, key: serving.key, ca: clientCA.cert, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? '', cn: peer.subject?.CN ?? '' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  writeFileSync(join(dir, 'ca.crt'), serving.cert);
  writeFileSync(join(dir, 'token'), 'file-token\n');
  const kubeconfig = join(dir, 'kubeconfig');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'current-context: core',
      'clusters:',
      `- name: core\n  cluster:\n    server: ${url}\n    certificate-authority: ca.crt`,
      'users:',
      `- name: reviewer\n  user:\n    tokenFile: token\n    client-certificate-data: ${Buffer.from(reviewer.cert).toString('base64')}\n    client-key-data: ${Buffer.from(reviewer.key).toString('base64')}`,
      '- name: other\n  user:\n    token: inline-token',
      'contexts:',
      '- name: core\n  context: { cluster: core, user: reviewer }',
      '- name: other\n  context: { cluster: core, user: other }',
      '',
    ].join('\n'),
  );
  const options = loadKubeconfig(kubeconfig);
  t.match(options, { server: url, certificateAuthority: serving.cert, token: 'file-token' });
  t.same((await new RemoteAPIServerClient(options).get('/')).body, { authorization: 'Bearer file-token', cn: 'reviewer' }, 'the server verified by the CA file, the token and the certificate sent');
  const other = loadKubeconfig(kubeconfig, { context: 'other' });
  t.same((await new RemoteAPIServerClient(other).get('/')).body, { authorization: 'Bearer inline-token', cn: '' }, 'another context');
  t.throws(() => loadKubeconfig(join(dir, 'missing')), KubeconfigError);
});

t.test('what client-go refuses, and what this client cannot do', async (t) => {
  const config = (cluster: string, user: string, current = 'c') => `current-context: ${current}\nclusters:\n- name: k\n  cluster: ${cluster}\nusers:\n- name: u\n  user: ${user}\ncontexts:\n- name: c\n  context: { cluster: k, user: u }\n`;
  const ok = '{ server: "https://127.0.0.1:6443" }';
  t.same(remoteAPIServerOptionsFromKubeconfig(config('{ server: "https://h:1", insecure-skip-tls-verify: true }', '{ token: t }'), '.'), { server: 'https://h:1', insecureSkipTLSVerify: true, token: 't' });
  t.throws(() => remoteAPIServerOptionsFromKubeconfig('{}', '.'), new KubeconfigError('invalid configuration: no configuration has been provided'));
  t.throws(() => remoteAPIServerOptionsFromKubeconfig(config(ok, '{}', 'nope'), '.'), new KubeconfigError('context was not found for specified context: nope'));
  t.throws(() => remoteAPIServerOptionsFromKubeconfig(config('{}', '{}'), '.'), /no server found for cluster "k"/);
  t.throws(() => remoteAPIServerOptionsFromKubeconfig(config('{ server: "https://h:1", insecure-skip-tls-verify: true, certificate-authority-data: eA== }', '{}'), '.'), /root certificates file with the insecure flag/);
  t.throws(() => remoteAPIServerOptionsFromKubeconfig(config(ok, '{ exec: { command: aws } }'), '.'), /exec and auth-provider credentials are not supported/);
  t.throws(() => remoteAPIServerOptionsFromKubeconfig(config(ok, '{ client-certificate-data: eA== }'), '.'), /client-cert and client-key must both be specified/);
});
