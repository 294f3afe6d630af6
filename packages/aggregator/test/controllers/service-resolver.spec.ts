import t from 'tap';
import {
  type EndpointsLike,
  endpointServiceResolver,
  ServiceResolutionError,
  type ServiceGetter,
  type ServiceLike,
  serviceCheck,
  staticServiceResolver,
} from '../../src/index.js';

function getter(services: Record<string, ServiceLike>, endpoints: Record<string, EndpointsLike>): ServiceGetter {
  return {
    getService: async (ns, name) => services[`${ns}/${name}`],
    getEndpoints: async (ns, name) => endpoints[`${ns}/${name}`],
  };
}

const service: ServiceLike = { spec: { type: 'ClusterIP', ports: [{ name: 'https', port: 443, targetPort: 8443 }] } };
const endpoints: EndpointsLike = { subsets: [{ addresses: [{ ip: '10.0.0.7' }], ports: [{ name: 'https', port: 8443 }] }] };

t.test('endpoint resolver', async (t) => {
  const r = endpointServiceResolver(getter({ 'ns/api': service, 'ns/ext': { spec: { type: 'ExternalName', externalName: 'api.example.com' } } }, { 'ns/api': endpoints }));
  t.equal((await r.resolveEndpoint('ns', 'api', 443)).href, 'https://10.0.0.7:8443/');
  t.equal((await r.resolveEndpoint('ns', 'ext', 443)).href, 'https://api.example.com/', 'the default port is implied');
  await t.rejects(r.resolveEndpoint('ns', 'missing', 443), new ServiceResolutionError('service "missing" not found'));
  await t.rejects(r.resolveEndpoint('ns', 'api', 80), { message: 'no service port 80 found for service "api"' });
  const noEndpoints = endpointServiceResolver(getter({ 'ns/api': service }, {}));
  await t.rejects(noEndpoints.resolveEndpoint('ns', 'api', 443), { message: 'endpoints "api" not found' });
  const empty = endpointServiceResolver(getter({ 'ns/api': service }, { 'ns/api': { subsets: [{ addresses: [], ports: [{ name: 'https', port: 1 }] }] } }), 'http');
  await t.rejects(empty.resolveEndpoint('ns', 'api', 443), { message: 'no endpoints available for service "api"' });
  const ipv6 = endpointServiceResolver(getter({ 'ns/api': service }, { 'ns/api': { subsets: [{ addresses: [{ ip: '::1' }], ports: [{ name: 'https', port: 9 }] }] } }), 'http');
  t.equal((await ipv6.resolveEndpoint('ns', 'api', 443)).href, 'http://[::1]:9/');
  const fixed = staticServiceResolver({ 'ns/api:443': 'http://127.0.0.1:1' });
  t.equal((await fixed.resolveEndpoint('ns', 'api', 443)).port, '1');
  await t.rejects(fixed.resolveEndpoint('ns', 'api', 80), ServiceResolutionError);
});

t.test('service checks of the availability controller', async (t) => {
  const ref = { namespace: 'ns', name: 'api', port: 443 };
  t.equal(await serviceCheck(getter({ 'ns/api': service }, { 'ns/api': endpoints }), ref), undefined);
  t.same(await serviceCheck(getter({}, {}), ref), { status: 'False', reason: 'ServiceNotFound', message: 'service/api in "ns" is not present' });
  t.same(await serviceCheck(getter({ 'ns/api': service }, {}), { ...ref, port: 80 }), {
    status: 'False',
    reason: 'ServicePortError',
    message: 'service/api in "ns" is not listening on port 80',
  });
  t.same(await serviceCheck(getter({ 'ns/api': service }, {}), ref), {
    status: 'False',
    reason: 'EndpointsNotFound',
    message: 'cannot find endpoints for service/api in "ns"',
  });
  t.same(await serviceCheck(getter({ 'ns/api': service }, { 'ns/api': { subsets: [] } }), ref), {
    status: 'False',
    reason: 'MissingEndpoints',
    message: 'endpoints for service/api in "ns" have no addresses with port name "https"',
  });
  t.equal(await serviceCheck(getter({ 'ns/api': { spec: { type: 'ExternalName' } } }, {}), ref), undefined, 'only ClusterIP services are checked further');
  const failing: ServiceGetter = { getService: async () => Promise.reject(new Error('boom')), getEndpoints: async () => undefined };
  t.match(await serviceCheck(failing, ref), { status: 'Unknown', reason: 'ServiceAccessError' });
  const failingEndpoints: ServiceGetter = { getService: async () => service, getEndpoints: async () => Promise.reject(new Error('boom')) };
  t.match(await serviceCheck(failingEndpoints, ref), { status: 'Unknown', reason: 'EndpointsAccessError' });
});
