/** Fully populated objects of the Event, Node, Endpoints, ReplicaSet and Lease kinds (every modelled field set). */

const meta = (name: string, namespace?: string) => ({
  name,
  ...(namespace === undefined ? {} : { namespace }),
  uid: '6b9f6a52-0d0a-4d0e-9a55-1f0c3f6f4a11',
  resourceVersion: '42',
  creationTimestamp: '2024-05-01T10:00:00Z',
  labels: { app: 'web' },
});

const ref = { kind: 'Pod', namespace: 'default', name: 'web-1', uid: 'u-1', apiVersion: 'v1', resourceVersion: '7', fieldPath: 'spec.containers{web}' };

const event = {
  kind: 'Event',
  apiVersion: 'v1',
  metadata: meta('web-1.17c', 'default'),
  involvedObject: ref,
  reason: 'Pulled',
  message: 'Container image "nginx:1.27" already present on machine',
  source: { component: 'kubelet', host: 'node-1' },
  firstTimestamp: '2024-05-01T10:00:01Z',
  lastTimestamp: '2024-05-01T10:05:01Z',
  count: 3,
  type: 'Normal',
  eventTime: '2024-05-01T10:00:01.123456Z',
  series: { count: 2, lastObservedTime: '2024-05-01T10:05:01.000001Z' },
  action: 'Pulling',
  related: { kind: 'Node', name: 'node-1' },
  reportingComponent: 'kubelet',
  reportingInstance: 'node-1',
};

const configSource = { configMap: { namespace: 'kube-system', name: 'kubelet', uid: 'u-2', resourceVersion: '9', kubeletConfigKey: 'kubelet' } };

const node = {
  kind: 'Node',
  apiVersion: 'v1',
  metadata: meta('node-1'),
  spec: {
    podCIDR: '10.244.0.0/24',
    podCIDRs: ['10.244.0.0/24', 'fd00::/64'],
    providerID: 'kind://docker/kind/node-1',
    unschedulable: true,
    taints: [
      { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
      { key: 'dedicated', value: 'gpu', effect: 'NoExecute', timeAdded: '2024-05-01T10:00:00Z' },
    ],
    configSource,
    externalID: 'node-1',
  },
  status: {
    capacity: { cpu: '4', memory: '8Gi', pods: '110' },
    allocatable: { cpu: '3800m', memory: '7Gi', pods: '110' },
    phase: 'Running',
    conditions: [
      {
        type: 'Ready',
        status: 'True',
        lastHeartbeatTime: '2024-05-01T10:00:00Z',
        lastTransitionTime: '2024-05-01T09:00:00Z',
        reason: 'KubeletReady',
        message: 'kubelet is posting ready status',
      },
    ],
    addresses: [
      { type: 'InternalIP', address: '172.18.0.2' },
      { type: 'Hostname', address: 'node-1' },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    nodeInfo: {
      machineID: 'm',
      systemUUID: 's',
      bootID: 'b',
      kernelVersion: '6.1.0',
      osImage: 'Debian GNU/Linux 12 (bookworm)',
      containerRuntimeVersion: 'containerd://1.7.13',
      kubeletVersion: 'v1.32.0',
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
    images: [{ names: ['docker.io/library/nginx@sha256:abc', 'docker.io/library/nginx:1.27'], sizeBytes: 71000000 }, { sizeBytes: 1024 }],
    volumesInUse: ['kubernetes.io/csi/x^vol-1'],
    volumesAttached: [{ name: 'kubernetes.io/csi/x^vol-1', devicePath: '/dev/sdb' }],
    config: { assigned: configSource, active: configSource, lastKnownGood: configSource, error: 'none' },
    runtimeHandlers: [{ name: 'runc', features: { recursiveReadOnlyMounts: true, userNamespaces: false } }, { name: '' }],
    features: { supplementalGroupsPolicy: true },
  },
};

const endpoints = {
  kind: 'Endpoints',
  apiVersion: 'v1',
  metadata: meta('web', 'default'),
  subsets: [
    {
      addresses: [{ ip: '10.244.0.5', hostname: 'web-1', nodeName: 'node-1', targetRef: ref }],
      notReadyAddresses: [{ ip: '10.244.0.6' }],
      ports: [{ name: 'http', port: 8080, protocol: 'TCP', appProtocol: 'kubernetes.io/h2c' }],
    },
  ],
};

const replicaSet = {
  kind: 'ReplicaSet',
  apiVersion: 'apps/v1',
  metadata: meta('web-5d4f', 'default'),
  spec: {
    replicas: 3,
    minReadySeconds: 5,
    selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['fe'] }] },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }] }] },
    },
  },
  status: {
    replicas: 3,
    fullyLabeledReplicas: 3,
    readyReplicas: 2,
    availableReplicas: 2,
    observedGeneration: 4,
    conditions: [{ type: 'ReplicaFailure', status: 'False', lastTransitionTime: '2024-05-01T10:00:00Z', reason: 'R', message: 'M' }],
  },
};

const lease = {
  kind: 'Lease',
  apiVersion: 'coordination.k8s.io/v1',
  metadata: meta('kube-controller-manager', 'kube-system'),
  spec: {
    holderIdentity: 'cm-1_5f2c',
    leaseDurationSeconds: 15,
    acquireTime: '2024-05-01T10:00:00.000001Z',
    renewTime: '2024-05-01T10:00:10.250000Z',
    leaseTransitions: 2,
    strategy: 'OldestEmulationVersion',
    preferredHolder: 'cm-2_77aa',
  },
};

/** One fully populated object per new kind, keyed by kind. */
export const FULL_OBJECTS: Record<string, Record<string, unknown>> = {
  Event: event,
  Node: node,
  Endpoints: endpoints,
  ReplicaSet: replicaSet,
  Lease: lease,
};
