/**
 * Pod fields whose feature gate is off in Kubernetes 1.32 (pkg/api/pod `DropDisabledPodFields` and
 * `DropDisabledTemplateFields`): each is dropped on create, kept on an update of an object that already used it, and
 * dropped on an update of one that did not; over HTTP, pods and the workloads' templates drop them (pods/status, as in
 * 1.32, does not).
 */
import t from 'tap';
import { dropDisabledPodFields, dropDisabledTemplateFields } from '../../../../src/registry/core/pod/drop-disabled-fields.js';
import { startKubeLite } from '../../../../src/testing/index.js';

type Json = Record<string, unknown>;
const c = (extra: Json = {}): Json => ({ name: 'c', image: 'i', ...extra });
const podOf = (spec: Json, status?: Json): Json => ({ metadata: { name: 'p' }, spec, ...(status && { status }) });
const copy = <T>(v: T): T => structuredClone(v);

/** One gated field: a spec using it, and that spec once the field is dropped. */
type GatedField = readonly [name: string, withField: Json, dropped: Json];

const GATED_FIELDS: readonly GatedField[] = [
  ['hostUsers (UserNamespacesSupport)', { containers: [c()], hostUsers: false }, { containers: [c()] }],
  [
    'securityContext.supplementalGroupsPolicy (SupplementalGroupsPolicy)',
    { containers: [c()], securityContext: { runAsUser: 1, supplementalGroupsPolicy: 'Strict' } },
    { containers: [c()], securityContext: { runAsUser: 1 } },
  ],
  [
    'securityContext.seLinuxChangePolicy (SELinuxChangePolicy)',
    { containers: [c()], securityContext: { seLinuxChangePolicy: 'Recursive' } },
    { containers: [c()], securityContext: {} },
  ],
  [
    'procMount, reset to Default (ProcMountType)',
    { initContainers: [c({ name: 'i', securityContext: { procMount: 'Default' } })], containers: [c({ securityContext: { procMount: 'Unmasked' } })] },
    { initContainers: [c({ name: 'i', securityContext: { procMount: 'Default' } })], containers: [c({ securityContext: { procMount: 'Default' } })] },
  ],
  ['pod-level resources (PodLevelResources)', { containers: [c()], resources: { limits: { cpu: '1' } } }, { containers: [c()] }],
  [
    'resourceClaims and resources.claims (DynamicResourceAllocation)',
    {
      initContainers: [c({ name: 'i', resources: { claims: [{ name: 'gpu' }] } })],
      containers: [c({ resources: { limits: { cpu: '1' }, claims: [{ name: 'gpu' }] } })],
      ephemeralContainers: [c({ name: 'e', resources: { claims: [{ name: 'gpu' }] } })],
      resourceClaims: [{ name: 'gpu', resourceClaimName: 'rc' }],
    },
    {
      initContainers: [c({ name: 'i', resources: {} })],
      containers: [c({ resources: { limits: { cpu: '1' } } })],
      ephemeralContainers: [c({ name: 'e', resources: {} })],
    },
  ],
  [
    'resizePolicy (InPlacePodVerticalScaling)',
    {
      initContainers: [c({ name: 'i', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] })],
      containers: [c({ resizePolicy: [{ resourceName: 'memory', restartPolicy: 'RestartContainer' }] })],
    },
    { initContainers: [c({ name: 'i' })], containers: [c()] },
  ],
  [
    'image volumes and their mounts (ImageVolume)',
    {
      containers: [c({ volumeMounts: [{ name: 'img', mountPath: '/a' }, { name: 'e', mountPath: '/b' }] }), c({ name: 'd', volumeMounts: [{ name: 'img', mountPath: '/a' }] })],
      volumes: [{ name: 'img', image: { reference: 'r:1' } }, { name: 'e', emptyDir: {} }],
    },
    { containers: [c({ volumeMounts: [{ name: 'e', mountPath: '/b' }] }), c({ name: 'd' })], volumes: [{ name: 'e', emptyDir: {} }] },
  ],
  [
    'projected clusterTrustBundle sources (ClusterTrustBundleProjection)',
    { containers: [c()], volumes: [{ name: 'p', projected: { sources: [{ clusterTrustBundle: { name: 'b', path: 'ca.pem' } }, { configMap: { name: 'm' } }] } }] },
    { containers: [c()], volumes: [{ name: 'p', projected: { sources: [{}, { configMap: { name: 'm' } }] } }] },
  ],
];

t.test('each gated field: dropped on create, kept when the old pod used it, dropped when it did not', async (t) => {
  for (const [name, withField, dropped] of GATED_FIELDS) {
    const created = podOf(copy(withField));
    dropDisabledPodFields(created);
    t.same(created.spec, dropped, `${name}: create`);
    const kept = podOf(copy(withField));
    dropDisabledPodFields(kept, podOf(copy(withField)));
    t.same(kept.spec, withField, `${name}: update of a pod using it`);
    const added = podOf(copy(withField));
    dropDisabledPodFields(added, podOf(copy(dropped)));
    t.same(added.spec, dropped, `${name}: update of a pod not using it`);
  }
});

t.test('each gated field of a template: dropped on create, kept when the old template used it', async (t) => {
  for (const [name, withField, dropped] of GATED_FIELDS) {
    const created = { metadata: { labels: { a: 'b' } }, spec: copy(withField) };
    dropDisabledTemplateFields(created);
    t.same(created, { metadata: { labels: { a: 'b' } }, spec: dropped }, `${name}: create`);
    const kept = { spec: copy(withField) };
    dropDisabledTemplateFields(kept, { spec: copy(withField) });
    t.same(kept.spec, withField, `${name}: update of a template using it`);
    const added = { spec: copy(withField) };
    dropDisabledTemplateFields(added, { spec: copy(dropped) });
    t.same(added.spec, dropped, `${name}: update of a template not using it`);
  }
  t.doesNotThrow(() => dropDisabledTemplateFields(undefined), 'an absent template (a ReplicationController without one)');
});

t.test('what counts as in use in the old spec, as 1.32 decides it', async (t) => {
  const resize = [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }];
  const initOnly = podOf({ initContainers: [c({ name: 'i', resizePolicy: resize })], containers: [c({ resizePolicy: resize })] });
  dropDisabledPodFields(initOnly, podOf({ initContainers: [c({ name: 'i', resizePolicy: resize })], containers: [c()] }));
  t.same(initOnly.spec, { initContainers: [c({ name: 'i' })], containers: [c()] }, 'an init container resize policy is not a use (1.33 counts it)');

  const emptyResources = podOf({ containers: [c()], resources: { limits: { cpu: '1' } } });
  dropDisabledPodFields(emptyResources, podOf({ containers: [c()], resources: { requests: {} } }));
  t.same(emptyResources.spec, { containers: [c()] }, 'pod-level resources without requests or limits are not a use');

  const nullHostUsers = podOf({ containers: [c()], hostUsers: true });
  dropDisabledPodFields(nullHostUsers, podOf({ containers: [c()], hostUsers: null }));
  t.same(nullHostUsers.spec, { containers: [c()] }, 'a null field is not set');

  const ephemeralProcMount = podOf({ containers: [c({ securityContext: { procMount: 'Unmasked' } })] });
  dropDisabledPodFields(ephemeralProcMount, podOf({ containers: [c()], ephemeralContainers: [c({ name: 'e', securityContext: { procMount: 'Unmasked' } })] }));
  t.same(ephemeralProcMount.spec, { containers: [c({ securityContext: { procMount: 'Unmasked' } })] }, 'an ephemeral container with a non-default procMount is a use');

  const noSpec: Json = { metadata: { name: 'p' } };
  dropDisabledPodFields(noSpec);
  t.same(noSpec, { metadata: { name: 'p' } }, 'a pod without a spec is left alone');
});

t.test('status fields: dropped unless the old spec used their feature; allocated resources and their health always', async (t) => {
  const status = (): Json => ({
    phase: 'Running',
    resize: 'InProgress',
    resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: 'rc' }],
    containerStatuses: [
      { name: 'c', ready: true, resources: { limits: { cpu: '1' } }, allocatedResources: { cpu: '1' }, allocatedResourcesStatus: [{ name: 'cpu' }], user: { linux: { uid: 1, gid: 1 } } },
    ],
    initContainerStatuses: [{ name: 'i', ready: false, user: { linux: { uid: 1, gid: 1 } } }],
  });
  const spec = { containers: [c()] };
  const created = podOf(spec, status());
  dropDisabledPodFields(created);
  t.same(created.status, { phase: 'Running', containerStatuses: [{ name: 'c', ready: true }], initContainerStatuses: [{ name: 'i', ready: false }] });

  const using = {
    containers: [c({ resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }] })],
    resourceClaims: [{ name: 'gpu', resourceClaimName: 'rc' }],
    securityContext: { supplementalGroupsPolicy: 'Merge' },
  };
  const updated = podOf(copy(using), status());
  dropDisabledPodFields(updated, podOf(copy(using)));
  t.same(updated.status, {
    phase: 'Running',
    resize: 'InProgress',
    resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: 'rc' }],
    containerStatuses: [{ name: 'c', ready: true, resources: { limits: { cpu: '1' } }, user: { linux: { uid: 1, gid: 1 } } }],
    initContainerStatuses: [{ name: 'i', ready: false, user: { linux: { uid: 1, gid: 1 } } }],
  });
});

t.test('over HTTP: pods, pods/status, and the templates of deployments and cronjobs', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const call = async (path: string, method: string, body?: unknown) => {
    const res = await fetch(`${kl.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const pods = '/api/v1/namespaces/default/pods';
  const gated = {
    hostUsers: false,
    securityContext: { supplementalGroupsPolicy: 'Strict', seLinuxChangePolicy: 'Recursive' },
    resources: { requests: { cpu: '1' } },
    resourceClaims: [{ name: 'gpu', resourceClaimName: 'rc' }],
    volumes: [{ name: 'img', image: { reference: 'r:1' } }],
    containers: [
      c({
        securityContext: { procMount: 'Unmasked' },
        resources: { claims: [{ name: 'gpu' }] },
        resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }],
        volumeMounts: [{ name: 'img', mountPath: '/img' }],
      }),
    ],
  };
  const created = await call(pods, 'POST', { metadata: { name: 'p' }, spec: gated });
  t.equal(created.status, 201, 'pod created');
  const spec = created.body.spec as Json;
  const container = (spec.containers as Json[])[0] as Json;
  // The image volume and its mount are dropped; what remains is the ServiceAccount admission plugin's API access volume.
  const [access, ...others] = (spec.volumes ?? []) as Json[];
  t.match(access?.name, /^kube-api-access-[a-z0-9]{5}$/);
  t.same(
    [spec.hostUsers, spec.securityContext, spec.resources, spec.resourceClaims, others],
    [undefined, {}, undefined, undefined, []],
    'pod-level gated fields dropped',
  );
  const accessMount = { name: access?.name, readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' };
  t.same([container.securityContext, container.resources, container.resizePolicy, container.volumeMounts], [{ procMount: 'Default' }, {}, undefined, [accessMount]], 'container fields dropped');
  t.same((await call(`${pods}/p`, 'GET')).body.spec, spec, 'stored as answered');

  const stored = (await call(`${pods}/p`, 'GET')).body;
  const containerStatus = { name: 'c', ready: false, restartCount: 0, image: 'i', imageID: '', allocatedResources: { cpu: '1' }, user: { linux: { uid: 0, gid: 0 } } };
  const statusUpdate = await call(`${pods}/p/status`, 'PUT', { ...stored, status: { ...(stored.status as Json), resize: 'Proposed', containerStatuses: [containerStatus] } });
  t.equal(statusUpdate.status, 200, 'status updated');
  const status = statusUpdate.body.status as Json;
  // 1.32's podStatusStrategy drops nothing for a gate that is off (DropDisabledPodFields joined it in 1.33).
  t.equal(status.resize, 'Proposed', 'pods/status keeps resize');
  t.same(
    status.containerStatuses,
    [{ name: 'c', state: {}, lastState: {}, ready: false, restartCount: 0, image: 'i', imageID: '', allocatedResources: { cpu: '1' }, user: { linux: { uid: 0, gid: 0 } } }],
    "and the container statuses' allocatedResources and user",
  );

  const deployments = '/apis/apps/v1/namespaces/default/deployments';
  const template = { metadata: { labels: { app: 'a' } }, spec: { containers: [c()], hostUsers: false } };
  const deployment = await call(deployments, 'POST', { metadata: { name: 'd' }, spec: { selector: { matchLabels: { app: 'a' } }, template } });
  t.equal(deployment.status, 201, 'deployment created');
  const deploymentTemplate = (deployment.body.spec as Json).template as Json;
  t.equal((deploymentTemplate.spec as Json).hostUsers, undefined, 'a deployment template\'s hostUsers dropped on create');
  const withResize = structuredClone(deployment.body);
  (((withResize.spec as Json).template as Json).spec as { containers: Json[] }).containers[0]!.resizePolicy = [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }];
  const updated = await call(`${deployments}/d`, 'PUT', withResize);
  t.equal(updated.status, 200, 'deployment updated');
  const updatedContainer = ((((updated.body.spec as Json).template as Json).spec as Json).containers as Json[])[0] as Json;
  t.equal(updatedContainer.resizePolicy, undefined, 'a resizePolicy added by an update is dropped');
  t.equal((updated.body.metadata as Json).generation, 1, 'and, dropped before the spec is compared, does not bump the generation');

  const cronjob = await call('/apis/batch/v1/namespaces/default/cronjobs', 'POST', {
    metadata: { name: 'cj' },
    spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [c()], hostUsers: false } } } } },
  });
  t.equal(cronjob.status, 201, 'cronjob created');
  const jobTemplate = (cronjob.body.spec as Json).jobTemplate as { spec: { template: { spec: Json } } };
  t.equal(jobTemplate.spec.template.spec.hostUsers, undefined, 'a cronjob\'s job template drops them at spec.jobTemplate.spec.template');
});
