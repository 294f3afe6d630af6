import t from 'tap';
import { addressTypeOf, sameJSON, wantedEndpointSlice, wantedEndpoints } from '../../../src/controllers/bootstrap/master-endpoints.js';
import { advertisedAddressOf, kubernetesServiceIPOf, masterEndpointOf } from '../../../src/server/bootstrap.js';

t.test('the advertised address, port and the kubernetes Service IP', async (t) => {
  t.equal(advertisedAddressOf('127.0.0.1'), '127.0.0.1');
  t.equal(advertisedAddressOf('192.168.1.10'), '192.168.1.10');
  t.equal(advertisedAddressOf('0.0.0.0'), '127.0.0.1', 'every interface: loopback');
  t.equal(advertisedAddressOf('::'), '127.0.0.1');
  t.same(masterEndpointOf('127.0.0.1', ['http://127.0.0.1:8080', 'https://127.0.0.1:6443']), { ip: '127.0.0.1', port: 6443 }, 'HTTPS preferred');
  t.same(masterEndpointOf('0.0.0.0', ['http://0.0.0.0:41234']), { ip: '127.0.0.1', port: 41234 });
  t.equal(kubernetesServiceIPOf('10.0.0.0/24'), '10.0.0.1');
  t.equal(kubernetesServiceIPOf('10.96.0.0/12'), '10.96.0.1');
  t.equal(kubernetesServiceIPOf('172.20.5.9/16'), '172.20.0.1', 'from the network address');
  t.equal(addressTypeOf('10.0.0.1'), 'IPv4');
  t.equal(addressTypeOf('2001:db8::1'), 'IPv6');
});

t.test('wanted Endpoints: labels replaced, one subset, ports kept unless reconciled or empty', async (t) => {
  const fresh = wantedEndpoints(undefined, ['10.0.0.5'], 6443, false);
  t.same(fresh, {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
    subsets: [{ addresses: [{ ip: '10.0.0.5' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }],
  });
  const current = {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { a: 'b' }, resourceVersion: '7' },
    subsets: [{ addresses: [{ ip: '10.9.9.9' }], notReadyAddresses: [{ ip: '10.9.9.8' }], ports: [{ name: 'x', port: 1, protocol: 'TCP' }] }],
  };
  const kept = wantedEndpoints(current, ['10.0.0.5'], 6443, false);
  t.same(kept.metadata, { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' }, resourceVersion: '7' });
  t.same(kept.subsets, [{ addresses: [{ ip: '10.0.0.5' }], notReadyAddresses: [{ ip: '10.9.9.8' }], ports: [{ name: 'x', port: 1, protocol: 'TCP' }] }], 'ports not reconciled');
  t.same((wantedEndpoints(current, ['10.0.0.5'], 6443, true).subsets as { ports: unknown }[])[0]?.ports, [{ name: 'https', port: 6443, protocol: 'TCP' }], 'reconciled ports');
  t.same(current.subsets[0]?.addresses, [{ ip: '10.9.9.9' }], 'the current object is not modified');
  const two = wantedEndpoints({ ...current, subsets: [{}, {}] }, ['10.0.0.5'], 6443, false);
  t.same(two.subsets, [{ addresses: [{ ip: '10.0.0.5' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }], 'a wrong format is re-made');
});

t.test('wanted EndpointSlice and semantic comparison', async (t) => {
  t.same(wantedEndpointSlice(undefined, 'IPv4', ['10.0.0.5'], 6443, false), {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv4',
    endpoints: [{ addresses: ['10.0.0.5'], conditions: { ready: true } }],
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  });
  const current = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'kubernetes' }, addressType: 'IPv4', endpoints: [], ports: [{ name: 'https', protocol: 'TCP', port: 1 }] };
  t.same(wantedEndpointSlice(current, 'IPv4', ['10.0.0.5'], 6443, false).ports, [{ name: 'https', protocol: 'TCP', port: 1 }]);
  t.same(wantedEndpointSlice(current, 'IPv4', ['10.0.0.5'], 6443, true).ports, [{ name: 'https', port: 6443, protocol: 'TCP' }]);
  t.ok(sameJSON({ a: 1, b: [{ c: 2, d: 3 }] }, { b: [{ d: 3, c: 2 }], a: 1 }), 'key order ignored');
  t.notOk(sameJSON([1, 2], [2, 1]), 'list order matters');
  t.notOk(sameJSON({ a: 1 }, { a: 1, b: 2 }));
});
