import { type ApiObject, defaultUpdatedObjectInfo, isCategoriesProvider } from '@apiserver/registry';
import { ensureRecord } from '../../../../src/object-fields.js';
import { StatusREST } from '@apiserver/registry';
import t from 'tap';
import { ClusterIPRange, formatIPv4, IPAllocationError, parseIPv4 } from '../../../../src/registry/core/service/ip-range.js';
import { NodePortRange, PortAllocationError } from '../../../../src/registry/core/service/port-range.js';
import { formatLabels, printService } from '../../../../src/registry/core/service/printer.js';
import { newServiceStorage, ServiceREST } from '../../../../src/registry/core/service/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:01:00Z');
const ctx = ctxIn('default');

type Spec = Record<string, unknown>;
const svc = (name: string, spec: Spec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name },
  spec: { ports: [{ port: 80 }], selector: { app: name }, ...spec },
});
const specOf = (o: ApiObject): Spec => ensureRecord(o, 'spec');

function services(getter = memoryGetter(t), options = {}): { store: ServiceREST; status: StatusREST } {
  const map = newServiceStorage(getter, { printer: { now: () => NOW }, ...options });
  const store = map.services;
  const status = map['services/status'];
  if (!(store instanceof ServiceREST)) throw new TypeError('services is not a ServiceREST');
  if (!(status instanceof StatusREST)) throw new TypeError('services/status is not a StatusREST');
  return { store, status };
}

t.test('ClusterIPRange and NodePortRange', async (t) => {
  t.equal(parseIPv4('10.0.0.1'), 0x0a000001);
  for (const bad of ['10.0.0', '10.0.0.256', '10.0.0.01', 'a.b.c.d', '1.2.3.4.5']) t.equal(parseIPv4(bad), undefined, bad);
  t.equal(formatIPv4(0xc0a80101), '192.168.1.1');
  for (const bad of ['10.0.0.0', '10.0.0.0/31', '10.0.0.0/0', 'x/24', '10.0.0.0/24/1']) t.throws(() => new ClusterIPRange(bad), TypeError, bad);
  const r = new ClusterIPRange('10.0.0.77/30');
  t.equal(r.cidr(), '10.0.0.76/30');
  t.equal(r.allocateNext(), '10.0.0.78', 'first usable address stays reserved');
  t.throws(() => r.allocateNext(), new IPAllocationError('range is full'));
  r.allocate('10.0.0.77');
  t.ok(r.has('10.0.0.77'));
  t.throws(() => r.allocate('10.0.0.79'), { message: 'the provided IP (10.0.0.79) is not in the valid range. The range of valid IPs is 10.0.0.76/30' });
  t.throws(() => r.allocate('10.0.0.77'), { message: 'provided IP is already allocated' });
  r.release('10.0.0.77');
  r.release('nonsense');
  t.notOk(r.has('10.0.0.77'));
  t.notOk(r.has('nonsense'));

  for (const bad of ['x', '0-10', '20-10', '1-70000']) t.throws(() => new NodePortRange(bad), TypeError, bad);
  const p = new NodePortRange('100-101');
  t.equal(p.toString(), '100-101');
  t.equal(new NodePortRange('5').toString(), '5-5');
  t.equal(p.allocateNext(), 100);
  p.allocate(101);
  t.throws(() => p.allocateNext(), new PortAllocationError('range is full'));
  t.throws(() => p.allocate(101), { message: 'provided port is already allocated' });
  t.throws(() => p.allocate(99), { message: 'provided port is not in the valid range. The range of valid ports is 100-101' });
  p.release(100);
  t.notOk(p.has(100));
});

t.test('create: defaults, cluster IP allocation, discovery facts', async (t) => {
  const { store } = services();
  t.same(store.shortNames(), ['svc']);
  t.ok(isCategoriesProvider(store) && store.categories().includes('all'));
  t.equal(store.getSingularName(), 'service');
  const created = await store.create(ctx, svc('web', { ports: [{ port: 80, name: 'http' }, { port: 443, name: 'https', targetPort: 'tls' }] }));
  const spec = specOf(created);
  t.match(spec, {
    type: 'ClusterIP',
    sessionAffinity: 'None',
    clusterIP: '10.0.0.2',
    clusterIPs: ['10.0.0.2'],
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    internalTrafficPolicy: 'Cluster',
    ports: [
      { port: 80, protocol: 'TCP', targetPort: 80 },
      { port: 443, protocol: 'TCP', targetPort: 'tls' },
    ],
  });
  t.equal(spec.externalTrafficPolicy, undefined);
  t.same(created.status, { loadBalancer: {} });
  const second = await store.create(ctx, svc('api'));
  t.equal(specOf(second).clusterIP, '10.0.0.3');
  const kubernetes = await store.create(ctx, svc('kubernetes', { clusterIP: '10.0.0.1' }));
  t.same(specOf(kubernetes).clusterIPs, ['10.0.0.1'], 'the reserved first address is given on request');
  const fromList = await store.create(ctx, svc('listed', { clusterIPs: ['10.0.0.9'] }));
  t.equal(specOf(fromList).clusterIP, '10.0.0.9');
});

t.test('create: requested cluster IPs taken or out of range are 422', async (t) => {
  const { store } = services(memoryGetter(t), { serviceClusterIPRange: '10.96.0.0/16' });
  await store.create(ctx, svc('a', { clusterIP: '10.96.0.10' }));
  const taken = await statusErrorOf(t, store.create(ctx, svc('b', { clusterIP: '10.96.0.10' })));
  t.equal(taken.status.code, 422);
  t.same(causesOf(taken), ['spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated']);
  t.equal(taken.message, 'Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated');
  const out = await statusErrorOf(t, store.create(ctx, svc('c', { clusterIP: '10.1.0.5' })));
  t.same(causesOf(out), [
    'spec.clusterIPs: Invalid value: ["10.1.0.5"]: failed to allocate IP 10.1.0.5: the provided IP (10.1.0.5) is not in the valid range. The range of valid IPs is 10.96.0.0/16',
  ]);
  const bad = await statusErrorOf(t, store.create(ctx, svc('d', { clusterIP: 'not-an-ip' })));
  t.same(causesOf(bad), ['spec.clusterIPs[0]: Invalid value: "not-an-ip": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)']);
});

t.test('headless and ExternalName services get no cluster IP', async (t) => {
  const { store } = services();
  const headless = await store.create(ctx, svc('db', { clusterIP: 'None' }));
  t.match(specOf(headless), { clusterIP: 'None', clusterIPs: ['None'], ipFamilyPolicy: 'SingleStack' });
  const noSelector = await store.create(ctx, { ...svc('ext'), spec: { clusterIP: 'None' } });
  t.match(specOf(noSelector), { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv4'] });
  const cname = await store.create(ctx, { ...svc('alias'), spec: { type: 'ExternalName', externalName: 'example.com' } });
  t.equal(specOf(cname).clusterIP, undefined);
  t.equal(specOf(cname).ipFamilies, undefined);
  const next = await store.create(ctx, svc('next'));
  t.equal(specOf(next).clusterIP, '10.0.0.2');
  const forbidden = await statusErrorOf(t, store.create(ctx, { ...svc('bad'), spec: { type: 'ExternalName', externalName: 'x', clusterIP: '10.0.0.7' } }));
  t.same(causesOf(forbidden), ['spec.clusterIP: Forbidden: may not be set for ExternalName services']);
  const noName = await statusErrorOf(t, store.create(ctx, { ...svc('bad'), spec: { type: 'ExternalName' } }));
  t.same(causesOf(noName), ['spec.externalName: Required value']);
  const nodePortNone = await statusErrorOf(t, store.create(ctx, svc('np', { type: 'NodePort', clusterIP: 'None' })));
  t.same(causesOf(nodePortNone), ["spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services"]);
});

t.test('node ports: allocation, requests, sharing, errors', async (t) => {
  const { store } = services();
  const np = await store.create(ctx, svc('np', { type: 'NodePort', ports: [{ port: 80, name: 'a' }, { port: 80, name: 'b', protocol: 'UDP' }] }));
  t.match(specOf(np), { externalTrafficPolicy: 'Cluster', ports: [{ nodePort: 30000 }, { nodePort: 30000 }] });
  const requested = await store.create(ctx, svc('fixed', { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }));
  t.match(specOf(requested), { ports: [{ nodePort: 30080 }] });
  const dup = await statusErrorOf(t, store.create(ctx, svc('dup', { type: 'NodePort', ports: [{ port: 81, nodePort: 30080 }] })));
  t.equal(dup.status.code, 422);
  t.same(causesOf(dup), ['spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated']);
  const low = await statusErrorOf(t, store.create(ctx, svc('low', { type: 'NodePort', ports: [{ port: 81, nodePort: 29999 }] })));
  t.same(causesOf(low), ['spec.ports[0].nodePort: Invalid value: 29999: provided port is not in the valid range. The range of valid ports is 30000-32767']);
  const lb = await store.create(ctx, svc('lb', { type: 'LoadBalancer' }));
  t.match(specOf(lb), { allocateLoadBalancerNodePorts: true, externalTrafficPolicy: 'Cluster', ports: [{ nodePort: 30001 }] });
  const lbNoPorts = await store.create(ctx, svc('lb2', { type: 'LoadBalancer', allocateLoadBalancerNodePorts: false }));
  t.notMatch(specOf(lbNoPorts), { ports: [{ nodePort: Number }] }, 'allocateLoadBalancerNodePorts: false allocates none');
  const onClusterIP = await statusErrorOf(t, store.create(ctx, svc('cip', { ports: [{ port: 80, nodePort: 30500 }] })));
  t.same(causesOf(onClusterIP), ["spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"]);
  const again = await store.create(ctx, svc('again', { type: 'NodePort', ports: [{ port: 80, nodePort: 30500 }] }));
  t.match(specOf(again), { ports: [{ nodePort: 30500 }] }, 'the failed create released its node port');
});

t.test('delete releases, dry runs and failed writes keep nothing, restarts rebuild', async (t) => {
  const getter = memoryGetter(t);
  const { store } = services(getter);
  const a = await store.create(ctx, svc('a', { type: 'NodePort' }));
  t.equal(specOf(a).clusterIP, '10.0.0.2');
  const dry = await store.create(ctx, svc('dry', { type: 'NodePort' }), undefined, { dryRun: ['All'] });
  t.match(specOf(dry), { clusterIP: '10.0.0.3', ports: [{ nodePort: 30001 }] });
  const invalid = await statusErrorOf(t, store.create(ctx, svc('x', { type: 'Bogus' })));
  t.same(causesOf(invalid), ['spec.type: Unsupported value: "Bogus": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"']);
  const b = await store.create(ctx, svc('b', { type: 'NodePort' }));
  t.match(specOf(b), { clusterIP: '10.0.0.3', ports: [{ nodePort: 30001 }] }, 'dry run and failed create released');

  const restarted = services(getter).store;
  const c = await restarted.create(ctx, svc('c', { type: 'NodePort' }));
  t.match(specOf(c), { clusterIP: '10.0.0.4', ports: [{ nodePort: 30002 }] }, 'no duplicates after a restart');
  const deleted = await restarted.delete(ctx, 'a');
  t.equal(deleted.deleted, true);
  t.equal(deleted.object.kind, 'Service', 'services return the deleted object');
  const d = await restarted.create(ctx, svc('d', { type: 'NodePort' }));
  t.match(specOf(d), { clusterIP: '10.0.0.2', ports: [{ nodePort: 30000 }] }, 'delete released the IP and node port');
  await restarted.create(ctx, { ...svc('held'), metadata: { name: 'held', finalizers: ['example.com/hold'] } });
  const kept = await restarted.delete(ctx, 'held', undefined, {});
  t.equal(kept.deleted, false, 'a finalizer keeps the service');
  const released = await update(restarted, ctx, 'held', mutated((o) => Object.assign(o.metadata, { finalizers: [] })));
  t.ok(released.metadata.deletionTimestamp);
  t.equal((await statusErrorOf(t, restarted.get(ctx, 'held'))).status.code, 404);
  const reused = await restarted.create(ctx, svc('reused'));
  t.equal(specOf(reused).clusterIP, '10.0.0.5', 'removing the last finalizer released the IP');
  await restarted.delete(ctx, 'reused', undefined, {});
  await restarted.delete(ctx, 'd', undefined, { dryRun: ['All'] });
  const e = await restarted.create(ctx, svc('e'));
  t.equal(specOf(e).clusterIP, '10.0.0.5', 'a dry-run delete keeps the allocation');
});

t.test('updates: allocated values kept, type changes allocate and release', async (t) => {
  const { store } = services();
  await store.create(ctx, svc('web'));
  const replaced = await update(store, ctx, 'web', defaultUpdatedObjectInfo(svc('web', { ports: [{ port: 8080 }] })));
  t.match(specOf(replaced), { clusterIP: '10.0.0.2', clusterIPs: ['10.0.0.2'], ports: [{ port: 8080 }] }, 'PUT without clusterIP keeps it');
  const toNodePort = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { type: 'NodePort' })));
  t.match(specOf(toNodePort), { ports: [{ nodePort: 30000 }], externalTrafficPolicy: 'Cluster' });
  const keptPorts = await update(store, ctx, 'web', defaultUpdatedObjectInfo(svc('web', { type: 'NodePort', ports: [{ port: 8080 }] })));
  t.match(specOf(keptPorts), { ports: [{ nodePort: 30000 }] }, 'node ports carried over by port name');
  const moved = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { ports: [{ port: 8080, nodePort: 30100, protocol: 'TCP' }] })));
  t.match(specOf(moved), { ports: [{ nodePort: 30100 }] });
  const other = await store.create(ctx, svc('other', { type: 'NodePort' }));
  t.match(specOf(other), { ports: [{ nodePort: 30000 }] }, 'the replaced node port was released');
  const back = await update(
    store,
    ctx,
    'web',
    mutated((o) => {
      const spec = specOf(o);
      spec.type = 'ClusterIP';
      delete spec.externalTrafficPolicy;
      spec.ports = [{ port: 8080, protocol: 'TCP' }];
    }),
  );
  t.equal(specOf(back).type, 'ClusterIP');
  const third = await store.create(ctx, svc('third', { type: 'NodePort', ports: [{ port: 1, nodePort: 30100 }] }));
  t.match(specOf(third), { ports: [{ nodePort: 30100 }] }, 'NodePort → ClusterIP released the node ports');
  const changed = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { clusterIP: '10.0.0.99', clusterIPs: ['10.0.0.99'] }))));
  t.same(causesOf(changed), ['spec.clusterIPs[0]: Invalid value: ["10.0.0.99"]: may not change once set']);
  const external = await update(
    store,
    ctx,
    'web',
    defaultUpdatedObjectInfo({ ...svc('web'), spec: { type: 'ExternalName', externalName: 'example.com' } }),
  );
  t.equal(specOf(external).clusterIP, undefined);
  const reuse = await store.create(ctx, svc('reuse'));
  t.equal(specOf(reuse).clusterIP, '10.0.0.2', 'moving to ExternalName released the IP');
  const fromExternal = await update(store, ctx, 'web', defaultUpdatedObjectInfo(svc('web')));
  t.equal(specOf(fromExternal).clusterIP, '10.0.0.5', 'leaving ExternalName allocates');
  const putCreate = await store.update(ctx, 'made', defaultUpdatedObjectInfo(svc('made')), undefined, undefined, false, {});
  t.equal(putCreate.created, true);
  t.equal(specOf(putCreate.object).clusterIP, '10.0.0.6', 'create-on-update allocates');
  const dryUpdate = await store.update(ctx, 'made', mutated((o) => Object.assign(specOf(o), { type: 'NodePort' })), undefined, undefined, false, {
    dryRun: ['All'],
  });
  t.match(specOf(dryUpdate.object), { ports: [{ nodePort: 30001 }] });
  const afterDry = await store.create(ctx, svc('after', { type: 'NodePort' }));
  t.match(specOf(afterDry), { ports: [{ nodePort: 30001 }] }, 'a dry-run update keeps nothing');
});

t.test('validation errors are 422 causes', async (t) => {
  const { store } = services();
  const cases: Array<[string, Spec, string[]]> = [
    ['noports', { ports: [] }, ['spec.ports: Required value']],
    [
      'dupname',
      { ports: [{ port: 80, name: 'a' }, { port: 81, name: 'a' }] },
      ['spec.ports[1].name: Duplicate value: "a"'],
    ],
    ['unnamed', { ports: [{ port: 80 }, { port: 81 }] }, ['spec.ports[0].name: Required value', 'spec.ports[1].name: Required value', 'spec.ports[1].name: Duplicate value: ""']],
    [
      'range',
      { ports: [{ port: 70000 }] },
      [
        'spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
        'spec.ports[0].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
      ],
    ],
    ['proto', { ports: [{ port: 80, protocol: 'HTTP' }] }, ['spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"']],
    ['target', { ports: [{ port: 80, targetPort: 'Bad_Name' }] }, ['spec.ports[0].targetPort: Invalid value: "Bad_Name": must contain only']],
    ['selector', { selector: { 'bad key!': 'x' } }, ['spec.selector: Invalid value: "bad key!"']],
    ['affinity', { sessionAffinity: 'Sticky' }, ['spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"']],
    ['etp', { externalTrafficPolicy: 'Local' }, ['spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services']],
    ['family', { ipFamilies: ['IPv5'] }, ['spec.ipFamilies[0]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6"']],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, svc(name, spec)));
    t.equal(err.status.code, 422, name);
    const got = causesOf(err);
    t.equal(got.length, want.length, `${name}: ${got.join(' | ')}`);
    for (const [i, w] of want.entries()) t.ok(got[i]?.startsWith(w), `${name}: ${got[i] ?? ''} starts with ${w}`);
  }
  const name = await statusErrorOf(t, store.create(ctx, svc('Bad.Name')));
  t.match(causesOf(name), [/^metadata\.name: Invalid value: "Bad\.Name": a DNS-1035 label/]);
});

t.test('printer cells and status subresource', async (t) => {
  const { store, status } = services();
  const created = await store.create(ctx, svc('web', { type: 'LoadBalancer', ports: [{ port: 80 }, { port: 443, name: 'b' }].map((p, i) => ({ ...p, name: `p${i}` })) }));
  const at = { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable(ctx, at);
  t.same(
    table.columnDefinitions.map((c) => [c.name, c.priority]),
    [
      ['Name', 0],
      ['Type', 0],
      ['Cluster-IP', 0],
      ['External-IP', 0],
      ['Port(s)', 0],
      ['Age', 0],
      ['Selector', 1],
    ],
  );
  t.same(table.rows[0]?.cells, ['web', 'LoadBalancer', '10.0.0.2', '<pending>', '80:30000/TCP,443:30001/TCP', '60s', 'app=web']);

  // Written at the store, past the decoder's defaults: the ip's ipMode is given, as upstream's internal writers give it.
  const ingress = { ...created, status: { loadBalancer: { ingress: [{ ip: '1.2.3.4', ipMode: 'VIP' }, { hostname: 'lb.example.com' }] } } };
  const { object: updated } = await status.update(ctx, 'web', defaultUpdatedObjectInfo({ ...ingress, spec: { type: 'ClusterIP' } }), undefined, undefined, true);
  t.equal(specOf(updated).type, 'LoadBalancer', 'status updates keep the spec');
  t.equal(printService(updated, { now: NOW })[3], '1.2.3.4,lb.example.com');
  const spec = specOf(updated);
  t.equal(printService({ ...updated, spec: { ...spec, externalIPs: ['5.6.7.8'] } }, { now: NOW })[3], '1.2.3.4,lb.example.com,5.6.7.8');
  const row = (s: Spec) => printService({ ...svc('x'), spec: s }, { now: NOW });
  t.same(row({ type: 'ClusterIP', clusterIPs: ['10.0.0.9'] }).slice(1, 5), ['ClusterIP', '10.0.0.9', '<none>', '<none>']);
  t.same(row({ type: 'NodePort', externalIPs: ['9.9.9.9'], ports: [{ port: 53, protocol: 'UDP', nodePort: 30053 }] }).slice(3, 5), ['9.9.9.9', '53:30053/UDP']);
  t.same(row({ type: 'ExternalName', externalName: 'example.com' }).slice(2, 4), ['<none>', 'example.com']);
  t.equal(row({ type: 'Weird' })[3], '<unknown>');
  t.equal(formatLabels({ b: '2', a: '1' }), 'a=1,b=2');
  t.equal(formatLabels(undefined), '<none>');
  const got = await status.get(ctx, 'web');
  t.equal(got.metadata.name, 'web');
});

t.test('health check node ports and type changes by patch', async (t) => {
  const getter = memoryGetter(t);
  const { store } = services(getter);
  const local = await store.create(ctx, svc('local', { type: 'LoadBalancer', externalTrafficPolicy: 'Local' }));
  t.match(specOf(local), { ports: [{ nodePort: 30000 }], healthCheckNodePort: 30001 });
  const taken = await statusErrorOf(t, store.create(ctx, svc('taken', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 30001 })));
  t.equal(taken.status.code, 500);
  t.match(taken.message, /failed to allocate requested HealthCheck NodePort 30001: provided port is already allocated/);
  const misplaced = await statusErrorOf(t, store.create(ctx, svc('misplaced', { healthCheckNodePort: 30400 })));
  t.same(causesOf(misplaced), ["spec.healthCheckNodePort: Invalid value: 30400: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"]);
  const fromRestart = await services(getter).store.create(ctx, svc('after-restart', { type: 'NodePort' }));
  t.match(specOf(fromRestart), { ports: [{ nodePort: 30002 }] }, 'the rebuild counts health check node ports');

  const replaced = await update(store, ctx, 'local', defaultUpdatedObjectInfo(svc('local', { type: 'LoadBalancer', externalTrafficPolicy: 'Local' })));
  t.match(specOf(replaced), { ports: [{ nodePort: 30000 }], healthCheckNodePort: 30001 }, 'PUT keeps the health check node port');
  const toCluster = await update(store, ctx, 'local', mutated((o) => Object.assign(specOf(o), { externalTrafficPolicy: 'Cluster' })));
  t.equal(specOf(toCluster).healthCheckNodePort, undefined);
  const toClusterIP = await update(store, ctx, 'local', mutated((o) => Object.assign(specOf(o), { type: 'ClusterIP' })));
  t.notMatch(specOf(toClusterIP), { ports: [{ nodePort: Number }] }, 'node ports dropped with the type');
  t.equal(specOf(toClusterIP).externalTrafficPolicy, undefined);
  t.equal(specOf(toClusterIP).allocateLoadBalancerNodePorts, undefined);
  const reuse = await store.create(ctx, svc('reuse', { type: 'NodePort', ports: [{ port: 1, name: 'a' }, { port: 2, name: 'b' }] }));
  t.match(specOf(reuse), { ports: [{ nodePort: 30000 }, { nodePort: 30001 }] }, 'both node ports were released');
  const toExternal = await update(store, ctx, 'local', mutated((o) => Object.assign(specOf(o), { type: 'ExternalName', externalName: 'example.com' })));
  t.equal(specOf(toExternal).clusterIP, undefined);
  t.equal(specOf(toExternal).ipFamilies, undefined);
  const next = await store.create(ctx, svc('next'));
  t.equal(specOf(next).clusterIP, '10.0.0.2', 'the cluster IP of the ExternalName service was released');
  const gone = await store.delete(ctx, 'reuse', undefined, {});
  t.equal(gone.deleted, true);
  const lbLocal = await store.create(ctx, svc('lb-local', { type: 'LoadBalancer', externalTrafficPolicy: 'Local' }));
  t.match(specOf(lbLocal), { ports: [{ nodePort: 30000 }], healthCheckNodePort: 30001 });
  await store.delete(ctx, 'lb-local', undefined, {});
  const last = await store.create(ctx, svc('last', { type: 'LoadBalancer', externalTrafficPolicy: 'Local', healthCheckNodePort: 30001 }));
  t.equal(specOf(last).healthCheckNodePort, 30001, 'delete released the health check node port');
});
