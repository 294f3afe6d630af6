import { request as httpRequest } from 'node:http';
import { CodecFactory } from '@apiserver/runtime';
import t from 'tap';
import { newAPIRegistrationScheme } from '../../src/index.js';
import { apiService, post, startAggregator } from '../fixtures.js';

function getBytes(url: string, accept: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(new URL(url), { agent: false, headers: { accept } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

t.test('APIServices in protobuf', async (t) => {
  const f = await startAggregator({ autoRegister: false });
  t.teardown(() => f.stop());
  await post(`${f.url}/apis/apiregistration.k8s.io/v1/apiservices`, apiService('wardle.example.com', 'v1alpha1', { service: { namespace: 'default', name: 'api' } }));
  const one = await getBytes(`${f.url}/apis/apiregistration.k8s.io/v1/apiservices/v1alpha1.wardle.example.com`, 'application/vnd.kubernetes.protobuf');
  t.equal(one.status, 200);
  t.equal(one.type, 'application/vnd.kubernetes.protobuf');
  t.same([...one.body.subarray(0, 4)], [0x6b, 0x38, 0x73, 0x00], 'the k8s\\0 envelope');
  const decoded = new CodecFactory(newAPIRegistrationScheme()).protobuf.decode(one.body);
  t.match(decoded, {
    kind: 'APIService',
    metadata: { name: 'v1alpha1.wardle.example.com' },
    spec: { group: 'wardle.example.com', version: 'v1alpha1', groupPriorityMinimum: 1000, versionPriority: 15, service: { namespace: 'default', name: 'api', port: 443 } },
  });
});
