/** kubeconfigYAML: the bytes the `yaml` library writes for the kubeconfig document, whatever the values. */
import t from 'tap';
import { stringify } from 'yaml';
import { type KubeconfigOptions, kubeconfigYAML } from '../../src/server/kubeconfig.js';

/** The document kubeconfigYAML describes, written by the `yaml` library. */
function expectedYAML(o: KubeconfigOptions): string {
  const name = o.name ?? 'kube-lite';
  const cluster: Record<string, unknown> = { server: o.server };
  if (o.certificateAuthorityPEM !== undefined && o.server.startsWith('https:')) cluster['certificate-authority-data'] = Buffer.from(o.certificateAuthorityPEM).toString('base64');
  else cluster['insecure-skip-tls-verify'] = true;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster }],
    users: [{ name, user: o.token === undefined ? {} : { token: o.token } }],
    contexts: [{ name, context: { cluster: name, user: name, namespace: o.namespace ?? 'default' } }],
    'current-context': name,
  });
}

const servers = ['http://127.0.0.1:8080', 'http://[::1]:0', 'http://localhost:80', 'http://my_host.example:8080/base', 'https://127.0.0.1:6443', 'http://a:'];
const words = [undefined, 'kube-lite', 'a', 'A.b_c-d', 'x/y', 'ns:', 'a:b', 'x[0]', 'true', 'True', 'NULL', 'y', 'Yes', 'on', 'OFF', '1abc', '123', '0x1F', '.inf', '-a', 'a b', 'a#b', "it's", 'é', ''];
const tokens = [undefined, 'abc', 'Abc123_-', 'tok3n.with.dots', 'a+b/c=', '0123', 'no', 'x'.repeat(120)];

t.test('the same bytes as the yaml library for every combination of values', async (t) => {
  // Each value varies alone (the others plain), and the server with each: ~350 documents, each written twice.
  const variants: KubeconfigOptions[] = [];
  for (const server of servers) {
    for (const name of words) variants.push({ server, ...(name !== undefined && { name }) });
    for (const namespace of words) variants.push({ server, ...(namespace !== undefined && { namespace }) });
    for (const token of tokens) variants.push({ server, name: 'n', namespace: 'ns', ...(token !== undefined && { token }) });
  }
  let differing = 0;
  for (const o of variants) {
    const got = kubeconfigYAML(o);
    if (got === expectedYAML(o)) continue;
    differing++;
    t.fail(`differs for ${JSON.stringify(o)}`, { found: got, wanted: expectedYAML(o) });
  }
  t.equal(differing, 0, `${variants.length} documents compared`);
  const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
  t.equal(kubeconfigYAML({ server: 'https://127.0.0.1:6443', certificateAuthorityPEM: pem }), expectedYAML({ server: 'https://127.0.0.1:6443', certificateAuthorityPEM: pem }), 'https with a CA');
  t.equal(kubeconfigYAML({ server: 'http://127.0.0.1:8080', certificateAuthorityPEM: pem }), expectedYAML({ server: 'http://127.0.0.1:8080', certificateAuthorityPEM: pem }), 'http ignores the CA');
});
