import t from 'tap';
import Value from 'typebox/value';
import { ReplicaSetSchema } from '../../src/apis/apps/v1/replica-set.js';
import { LeaseSchema } from '../../src/apis/coordination/v1/lease.js';
import { EndpointsSchema } from '../../src/apis/core/v1/endpoints.js';
import { EventSchema } from '../../src/apis/core/v1/event.js';
import { NodeSchema } from '../../src/apis/core/v1/node.js';
import * as apis from '../../src/apis/index.js';
import { TimeParseError } from '../../src/apis/meta/v1/time.js';
import { openAPIComponentsForKind } from '../../src/openapi/components.js';
import { Scheme } from '../../src/runtime/scheme.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { ProtobufDescriptors } from '../../src/serializer/protobuf/descriptors.js';
import { FULL_OBJECTS } from './kinds-fixtures.js';

const scheme = apis.newBuiltinScheme();
const codecs = new CodecFactory(scheme);
const json = (obj: Record<string, unknown>) => codecs.json.encodeToString(obj);

t.test('the new kinds and lists are registered, including coordination.k8s.io/v1', async (t) => {
  const gvks = [
    ['', 'Event'],
    ['', 'Node'],
    ['', 'Endpoints'],
    ['apps', 'ReplicaSet'],
    ['coordination.k8s.io', 'Lease'],
  ] as const;
  for (const [group, kind] of gvks) {
    for (const k of [kind, `${kind}List`]) t.ok(scheme.recognizes({ group, version: 'v1', kind: k }), `${group}/v1 ${k}`);
  }
  t.same(scheme.objectKind({ kind: 'DeleteOptions', apiVersion: 'coordination.k8s.io/v1' }).kind, 'DeleteOptions');
  const alone = apis.addCoordinationV1Kinds(new Scheme('coordination'));
  t.ok(alone.recognizes({ group: 'coordination.k8s.io', version: 'v1', kind: 'LeaseList' }), 'add function works alone');
});

t.test('Go JSON: field order, omitempty, structs never omitted, non-omitempty zero values', async (t) => {
  const table: [string, Record<string, unknown>, string][] = [
    [
      'Event: reportingComponent/Instance and times are written empty/null',
      { kind: 'Event', apiVersion: 'v1', metadata: { name: 'e', namespace: 'default' }, involvedObject: { kind: 'Pod', name: 'p' }, reason: 'Started' },
      '{"kind":"Event","apiVersion":"v1","metadata":{"name":"e","namespace":"default","creationTimestamp":null},' +
        '"involvedObject":{"kind":"Pod","name":"p"},"reason":"Started","source":{},"firstTimestamp":null,' +
        '"lastTimestamp":null,"eventTime":null,"reportingComponent":"","reportingInstance":""}\n',
    ],
    [
      'Node: empty spec, status with Port and every nodeInfo string',
      { kind: 'Node', apiVersion: 'v1', metadata: { name: 'n1' } },
      '{"kind":"Node","apiVersion":"v1","metadata":{"name":"n1","creationTimestamp":null},"spec":{},' +
        '"status":{"daemonEndpoints":{"kubeletEndpoint":{"Port":0}},"nodeInfo":{"machineID":"","systemUUID":"",' +
        '"bootID":"","kernelVersion":"","osImage":"","containerRuntimeVersion":"","kubeletVersion":"",' +
        '"kubeProxyVersion":"","operatingSystem":"","architecture":""}}}\n',
    ],
    [
      'Node: the default runtime handler keeps its empty name',
      { kind: 'Node', apiVersion: 'v1', status: { runtimeHandlers: [{ features: { userNamespaces: true } }], nodeInfo: { architecture: 'arm64' } } },
      '{"kind":"Node","apiVersion":"v1","metadata":{"creationTimestamp":null},"spec":{},' +
        '"status":{"daemonEndpoints":{"kubeletEndpoint":{"Port":0}},"nodeInfo":{"machineID":"","systemUUID":"",' +
        '"bootID":"","kernelVersion":"","osImage":"","containerRuntimeVersion":"","kubeletVersion":"",' +
        '"kubeProxyVersion":"","operatingSystem":"","architecture":"arm64"},' +
        '"runtimeHandlers":[{"name":"","features":{"userNamespaces":true}}]}}\n',
    ],
    [
      'Endpoints of default/kubernetes',
      {
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: { name: 'kubernetes', namespace: 'default' },
        subsets: [{ ports: [{ protocol: 'TCP', port: 6443, name: 'https' }], addresses: [{ ip: '10.0.0.1' }] }],
      },
      '{"kind":"Endpoints","apiVersion":"v1","metadata":{"name":"kubernetes","namespace":"default","creationTimestamp":null},' +
        '"subsets":[{"addresses":[{"ip":"10.0.0.1"}],"ports":[{"name":"https","port":6443,"protocol":"TCP"}]}]}\n',
    ],
    [
      'ReplicaSet: selector written, empty template and replicas 0 in status',
      { kind: 'ReplicaSet', apiVersion: 'apps/v1', metadata: { name: 'r' }, spec: { selector: { matchLabels: { a: 'b' } } }, status: {} },
      '{"kind":"ReplicaSet","apiVersion":"apps/v1","metadata":{"name":"r","creationTimestamp":null},' +
        '"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"creationTimestamp":null},' +
        '"spec":{"containers":null}}},"status":{"replicas":0}}\n',
    ],
    [
      'Lease: pointers omitted when nil, MicroTime with six fractional digits',
      {
        kind: 'Lease',
        apiVersion: 'coordination.k8s.io/v1',
        metadata: { name: 'l', namespace: 'kube-node-lease' },
        spec: { renewTime: '2024-05-01T10:00:00.5+02:00', holderIdentity: 'n1', leaseDurationSeconds: 40 },
      },
      '{"kind":"Lease","apiVersion":"coordination.k8s.io/v1","metadata":{"name":"l","namespace":"kube-node-lease",' +
        '"creationTimestamp":null},"spec":{"holderIdentity":"n1","leaseDurationSeconds":40,' +
        '"renewTime":"2024-05-01T08:00:00.500000Z"}}\n',
    ],
  ];
  for (const [name, obj, want] of table) t.equal(json(obj), want, name);
});

t.test('fully populated objects survive JSON and protobuf round trips through the CodecFactory', async (t) => {
  for (const [name, obj] of Object.entries(FULL_OBJECTS)) {
    t.same(scheme.validate(obj), [], `${name} is valid`);
    const goJSON = JSON.parse(json(obj));
    t.same(JSON.parse(json(goJSON)), goJSON, `${name}: JSON is stable`);
    t.ok(codecs.protobuf.supports(obj), `${name}: every field has a protobuf form`);
    const bytes = codecs.protobuf.encode(obj);
    t.same(codecs.protobuf.decode(bytes), goJSON, `${name}: protobuf decodes to the Go JSON form`);
    t.same(codecs.protobuf.encode(codecs.protobuf.decode(bytes)), bytes, `${name}: protobuf bytes are stable`);
    t.same(codecs.yaml.decode(codecs.yaml.encode(obj)), goJSON, `${name}: YAML round trip`);
  }
});

/** Field numbers as in upstream `k8s.io/api/{core,apps,coordination}/v1/generated.proto`. */
const UPSTREAM_FIELDS: Record<string, Record<string, number>> = {
  'k8s.io.api.core.v1.Event': {
    metadata: 1, involvedObject: 2, reason: 3, message: 4, source: 5, firstTimestamp: 6, lastTimestamp: 7, count: 8,
    type: 9, eventTime: 10, series: 11, action: 12, related: 13, reportingComponent: 14, reportingInstance: 15,
  },
  'k8s.io.api.core.v1.EventSource': { component: 1, host: 2 },
  'k8s.io.api.core.v1.EventSeries': { count: 1, lastObservedTime: 2 },
  'k8s.io.api.core.v1.Endpoints': { metadata: 1, subsets: 2 },
  'k8s.io.api.core.v1.EndpointSubset': { addresses: 1, notReadyAddresses: 2, ports: 3 },
  'k8s.io.api.core.v1.EndpointAddress': { ip: 1, targetRef: 2, hostname: 3, nodeName: 4 },
  'k8s.io.api.core.v1.EndpointPort': { name: 1, port: 2, protocol: 3, appProtocol: 4 },
  'k8s.io.api.core.v1.Node': { metadata: 1, spec: 2, status: 3 },
  'k8s.io.api.core.v1.NodeSpec': { podCIDR: 1, externalID: 2, providerID: 3, unschedulable: 4, taints: 5, configSource: 6, podCIDRs: 7 },
  'k8s.io.api.core.v1.Taint': { key: 1, value: 2, effect: 3, timeAdded: 4 },
  'k8s.io.api.core.v1.NodeStatus': {
    capacity: 1, allocatable: 2, phase: 3, conditions: 4, addresses: 5, daemonEndpoints: 6, nodeInfo: 7, images: 8,
    volumesInUse: 9, volumesAttached: 10, config: 11, runtimeHandlers: 12, features: 13,
  },
  'k8s.io.api.core.v1.NodeRuntimeHandler': { name: 1, features: 2 },
  'k8s.io.api.core.v1.NodeRuntimeHandlerFeatures': { recursiveReadOnlyMounts: 1, userNamespaces: 2 },
  'k8s.io.api.core.v1.NodeFeatures': { supplementalGroupsPolicy: 1 },
  'k8s.io.api.core.v1.NodeCondition': { type: 1, status: 2, lastHeartbeatTime: 3, lastTransitionTime: 4, reason: 5, message: 6 },
  'k8s.io.api.core.v1.NodeAddress': { type: 1, address: 2 },
  'k8s.io.api.core.v1.NodeDaemonEndpoints': { kubeletEndpoint: 1 },
  'k8s.io.api.core.v1.DaemonEndpoint': { Port: 1 },
  'k8s.io.api.core.v1.NodeSystemInfo': {
    machineID: 1, systemUUID: 2, bootID: 3, kernelVersion: 4, osImage: 5, containerRuntimeVersion: 6, kubeletVersion: 7,
    kubeProxyVersion: 8, operatingSystem: 9, architecture: 10,
  },
  'k8s.io.api.core.v1.ContainerImage': { names: 1, sizeBytes: 2 },
  'k8s.io.api.core.v1.AttachedVolume': { name: 1, devicePath: 2 },
  'k8s.io.api.core.v1.NodeConfigStatus': { assigned: 1, active: 2, lastKnownGood: 3, error: 4 },
  'k8s.io.api.core.v1.NodeConfigSource': { configMap: 2 },
  'k8s.io.api.core.v1.ConfigMapNodeConfigSource': { namespace: 1, name: 2, uid: 3, resourceVersion: 4, kubeletConfigKey: 5 },
  'k8s.io.api.apps.v1.ReplicaSet': { metadata: 1, spec: 2, status: 3 },
  'k8s.io.api.apps.v1.ReplicaSetSpec': { replicas: 1, selector: 2, template: 3, minReadySeconds: 4 },
  'k8s.io.api.apps.v1.ReplicaSetStatus': {
    replicas: 1, fullyLabeledReplicas: 2, observedGeneration: 3, readyReplicas: 4, availableReplicas: 5, conditions: 6,
  },
  'k8s.io.api.apps.v1.ReplicaSetCondition': { type: 1, status: 2, lastTransitionTime: 3, reason: 4, message: 5 },
  'k8s.io.api.coordination.v1.Lease': { metadata: 1, spec: 2 },
  'k8s.io.api.coordination.v1.LeaseSpec': {
    holderIdentity: 1, leaseDurationSeconds: 2, acquireTime: 3, renewTime: 4, leaseTransitions: 5, strategy: 6, preferredHolder: 7,
  },
};

t.test('protobuf messages carry upstream field numbers and names', async (t) => {
  const descriptors = new ProtobufDescriptors();
  for (const schema of [EventSchema, EndpointsSchema, NodeSchema, ReplicaSetSchema, LeaseSchema]) descriptors.typeFor(schema);
  for (const [message, fields] of Object.entries(UPSTREAM_FIELDS)) {
    const type = descriptors.root.lookupType(message);
    const actual = Object.fromEntries(Object.values(type.fields).map((f) => [f.name, f.id]));
    t.same(actual, fields, message);
  }
});

t.test('defaults: ReplicaSet like Deployment, Endpoints protocol, Node allocatable', async (t) => {
  const rs: Record<string, unknown> = { kind: 'ReplicaSet', apiVersion: 'apps/v1', spec: { template: { spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
  scheme.default(rs);
  t.match(rs.spec, {
    replicas: 1,
    template: { spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 } },
  });
  t.match((rs.spec as { template: { spec: { containers: object[] } } }).template.spec.containers[0], { imagePullPolicy: 'Always' });
  t.notOk('strategy' in (rs.spec as object), 'no Deployment-only defaults');
  const kept = { kind: 'ReplicaSet', apiVersion: 'apps/v1', spec: { replicas: 0 } };
  scheme.default(kept);
  t.equal(kept.spec.replicas, 0, 'explicit zero replicas kept');
  const bare: Record<string, unknown> = { kind: 'ReplicaSet', apiVersion: 'apps/v1' };
  scheme.default(bare);
  t.same(bare.spec, {
    replicas: 1,
    template: { spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30, securityContext: {} } },
  });

  const ep = { kind: 'Endpoints', apiVersion: 'v1', subsets: [{ ports: [{ port: 1 }, { port: 2, protocol: 'UDP' }] }, {}, 'junk'] };
  scheme.default(ep);
  t.same(ep.subsets[0], { ports: [{ port: 1, protocol: 'TCP' }, { port: 2, protocol: 'UDP' }] });
  t.same(ep.subsets.slice(1), [{}, 'junk'], 'other entries untouched');

  const node = { kind: 'Node', apiVersion: 'v1', status: { capacity: { cpu: '4', memory: '8Gi' } } };
  scheme.default(node);
  t.same(node.status, { capacity: { cpu: '4', memory: '8Gi' }, allocatable: { cpu: '4', memory: '8Gi' } });
  t.not((node.status as Record<string, unknown>).allocatable, node.status.capacity, 'allocatable is a copy');
  const reported = { kind: 'Node', apiVersion: 'v1', status: { capacity: { cpu: '4' }, allocatable: {} } };
  scheme.default(reported);
  t.same(reported.status.allocatable, {}, 'an empty allocatable is kept');
  const noStatus: Record<string, unknown> = { kind: 'Node', apiVersion: 'v1' };
  scheme.default(noStatus);
  t.notOk('status' in noStatus, 'no status is created');
  for (const kind of ['Event', 'Lease']) {
    const apiVersion = kind === 'Lease' ? 'coordination.k8s.io/v1' : 'v1';
    const obj = { kind, apiVersion, metadata: { name: 'x' } };
    scheme.default(obj);
    t.same(obj, { kind, apiVersion, metadata: { name: 'x' } }, `${kind} has no defaults`);
  }
});

t.test('OpenAPI components carry the GVK and the list/patch markers', async (t) => {
  const kinds = [
    ['', 'Event', 'io.k8s.api.core.v1.Event'],
    ['', 'Node', 'io.k8s.api.core.v1.Node'],
    ['', 'Endpoints', 'io.k8s.api.core.v1.Endpoints'],
    ['apps', 'ReplicaSet', 'io.k8s.api.apps.v1.ReplicaSet'],
    ['coordination.k8s.io', 'Lease', 'io.k8s.api.coordination.v1.Lease'],
    ['coordination.k8s.io', 'LeaseList', 'io.k8s.api.coordination.v1.LeaseList'],
  ] as const;
  for (const [group, kind, typeName] of kinds) {
    const { name, components } = openAPIComponentsForKind(scheme, { group, version: 'v1', kind });
    t.equal(name, typeName);
    t.same((components[name] as Record<string, unknown>)['x-kubernetes-group-version-kind'], [{ group, version: 'v1', kind }], kind);
  }
  const node = openAPIComponentsForKind(scheme, { group: '', version: 'v1', kind: 'Node' }).components;
  const props = (n: string) => (node[`io.k8s.api.core.v1.${n}`] as { properties: Record<string, Record<string, unknown>> }).properties;
  t.match(props('NodeStatus').conditions, {
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['type'],
    'x-kubernetes-patch-strategy': 'merge',
    'x-kubernetes-patch-merge-key': 'type',
  });
  t.match(props('NodeSpec').podCIDRs, { 'x-kubernetes-list-type': 'set', 'x-kubernetes-patch-strategy': 'merge' });
  t.match(props('NodeSpec').taints, { 'x-kubernetes-list-type': 'atomic' });
  t.same((node['io.k8s.api.core.v1.NodeSystemInfo'] as { required: string[] }).required.length, 10);
  t.same((node['io.k8s.api.core.v1.DaemonEndpoint'] as { required: string[] }).required, ['Port']);
  const ep = openAPIComponentsForKind(scheme, { group: '', version: 'v1', kind: 'Endpoints' }).components;
  t.match(ep['io.k8s.api.core.v1.EndpointAddress'], { 'x-kubernetes-map-type': 'atomic', required: ['ip'] });
  t.match(ep['io.k8s.api.core.v1.EndpointPort'], { 'x-kubernetes-map-type': 'atomic', required: ['port'] });
  const ev = openAPIComponentsForKind(scheme, { group: '', version: 'v1', kind: 'Event' }).components;
  t.same((ev['io.k8s.api.core.v1.Event'] as { required: string[] }).required, ['metadata', 'involvedObject']);
  t.match(ev['io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime'], { type: 'string', format: 'date-time' });
});

t.test('schemas reject malformed objects with messages, never crash', async (t) => {
  t.notOk(Value.Check(EventSchema, { metadata: {}, involvedObject: {}, count: 'many' }));
  t.notOk(Value.Check(NodeSchema, { spec: { taints: [{ key: 'k' }] } }), 'taint effect is required');
  t.notOk(Value.Check(LeaseSchema, { spec: { leaseDurationSeconds: 1.5 } }));
  t.notOk(Value.Check(EndpointsSchema, { subsets: [{ ports: [{ name: 'x' }] }] }), 'port is required');
  t.notOk(Value.Check(ReplicaSetSchema, { spec: { replicas: '3' } }));
  const bad = { kind: 'Lease', apiVersion: 'coordination.k8s.io/v1', spec: { renewTime: 'yesterday' } };
  t.ok(scheme.validate(bad).length > 0, 'bad MicroTime reported by validation');
  t.throws(() => codecs.protobuf.encode(bad), TimeParseError, 'bad MicroTime is a typed encode error');
});
