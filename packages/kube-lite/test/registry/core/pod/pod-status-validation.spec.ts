/**
 * What 1.32's `ValidatePodStatusUpdate` checks of a `pods/status` write beyond object metadata, with upstream's paths,
 * error types and messages: condition types, node and nominated node, QoS class, container state transitions, resource
 * claim statuses, pod and host IPs (Go's `%#v` of the internal structs as bad values), container users and allocated
 * resource health.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { validatePodStatusUpdate } from '../../../../src/registry/core/pod/pod-status-validation.js';

type Rec = Record<string, unknown>;
const app = { name: 'app', image: 'nginx' };
const SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const IP_ERR = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const RANGE_ERR = 'must be between 0 and 2147483647, inclusive';
const STAYS = 'Forbidden: may not be transitioned to non-terminated state';

const pod = (status: Rec, spec: Rec = {}, metadata: Rec = {}): ApiObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', ...metadata },
    spec: { restartPolicy: 'Always', containers: [app], ...spec },
    status: { phase: 'Running', qosClass: 'BestEffort', ...status },
  }) as ApiObject;
/** The errors of writing `status` (and `spec`) over a pod whose status was `oldStatus`. */
const check = (status: Rec, oldStatus: Rec = {}, spec: Rec = {}, oldSpec: Rec = spec) => validatePodStatusUpdate(pod(status, spec), pod(oldStatus, oldSpec)).map(String);
const running = (name: string) => ({ name, state: { running: { startedAt: '2024-01-01T00:00:00Z' } } });
const terminated = (name: string, exitCode = 0) => ({ name, state: { terminated: { exitCode } } });

t.test('a kubelet-like write passes', async (t) => {
  const status = {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'True' }, { type: 'ContainersReady', status: 'True' }, { type: 'PodReadyToStartContainers', status: 'True' }],
    hostIP: '192.168.1.10',
    hostIPs: [{ ip: '192.168.1.10' }, { ip: 'fd00::10' }],
    podIP: '10.244.0.5',
    podIPs: [{ ip: '10.244.0.5' }, { ip: 'fd00:10:244::5' }],
    containerStatuses: [{ ...running('app'), ready: true, restartCount: 0, image: 'nginx', imageID: 'sha256:1', started: true }],
  };
  t.same(check(status, {}, { nodeName: 'n1' }), []);
});

t.test('node, nominated node and QoS class', async (t) => {
  t.same(check({}, {}, { nodeName: 'b' }, { nodeName: 'a' }), ['status.nodeName: Forbidden: may not be changed directly'], 'the specs are compared');
  t.same(check({ nominatedNodeName: 'Bad_Node' }), [`status.nominatedNodeName: Invalid value: "Bad_Node": ${SUBDOMAIN_ERR}`]);
  t.same(check({ nominatedNodeName: 'Bad_Node' }, { nominatedNodeName: 'Bad_Node' }), [], 'an unchanged nominated node is not checked');
  t.same(check({ nominatedNodeName: '' }, { nominatedNodeName: 'n1' }), [], 'clearing it is fine');
  t.same(check({ qosClass: 'Guaranteed' }), ['status.qosClass: Invalid value: "Guaranteed": field is immutable']);
  t.same(check({ qosClass: 'BestEffort' }), []);
});

t.test('condition types other than the kubelet own are qualified names, under metadata.conditions as upstream', async (t) => {
  const conditions = [{ type: 'Ready' }, { type: 'bad type!' }, { type: 'example.com/Custom' }, { type: 'DisruptionTarget' }];
  t.same(check({ conditions }), [
    `metadata.conditions[1].Type: Invalid value: "bad type!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
  ]);
});

t.test('terminated containers stay terminated unless the restart policy restarts them', async (t) => {
  const old = { containerStatuses: [terminated('a'), terminated('b', 1)] };
  const now = { containerStatuses: [running('b'), running('a')] };
  t.same(check(now, old, { restartPolicy: 'Never' }), [`status.containerStatuses[0].state: ${STAYS}`, `status.containerStatuses[1].state: ${STAYS}`], 'indexed by the old list');
  t.same(check(now, old, { restartPolicy: 'OnFailure' }), [`status.containerStatuses[0].state: ${STAYS}`], 'OnFailure restarts a failed container');
  t.same(check(now, old, { restartPolicy: 'Always' }), []);
  t.same(check({ containerStatuses: [terminated('a', 2)] }, old, { restartPolicy: 'Never' }), [], 'still terminated');
  t.same(check({ containerStatuses: [running('c')] }, old, { restartPolicy: 'Never' }), [], 'only statuses of the same name are compared');
  const eph = { ephemeralContainerStatuses: [running('debug')] };
  t.same(check(eph, { ephemeralContainerStatuses: [terminated('debug', 1)] }), [`status.ephemeralContainerStatuses[0].state: ${STAYS}`], 'ephemeral: always Never');
});

t.test('init containers: the old spec decides, restartable sidecars are skipped', async (t) => {
  const spec = { restartPolicy: 'Never', initContainers: [{ name: 'init', image: 'x' }, { name: 'side', image: 'x', restartPolicy: 'Always' }] };
  const old = { initContainerStatuses: [terminated('init'), terminated('side')] };
  const now = { initContainerStatuses: [running('init'), running('side')] };
  t.same(check(now, old, spec), [`status.initContainerStatuses[0].state: ${STAYS}`]);
  t.same(check(now, old, { ...spec, restartPolicy: 'Always' }), []);
});

t.test('pod IPs: valid, one per family, no duplicates; podIP read as the internal pod does', async (t) => {
  const ips = (...list: string[]) => ({ podIPs: list.map((ip) => ({ ip })) });
  t.same(check(ips('10.0.0.300')), [`status.podIPs[0]: Invalid value: "10.0.0.300": ${IP_ERR}`]);
  t.same(check(ips('010.000.000.001', 'fd00::1')), [], 'IPv4 octets with leading zeros parse (ParseIPSloppy)');
  t.same(check(ips('fe80::1%eth0')), [`status.podIPs[0]: Invalid value: "fe80::1%eth0": ${IP_ERR}`], 'no zone');
  t.same(check(ips('10.0.0.1', '10.0.0.2')), [
    'status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"10.0.0.1"}, core.PodIP{IP:"10.0.0.2"}}: may specify no more than one IP for each IP family',
  ]);
  t.same(check(ips('10.0.0.1', '::ffff:10.0.0.2')), [
    'status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"10.0.0.1"}, core.PodIP{IP:"::ffff:10.0.0.2"}}: may specify no more than one IP for each IP family',
  ], 'an IPv4-mapped address is IPv4');
  t.same(check(ips('fd00::1', 'fd00::1')), [
    'status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"fd00::1"}, core.PodIP{IP:"fd00::1"}}: may specify no more than one IP for each IP family',
    'status.podIPs[1]: Duplicate value: core.PodIP{IP:"fd00::1"}',
  ]);
  t.same(check(ips('10.0.0.1', 'fd00::1', '10.0.0.2')), [
    'status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"10.0.0.1"}, core.PodIP{IP:"fd00::1"}, core.PodIP{IP:"10.0.0.2"}}: may specify no more than one IP for each IP family',
  ]);
  t.same(check(ips('10.0.0.1', 'bogus')), [
    `status.podIPs[1]: Invalid value: "bogus": ${IP_ERR}`,
    'status.podIPs: Internal error: failed to check for dual stack with error:invalid IP[1]: bogus',
    'status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"10.0.0.1"}, core.PodIP{IP:"bogus"}}: may specify no more than one IP for each IP family',
  ]);
  t.same(check({ podIP: 'bogus' }), [`status.podIPs[0]: Invalid value: "bogus": ${IP_ERR}`], 'podIP alone becomes podIPs[0]');
  t.same(check({ podIP: '10.0.0.9', ...ips('10.0.0.1', '10.0.0.2') }), [], 'a podIP that podIPs does not start with replaces them');
  t.same(check({ podIP: '10.0.0.1', ...ips('10.0.0.1', 'bogus') }), [
    `status.podIPs[1]: Invalid value: "bogus": ${IP_ERR}`,
    'status.podIPs: Internal error: failed to check for dual stack with error:invalid IP[1]: bogus',
    'status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"10.0.0.1"}, core.PodIP{IP:"bogus"}}: may specify no more than one IP for each IP family',
  ]);
});

t.test('host IPs: hostIPs[0] is hostIP, then valid, no duplicates, one per family', async (t) => {
  const hosts = (hostIP: string, ...list: string[]) => ({ hostIP, hostIPs: list.map((ip) => ({ ip })) });
  t.same(check(hosts('10.0.0.1', '10.0.0.2')), ['status.hostIPs[0].ip: Invalid value: "10.0.0.2": must be equal to `hostIP`']);
  t.same(check(hosts('x', 'x')), [`status.hostIPs[0]: Invalid value: "x": ${IP_ERR}`]);
  t.same(check({ hostIP: 'not checked alone' }), [], 'hostIP without hostIPs is not parsed');
  t.same(check(hosts('10.0.0.1', '10.0.0.1', '10.0.0.1')), [
    'status.hostIPs[1]: Duplicate value: core.HostIP{IP:"10.0.0.1"}',
    'status.hostIPs: Invalid value: []core.HostIP{core.HostIP{IP:"10.0.0.1"}, core.HostIP{IP:"10.0.0.1"}}: may specify no more than one IP for each IP family',
  ]);
  t.same(check(hosts('10.0.0.1', '10.0.0.1', 'fd00::1')), []);
});

t.test('container users: Linux IDs in range, none on Windows pods', async (t) => {
  const user = { linux: { uid: -1, gid: 2147483648, supplementalGroups: [1, -2] } };
  t.same(check({ containerStatuses: [{ ...running('app'), user }] }), [
    `status.containerStatuses[0].linux.uid: Invalid value: -1: ${RANGE_ERR}`,
    `status.containerStatuses[0].linux.gid: Invalid value: 2147483648: ${RANGE_ERR}`,
    `status.containerStatuses[0].linux.supplementalGroups[1]: Invalid value: -2: ${RANGE_ERR}`,
  ]);
  const windows = { os: { name: 'windows' } };
  t.same(check({ initContainerStatuses: [{ ...terminated('init'), user: { linux: { uid: 0, gid: 0 } } }] }, {}, windows), [
    'status.initContainerStatuses[0].linux: Forbidden: cannot be set for a windows pod',
  ]);
  t.same(check({ ephemeralContainerStatuses: [{ ...running('d'), user: { linux: { uid: 1000, gid: 1000 } } }] }), []);
});

t.test('allocated resource health names a request or claim of the container, known health, unique IDs', async (t) => {
  const spec = { containers: [{ ...app, resources: { requests: { cpu: '1' }, claims: [{ name: 'gpu', request: 'r' }, { name: 'net' }] } }] };
  const allocatedResourcesStatus = [
    { name: 'cpu', resources: [{ resourceID: 'a', health: 'Healthy' }, { resourceID: 'a', health: 'Bad' }] },
    { name: 'memory' },
    { name: 'claim:gpu/r' },
    { name: 'claim:gpu' },
    { name: 'claim:net' },
  ];
  const at = 'status.containerStatuses[0].allocatedResourcesStatus';
  t.same(check({ containerStatuses: [{ ...running('app'), allocatedResourcesStatus }] }, {}, spec), [
    `${at}[0].resources[1].health: Unsupported value: "Bad": supported values: "Healthy", "Unhealthy", "Unknown"`,
    `${at}[0].resources[1].resourceID: Duplicate value: "a"`,
    `${at}[1].name: Invalid value: "memory": must match one of the container's resource requests`,
    `${at}[3].name: Invalid value: "claim:gpu": must match one of the container's resource claims in a format 'claim:<claimName>/<request>' or 'claim:<claimName>' if request is empty`,
  ]);
  t.same(check({ containerStatuses: [{ ...running('gone'), allocatedResourcesStatus: [{ name: 'memory' }] }] }, {}, spec), [], 'no container, no name check');
  t.same(check({ ephemeralContainerStatuses: [{ ...running('d'), allocatedResourcesStatus: [{ name: 'cpu' }] }] }), [
    'status.ephemeralContainerStatuses[0].allocatedResourcesStatus: Forbidden: must not be specified in container status',
  ]);
});

t.test('resource claim statuses name a claim of the spec once, with a valid claim name (reported under name)', async (t) => {
  const spec = { resourceClaims: [{ name: 'a', resourceClaimTemplateName: 't' }] };
  const resourceClaimStatuses = [{ name: 'a', resourceClaimName: 'Bad_Name' }, { name: 'a' }, { name: 'b', resourceClaimName: 'ok' }];
  t.same(check({ resourceClaimStatuses }, {}, spec), [
    `status.resourceClaimStatuses[0].name: Invalid value: "Bad_Name": ${SUBDOMAIN_ERR}`,
    'status.resourceClaimStatuses[1].name: Duplicate value: "a"',
    'status.resourceClaimStatuses[2].name: Invalid value: "b": must match the name of an entry in `spec.resourceClaims`',
  ]);
});

t.test("upstream's order: annotations, conditions, scheduling fields, transitions, IPs, users", async (t) => {
  const old = pod({ containerStatuses: [terminated('app')] }, { restartPolicy: 'Never' });
  const now = pod(
    { qosClass: 'Burstable', conditions: [{ type: '-x' }], containerStatuses: [{ ...running('app'), user: { linux: { uid: -1, gid: 0 } } }], podIP: 'x' },
    { restartPolicy: 'Never' },
    { annotations: { 'kubernetes.io/config.mirror': 'm' } },
  );
  t.same(
    validatePodStatusUpdate(now, old).map((e) => e.field),
    [
      'metadata.annotations[kubernetes.io/config.mirror]',
      'metadata.annotations[kubernetes.io/config.mirror]',
      'metadata.conditions[0].Type',
      'status.qosClass',
      'status.containerStatuses[0].state',
      'status.podIPs[0]',
      'status.containerStatuses[0].linux.uid',
    ],
  );
});
