/**
 * Pod and pod-template warnings (pkg/api/pod/warnings.go, 1.32), every rule with upstream's exact text and paths:
 * a pod's paths start at `spec`/`metadata`, a template's under its own path. Over HTTP, they come back as `Warning`
 * headers on create, and on updates that change a workload's generation.
 */
import { newPath } from '@apiserver/runtime';
import t from 'tap';
import { startKubeLite } from '../../../../src/testing/index.js';
import { jobSpecWarnings } from '../../../../src/registry/batch/job/warnings.js';
import { persistentVolumeClaimWarnings } from '../../../../src/registry/core/persistentvolumeclaim/warnings.js';
import { podTemplateWarnings, podWarnings } from '../../../../src/registry/core/pod/warnings.js';

type Json = Record<string, unknown>;
const pod = (spec: Json, annotations?: Json): Json => ({ metadata: { name: 'p', ...(annotations && { annotations }) }, spec });
const c = (extra: Json = {}): Json => ({ name: 'c', image: 'i', ...extra });

t.test('a plain pod has no warnings', async (t) => {
  t.same(podWarnings(pod({ containers: [c({ ports: [{ containerPort: 80, protocol: 'TCP' }] })] })), []);
});

t.test('deprecated node labels in nodeSelector, node affinity and topology spread', async (t) => {
  const w = podWarnings(
    pod({
      containers: [c()],
      nodeSelector: { 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/os': 'linux' },
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchExpressions: [{ key: 'failure-domain.beta.kubernetes.io/zone', operator: 'Exists' }] }],
          },
          preferredDuringSchedulingIgnoredDuringExecution: [
            { weight: 1, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }, { key: 'node-role.kubernetes.io/master', operator: 'Exists' }] } },
          ],
        },
      },
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'beta.kubernetes.io/arch', whenUnsatisfiable: 'DoNotSchedule' }],
    }),
  );
  t.same(w, [
    'spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead',
    'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: failure-domain.beta.kubernetes.io/zone is deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
    'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[1].key: node-role.kubernetes.io/master is use "node-role.kubernetes.io/control-plane" instead',
    'spec.topologySpreadConstraints[0].topologyKey: beta.kubernetes.io/arch is deprecated since v1.14; use "kubernetes.io/arch" instead',
    'spec.topologySpreadConstraints[0].labelSelector: a null labelSelector results in matching no pod',
  ]);
});

t.test('deprecated annotations, seccomp annotations without fields', async (t) => {
  const annotations = {
    'scheduler.alpha.kubernetes.io/critical-pod': '',
    'security.alpha.kubernetes.io/unsafe-sysctls': 'a=b',
    'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default',
    'container.seccomp.security.alpha.kubernetes.io/c': 'runtime/default',
    'container.seccomp.security.alpha.kubernetes.io/d': 'runtime/default',
  };
  const spec = { containers: [c(), c({ name: 'd', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } })] };
  t.same(podWarnings(pod(spec, annotations)), [
    'metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead',
    'metadata.annotations[security.alpha.kubernetes.io/unsafe-sysctls]: non-functional in v1.11+; use the "sysctls" field instead',
    'metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead',
    'metadata.annotations[container.seccomp.security.alpha.kubernetes.io/c]: non-functional in v1.27+; use the "seccompProfile" field instead',
  ]);
  const withField = { ...spec, securityContext: { seccompProfile: { type: 'RuntimeDefault' } } };
  t.notOk(
    podWarnings(pod(withField, annotations)).some((w) => w.includes('seccomp.security.alpha.kubernetes.io/pod]')),
    'the pod field silences the pod annotation warning',
  );
});

t.test('AppArmor annotations are warned about in templates only (upstream warns about a pod\'s as it syncs them to fields)', async (t) => {
  const template = { metadata: { annotations: { 'container.apparmor.security.beta.kubernetes.io/c': 'runtime/default' } }, spec: { containers: [c()] } };
  t.same(podTemplateWarnings(newPath('spec', 'template'), template), [
    'spec.template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/c]: deprecated since v1.30; use the "appArmorProfile" field instead',
  ]);
  t.same(podWarnings(pod(template.spec, template.metadata.annotations)), []);
  const withField = { ...template, spec: { ...template.spec, securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } } };
  t.same(podTemplateWarnings(newPath('spec', 'template'), withField), [], 'a pod-level field silences it');
});

t.test('deprecated volume plugins, ephemeral claim templates and projected paths over a token', async (t) => {
  const w = podWarnings(
    pod({
      containers: [c()],
      volumes: [
        { name: 'a', gitRepo: { repository: 'r' } },
        { name: 'b', storageos: { volumeName: 'v' } },
        { name: 'c', cephfs: { monitors: ['m'] } },
        { name: 'd', rbd: { monitors: ['m'], image: 'i' } },
        { name: 'e', ephemeral: { volumeClaimTemplate: { spec: { resources: { requests: { storage: '1500m' } } } } } },
        {
          name: 'f',
          projected: {
            sources: [
              { serviceAccountToken: { path: 'token' } },
              { configMap: { name: 'x', items: [{ key: 'k', path: 'other' }, { key: 'k', path: 'token' }] } },
              { secret: { name: 'x', items: [{ key: 'k', path: 'token' }] } },
              { downwardAPI: { items: [{ path: 'token', fieldRef: { fieldPath: 'metadata.name' } }] } },
              { clusterTrustBundle: { name: 'b', path: 'token' } },
            ],
          },
        },
      ],
    }),
  );
  t.same(w, [
    'spec.volumes[0].gitRepo: deprecated in v1.11',
    'spec.volumes[1].storageOS: deprecated in v1.22, non-functional in v1.25+',
    'spec.volumes[2].cephfs: deprecated in v1.28, non-functional in v1.31+',
    'spec.volumes[3].rbd: deprecated in v1.28, non-functional in v1.31+',
    'spec.volumes[4].ephemeral.volumeClaimTemplate.spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer',
    'spec.volumes[5].projected.sources.configMap[1]: has duplicated path with ServiceAccountToken "token"',
    'spec.volumes[5].projected.sources.secrets[0]: has duplicated path with ServiceAccountToken "token"',
    'spec.volumes[5].projected.sources.downwardAPI[0]: has duplicated path with ServiceAccountToken "token"',
    'spec.volumes[5].projected.sources.ClusterTrustBundle: has duplicated path with ServiceAccountToken "token"',
  ]);
});

t.test('duplicates, empty names, fractional bytes, env, grace period and null affinity selectors', async (t) => {
  const w = podWarnings(
    pod({
      initContainers: [c({ name: 'i', resources: { requests: { memory: '0.5' } } })],
      containers: [
        c({
          resources: { limits: { memory: '1.5Gi', 'ephemeral-storage': '100m' }, requests: { 'ephemeral-storage': '1' } },
          env: [
            { name: 'A', value: '1' },
            { name: 'A', value: '$(A)2' },
            { name: 'A', value: 'x' },
            { name: 'B', value: '1' },
            { name: 'B', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
          ],
        }),
      ],
      hostAliases: [{ ip: '1.2.3.4' }, { ip: '1.2.3.4' }],
      imagePullSecrets: [{ name: 's' }, { name: 's' }, { name: '' }],
      overhead: { memory: '10m' },
      terminationGracePeriodSeconds: -5,
      affinity: {
        podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'k' }] },
        podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { topologyKey: 'k' } }] },
      },
    }),
  );
  t.same(w, [
    'spec.hostAliases[1].ip: duplicate ip "1.2.3.4"',
    'spec.imagePullSecrets[1].name: duplicate name "s"',
    'spec.imagePullSecrets[2].name: invalid empty name ""',
    'spec.overhead[memory]: fractional byte value "10m" is invalid, must be an integer',
    'spec.initContainers[0].resources.requests[memory]: fractional byte value "500m" is invalid, must be an integer',
    'spec.containers[0].resources.limits[ephemeral-storage]: fractional byte value "100m" is invalid, must be an integer',
    'spec.containers[0].env[2]: hides previous definition of "A", which may be dropped when using apply',
    'spec.containers[0].env[4]: hides previous definition of "B", which may be dropped when using apply',
    'spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1',
    'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector: a null labelSelector results in matching no pod',
    'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod',
  ]);
});

t.test('ports across containers: hostIP without hostPort, duplicate, overlapping and ambiguous', async (t) => {
  const w = podWarnings(
    pod({
      containers: [
        c({ ports: [{ containerPort: 80, protocol: 'TCP' }, { containerPort: 81, protocol: 'TCP', hostIP: '10.0.0.1' }] }),
        c({
          name: 'd',
          ports: [
            { containerPort: 80, protocol: 'TCP' },
            { containerPort: 80, protocol: 'UDP' },
            { containerPort: 90, protocol: 'TCP', hostPort: 90 },
          ],
        }),
        c({
          name: 'e',
          ports: [
            { containerPort: 80, protocol: 'TCP', hostPort: 8080 },
            { containerPort: 90, protocol: 'TCP', hostPort: 90, hostIP: '10.0.0.2' },
            { containerPort: 90, protocol: 'TCP', hostPort: 91 },
          ],
        }),
      ],
    }),
  );
  t.same(w, [
    'spec.containers[0].ports[1]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:81 Protocol:TCP HostIP:10.0.0.1}',
    'spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[0]',
    'spec.containers[2].ports[0]: overlapping port definition with spec.containers[0].ports[0]',
    'spec.containers[2].ports[0]: overlapping port definition with spec.containers[1].ports[0]',
    'spec.containers[2].ports[1]: dangerously ambiguous port definition with spec.containers[1].ports[2]',
  ]);
});

t.test('templates: paths under the template; jobs; claims', async (t) => {
  const template = { spec: { containers: [c()], nodeSelector: { 'beta.kubernetes.io/arch': 'amd64' } } };
  t.same(podTemplateWarnings(newPath('spec', 'template'), template), [
    'spec.template.spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead',
  ]);
  t.same(podTemplateWarnings(newPath('spec', 'template'), undefined), [], 'no template, no warnings');
  t.same(jobSpecWarnings(newPath('spec', 'jobTemplate', 'spec'), { completionMode: 'Indexed', completions: 100_001, parallelism: 10_001, template }), [
    'spec.jobTemplate.spec: In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail',
    'spec.jobTemplate.spec.template.spec.nodeSelector[beta.kubernetes.io/arch]: deprecated since v1.14; use "kubernetes.io/arch" instead',
  ]);
  t.same(jobSpecWarnings(newPath('spec'), { completionMode: 'Indexed', completions: 100_000, parallelism: 10_001 }), [], 'at the soft limit: none');
  t.same(jobSpecWarnings(newPath('spec'), { completionMode: 'NonIndexed', completions: 200_000, parallelism: 20_000 }), [], 'not Indexed: none');
  t.same(
    persistentVolumeClaimWarnings({
      metadata: { name: 'c', annotations: { 'volume.beta.kubernetes.io/storage-class': 'fast' } },
      spec: { resources: { requests: { storage: '1.5' }, limits: { storage: '2Gi' } } },
    }),
    [
      'metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use "storageClassName" attribute instead',
      'spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer',
    ],
  );
});

t.test('over HTTP: Warning headers on create, and on updates that change the generation', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const call = async (path: string, method: string, body?: unknown) => {
    const res = await fetch(`${kl.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as Json, warning: res.headers.get('warning') };
  };
  const oldOS = { 'beta.kubernetes.io/os': 'linux' };
  const osWarning = (prefix: string) => `299 - "${prefix}spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use \\"kubernetes.io/os\\" instead"`;

  const created = await call('/api/v1/namespaces/default/pods', 'POST', { metadata: { name: 'a.b' }, spec: { containers: [c()], nodeSelector: oldOS } });
  t.equal(created.status, 201);
  t.equal(
    created.warning,
    `299 - "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]", ${osWarning('')}`,
  );
  const plain = await call('/api/v1/namespaces/default/pods', 'POST', { metadata: { name: 'plain' }, spec: { containers: [c()] } });
  t.same([plain.status, plain.warning], [201, null], 'a plain pod: no Warning header');

  const template = (nodeSelector?: Json) => ({ metadata: { labels: { app: 'w' } }, spec: { containers: [c()], ...(nodeSelector && { nodeSelector }) } });
  const deployment = { metadata: { name: 'w' }, spec: { selector: { matchLabels: { app: 'w' } }, template: template(oldOS) } };
  const d = await call('/apis/apps/v1/namespaces/default/deployments', 'POST', deployment);
  t.same([d.status, d.warning], [201, osWarning('spec.template.')], 'a deployment: its template\'s warnings');
  const relabelled = await call('/apis/apps/v1/namespaces/default/deployments/w', 'PUT', { ...d.body, metadata: { ...(d.body['metadata'] as Json), labels: { x: 'y' } } });
  t.same([relabelled.status, relabelled.warning], [200, null], 'an update leaving the generation alone: no warnings');
  const scaled = await call('/apis/apps/v1/namespaces/default/deployments/w', 'PUT', { ...relabelled.body, spec: { ...(relabelled.body['spec'] as Json), replicas: 3 } });
  t.same([scaled.status, scaled.warning], [200, osWarning('spec.template.')], 'a spec change: the template\'s warnings again');

  const rc = await call('/api/v1/namespaces/default/replicationcontrollers', 'POST', { metadata: { name: 'rc' }, spec: { selector: { app: 'w' }, template: template(oldOS) } });
  t.same([rc.status, rc.warning], [201, osWarning('spec.template.')]);
  const fixed = await call('/api/v1/namespaces/default/replicationcontrollers/rc', 'PUT', { ...rc.body, spec: { ...(rc.body['spec'] as Json), template: template() } });
  t.same([fixed.status, fixed.warning], [200, osWarning('spec.template.')], 'a replication controller update warns about the old template, as 1.32 does');

  const claim = await call('/api/v1/namespaces/default/persistentvolumeclaims', 'POST', {
    metadata: { name: 'claim' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1.5' } } },
  });
  t.same([claim.status, claim.warning], [201, '299 - "spec.resources.requests[storage]: fractional byte value \\"1500m\\" is invalid, must be an integer"']);
});
