/**
 * The aggregator's proxy client certificate: a backend that verifies its front proxy (requestheader with the
 * proxy's CA, anonymous requests refused) is Available and serves proxied requests as the aggregator's user only
 * when the aggregator presents the certificate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCACertKey, generateClientCertKey, type RequestAuthenticator } from '@apiserver/server';
import t from 'tap';
import { apiService, eventually, fetchText, json, post, startAggregator } from '../fixtures.js';
import { startSampleAPIServer } from '../sample-apiserver/server.js';

const APISERVICES = '/apis/apiregistration.k8s.io/v1/apiservices';
const FLUNDERS = '/apis/wardle.example.com/v1alpha1/namespaces/default/flunders';
const proxyCA = generateCACertKey('front-proxy-ca');
const proxyClient = generateClientCertKey(proxyCA, { commonName: 'front-proxy-client' });

const alice: RequestAuthenticator = {
  authenticateRequest: (request) => (request.headers.authorization === 'Bearer alice' ? { name: 'alice', uid: '', groups: ['devs'] } : undefined),
};

async function available(url: string): Promise<{ status?: string; reason?: string; message?: string } | undefined> {
  const obj = json(await fetchText(`${url}${APISERVICES}/v1alpha1.wardle.example.com`)) as { status?: { conditions?: Array<{ type: string; status?: string; reason?: string; message?: string }> } };
  return obj.status?.conditions?.find((c) => c.type === 'Available');
}

for (const presented of [true, false]) {
  t.test(`a backend verifying its front proxy, the aggregator ${presented ? 'presenting' : 'without'} the proxy certificate`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'proxy-cert-'));
    const sample = await startSampleAPIServer(0, { clientCA: proxyCA.cert, certDirectory: dir });
    const f = await startAggregator({
      autoRegister: false,
      genericConfig: { log: () => undefined, authentication: { authenticators: [alice] } },
      ...(presented && { proxyClientCertificate: proxyClient }),
    });
    t.teardown(async () => {
      await f.stop();
      await sample.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    f.services.set('default/api:443', sample.url);
    t.equal((await post(`${f.url}${APISERVICES}`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }))).status, 201);
    if (!presented) {
      t.ok(await eventually(async () => (await available(f.url))?.reason === 'FailedDiscoveryCheck'), 'the discovery check is refused');
      t.match((await available(f.url))?.message, /bad status from .*: 401/);
      return;
    }
    t.ok(await eventually(async () => (await available(f.url))?.status === 'True'), 'Available: the discovery check was believed');
    sample.seen.length = 0;
    const listed = await fetchText(`${f.url}${FLUNDERS}`, { headers: { authorization: 'Bearer alice' } });
    t.equal(listed.status, 200, listed.body);
    t.same(sample.seen.filter((s) => !s.startsWith('system:kube-aggregator|')), ['alice|devs,system:authenticated'], 'the backend believed the proxied user');
  });
}
