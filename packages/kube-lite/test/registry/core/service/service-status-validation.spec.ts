/**
 * 1.32's `ValidateServiceStatusUpdate` beyond object metadata (`ValidateLoadBalancerStatus`, LoadBalancerIPMode on,
 * AllowServiceLBStatusOnNonLB off), and the `ipMode: VIP` default of `SetDefaults_Service`, applied when a body is
 * decoded (so by the service type in the body), not by the status strategy.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { validateServiceStatusUpdate } from '../../../../src/registry/core/service/load-balancer-status-validation.js';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { ServiceStatusStrategy } from '../../../../src/registry/core/service/service-status-strategy.js';
import { ServiceStrategy } from '../../../../src/registry/core/service/strategy.js';
import { ctxIn } from '../core-fixtures.js';

type Rec = Record<string, unknown>;
const svc = (ingress: Rec[], type = 'LoadBalancer'): ApiObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's', namespace: 'default' }, spec: { type, ports: [{ port: 80 }] }, status: { loadBalancer: { ingress } } }) as ApiObject;
const check = (ingress: Rec[], type?: string) => validateServiceStatusUpdate(svc(ingress, type)).map(String);
const AT = 'status.loadBalancer.ingress';

t.test('ingress points only on LoadBalancer services', async (t) => {
  t.same(check([{ ip: '203.0.113.10', ipMode: 'VIP' }], 'ClusterIP'), [`${AT}: Forbidden: may only be used when \`spec.type\` is 'LoadBalancer'`]);
  t.same(check([], 'NodePort'), [], 'an empty list is fine');
  t.same(check([{ ip: '203.0.113.10', ipMode: 'VIP' }, { hostname: 'lb.example.com' }, { ip: 'fd00::1', ipMode: 'Proxy' }]), []);
});

t.test('ip, ipMode and hostname', async (t) => {
  t.same(check([{ ip: '203.0.113.300', ipMode: 'VIP' }]), [`${AT}[0].ip: Invalid value: "203.0.113.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`]);
  t.same(check([{ ip: '203.0.113.010', ipMode: 'VIP' }]), [], 'leading zeros parse in 1.32');
  t.same(check([{ ip: '203.0.113.10' }]), [`${AT}[0].ipMode: Required value: must be specified when \`ip\` is set`]);
  t.same(check([{ hostname: 'lb.example.com', ipMode: 'VIP' }]), [`${AT}[0].ipMode: Forbidden: may not be specified when \`ip\` is not set`]);
  t.same(check([{ ip: '203.0.113.10', ipMode: 'Direct' }]), [`${AT}[0].ipMode: Unsupported value: "Direct": supported values: "Proxy", "VIP"`]);
  t.same(check([{ hostname: 'LB_1' }]), [
    `${AT}[0].hostname: Invalid value: "LB_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  ]);
  t.same(check([{ hostname: '203.0.113.10' }]), [`${AT}[0].hostname: Invalid value: "203.0.113.10": must be a DNS name, not an IP address`]);
  const fields = validateServiceStatusUpdate(svc([{ hostname: 'LB', ip: 'x', ipMode: 'Direct' }])).map((e) => e.field);
  t.same(fields, [`${AT}[0].ip`, `${AT}[0].ipMode`, `${AT}[0].hostname`], 'every rule of an ingress point, in upstream order');
});

t.test('decoding defaults an ip without ipMode to VIP, on LoadBalancer services only', async (t) => {
  const scheme = newBuiltinScheme();
  const lb = svc([{ ip: '203.0.113.10' }, { hostname: 'lb.example.com' }, { ip: 'fd00::1', ipMode: 'Proxy' }]);
  scheme.default(lb);
  t.same(lb.status, { loadBalancer: { ingress: [{ ip: '203.0.113.10', ipMode: 'VIP' }, { hostname: 'lb.example.com' }, { ip: 'fd00::1', ipMode: 'Proxy' }] } });
  const cluster = svc([{ ip: '203.0.113.10' }], 'ClusterIP');
  scheme.default(cluster);
  t.same(cluster.status, { loadBalancer: { ingress: [{ ip: '203.0.113.10' }] } });
});

t.test('the status strategy keeps the stored spec and validates, defaulting nothing', async (t) => {
  const strategy = new ServiceStatusStrategy(new ServiceStrategy());
  const stored = svc([]);
  const fromLB = svc([{ ip: '203.0.113.10', ipMode: 'VIP' }]);
  strategy.prepareForUpdate(ctxIn('default'), fromLB, stored);
  t.same(strategy.validateUpdate(ctxIn('default'), fromLB, stored), []);
  // A body that names another type (here none, so ClusterIP once decoded) is not defaulted; the stored spec is kept.
  const noType = { ...svc([{ ip: '203.0.113.10' }]), spec: {} } as ApiObject;
  strategy.prepareForUpdate(ctxIn('default'), noType, stored);
  t.same(noType.spec, stored.spec, 'the stored spec is kept');
  t.same(strategy.validateUpdate(ctxIn('default'), noType, stored).map(String), [`${AT}[0].ipMode: Required value: must be specified when \`ip\` is set`]);
  const storedClusterIP = svc([], 'ClusterIP');
  const toClusterIP = svc([{ ip: '203.0.113.10', ipMode: 'VIP' }]);
  strategy.prepareForUpdate(ctxIn('default'), toClusterIP, storedClusterIP);
  t.same(strategy.validateUpdate(ctxIn('default'), toClusterIP, storedClusterIP).map(String), [`${AT}: Forbidden: may only be used when \`spec.type\` is 'LoadBalancer'`]);
  t.same(strategy.getResetFields?.(), { v1: ['spec'] });
});
