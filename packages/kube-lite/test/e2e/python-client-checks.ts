/**
 * What the Python client must observe against kube-lite, check by check (the names the scripts under `python/` print):
 * kube-apiserver 1.32's answers as the 22.6 client's models, ApiException and dynamic client show them.
 */

/** The server's `/version` fields `VersionApi().get_code()` must echo. */
export interface ServerVersion {
  readonly major: string;
  readonly minor: string;
  readonly gitVersion: string;
}

/** One writable kind kube-lite serves and its fixture object, as `python/every_kind_checks.py` reads them. */
export interface KindEntry {
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly name: string;
  readonly body: Record<string, unknown>;
}

/**
 * The kinds kube-lite serves in a group version newer than Kubernetes 1.22, for which the 22.6 client has no API
 * class or method (it has autoscaling/v2beta2, flowcontrol v1beta1, storage v1beta1 CSIStorageCapacity…).
 */
const NOT_IN_CLIENT_22_6: Readonly<Record<string, string>> = {
  'autoscaling/v2 HorizontalPodAutoscaler': 'no AutoscalingV2Api in this client',
  'storage.k8s.io/v1 CSIStorageCapacity': 'no StorageV1Api method for CSIStorageCapacity',
  'admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy': 'no AdmissionregistrationV1Api method for ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyBinding': 'no AdmissionregistrationV1Api method for ValidatingAdmissionPolicyBinding',
  'flowcontrol.apiserver.k8s.io/v1 FlowSchema': 'no FlowcontrolApiserverV1Api in this client',
  'flowcontrol.apiserver.k8s.io/v1 PriorityLevelConfiguration': 'no FlowcontrolApiserverV1Api in this client',
};

/** Model classes named apart from `<Version><Kind>` (two kinds called Event). */
const MODEL_NAMES: Readonly<Record<string, string>> = { 'v1 Event': 'CoreV1Event', 'events.k8s.io/v1 Event': 'EventsV1Event' };

/** What the every-kind check must see per kind: its model class for each answer, and each write taking effect. */
function everyKind(kinds: readonly KindEntry[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { apiVersion, kind } of kinds) {
    const key = `${apiVersion} ${kind}`;
    const version = apiVersion.split('/').at(-1) ?? '';
    const model = MODEL_NAMES[key] ?? `${version[0]?.toUpperCase() ?? ''}${version.slice(1)}${kind}`;
    out[key] = NOT_IN_CLIENT_22_6[key] ?? { types: [model, model, `${model}List`, model, model], listed: true, patched: 'patched', replaced_label: 'patched' };
  }
  return out;
}

/** The message of an invalid DNS subdomain (RFC 1123), as apimachinery's validation words it. */
const RFC1123_SUBDOMAIN = String.raw`a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`;

/** A failure `Status` body as kube-apiserver writes it. */
function failure(code: number, reason: string, message: string, details?: Record<string, unknown>): Record<string, unknown> {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details === undefined ? {} : { details }),
    code,
  };
}

/** The expected `result` of every check, keyed by check name, in the order the script runs them. */
export function pythonClientExpectations(version: ServerVersion, kinds: readonly KindEntry[]): Record<string, unknown> {
  return {
    'version.get_code': { type: 'VersionInfo', major: version.major, minor: version.minor, git_version: version.gitVersion },
    'core.namespaces': {
      type: 'V1Namespace',
      phase: 'Active',
      finalizers: ['kubernetes'],
      list_type: 'V1NamespaceList',
      listed: ['py-core', 'py-page'],
    },
    'core.configmap create and read': {
      type: 'V1ConfigMap',
      data: { k: 'v' },
      labels: { app: 'py' },
      uid_matches: true,
      resource_version_matches: true,
      creation_timestamp_type: 'datetime',
    },
    'core.configmap list label_selector': {
      'app=py': ['cm-a', 'cm-b'],
      'app!=py': ['cm-c'],
      'app in (py,other)': ['cm-a', 'cm-b', 'cm-c'],
    },
    'core.configmap list limit/_continue': [
      { names: ['p0', 'p1'], remaining: 3, has_continue: true },
      { names: ['p2', 'p3'], remaining: 1, has_continue: true },
      { names: ['p4'], remaining: null, has_continue: false },
    ],
    'core.configmap replace and stale resourceVersion': {
      data: { k: 'replaced' },
      resource_version_changed: true,
      stale: {
        status: 409,
        reason: 'Conflict',
        body: failure(
          409,
          'Conflict',
          'Operation cannot be fulfilled on configmaps "cm-a": the object has been modified; please apply your changes to the latest version and try again',
          { name: 'cm-a', kind: 'configmaps' },
        ),
      },
    },
    'core.configmap strategic merge patch': {
      added: { k: 'replaced', k2: 'v2' },
      labels: { app: 'py', patched: 'smp' },
      replaced: { only: 'x' },
    },
    'core.configmap json patch': {
      data: { j: '1' },
      failed_test: {
        status: 422,
        reason: 'Unprocessable Entity',
        body: failure(422, 'Invalid', 'the server rejected our request due to an error in our request', {}),
      },
    },
    'core.configmap delete and NotFound': {
      type: 'V1Status',
      status: 'Success',
      details: { name: 'cm-c', kind: 'configmaps' },
      read: {
        status: 404,
        reason: 'Not Found',
        body: failure(404, 'NotFound', 'configmaps "cm-c" not found', { name: 'cm-c', kind: 'configmaps' }),
      },
      delete_again: {
        status: 404,
        reason: 'Not Found',
        body: failure(404, 'NotFound', 'configmaps "cm-c" not found', { name: 'cm-c', kind: 'configmaps' }),
      },
    },
    'core.configmap AlreadyExists': {
      status: 409,
      reason: 'Conflict',
      body: failure(409, 'AlreadyExists', 'configmaps "cm-b" already exists', { name: 'cm-b', kind: 'configmaps' }),
    },
    'core.configmap Invalid': {
      status: 422,
      reason: 'Unprocessable Entity',
      body: failure(
        422,
        'Invalid',
        `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${RFC1123_SUBDOMAIN}`,
        {
          name: 'Bad_Name',
          kind: 'ConfigMap',
          causes: [
            {
              reason: 'FieldValueInvalid',
              message: `Invalid value: "Bad_Name": ${RFC1123_SUBDOMAIN}`,
              field: 'metadata.name',
            },
          ],
        },
      ),
    },
    'core.configmap in a missing namespace': {
      status: 404,
      reason: 'Not Found',
      body: failure(404, 'NotFound', 'namespaces "py-missing" not found', { name: 'py-missing', kind: 'namespaces' }),
    },
    'apps.deployment create and read': {
      type: 'V1Deployment',
      generation: 1,
      strategy: 'RollingUpdate',
      max_surge: '25%',
      revision_history_limit: 10,
      progress_deadline_seconds: 600,
      image_pull_policy: 'IfNotPresent',
      containers: [['a', 'nginx:1'], ['b', 'busybox:1']],
    },
    'apps.deployment strategic merge of containers': {
      containers: [['a', 'nginx:2'], ['b', 'busybox:1']],
      generation: 2,
    },
    'apps.deployment scale subresource': {
      type: 'V1Scale',
      patched_replicas: 3,
      read_replicas: 3,
      selector: 'app=web',
      deployment_replicas: 3,
    },
    'apps.deployment status subresource': {
      type: 'V1Deployment',
      status_type: 'V1DeploymentStatus',
      replicas_before: null,
      patched_replicas: 3,
      after: { replicas: 3, observed_generation: 3, spec_replicas: 3 },
    },
    'watch.replay from a list resourceVersion': {
      events: [
        ['ADDED', 'V1ConfigMap', 'w1', { v: '1' }],
        ['MODIFIED', 'V1ConfigMap', 'w1', { v: '2' }],
        ['DELETED', 'V1ConfigMap', 'w1', { v: '2' }],
      ],
      versions_increase: true,
    },
    'watch.live events with label_selector': {
      events: [
        ['ADDED', 'V1ConfigMap', 'w2', { v: '1' }],
        ['MODIFIED', 'V1ConfigMap', 'w2', { v: '2' }],
        ['DELETED', 'V1ConfigMap', 'w2', { v: '2' }],
      ],
    },
    'watch.timeout_seconds ends the stream': { events: [], ended_within_5s: true },
    'watch.bookmark before timeout_seconds': { events: [['BOOKMARK', 'dict', 'ConfigMap', true]] },
    'watch.expired resourceVersion raises 410': { status: 410, reason: 'Expired: too old resource version: N (N)' },
    'crd.create and wait Established': {
      type: 'V1CustomResourceDefinition',
      conditions: { NamesAccepted: 'True', Established: 'True' },
      accepted_kind: 'Widget',
      stored_versions: ['v1'],
    },
    'crd.custom objects create/get/list/patch/delete': {
      created_type: 'dict',
      uid_matches: true,
      list_kind: 'WidgetList',
      listed: ['w1', 'w2'],
      patched_spec: { color: 'red', size: 5 },
      deleted: {
        kind: 'Status',
        status: 'Success',
        details: { name: 'w2', group: 'py.example.com', kind: 'widgets' },
        details_uid_matches: true,
      },
      get_deleted: {
        status: 404,
        reason: 'Not Found',
        body: failure(
          404,
          'NotFound',
          'widgets.py.example.com "w2" not found',
          { name: 'w2', group: 'py.example.com', kind: 'widgets' },
        ),
      },
      invalid: {
        status: 422,
        reason: 'Unprocessable Entity',
        body: failure(
          422,
          'Invalid',
          'Widget.py.example.com "w3" is invalid: spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1',
          {
            name: 'w3',
            group: 'py.example.com',
            kind: 'Widget',
            causes: [
              {
                reason: 'FieldValueInvalid',
                message: 'Invalid value: 0: spec.size in body should be greater than or equal to 1',
                field: 'spec.size',
              },
            ],
          },
        ),
      },
    },
    'crd.status subresource': {
      patched: { status: { phase: 'Ready' }, size: 5 },
      read: { status: { phase: 'Ready' }, size: 5 },
    },
    'gc.propagation_policy Background': { status: 'Success', owner_read: 404, dependent_gone: true },
    'gc.propagation_policy Foreground': {
      owner_finalizers: ['foregroundDeletion'],
      owner_deleting: true,
      dependent_finalizers: ['py.example.com/hold'],
      owner_waits_for_dependent: ['foregroundDeletion'],
      dependent_gone: true,
      owner_gone: true,
    },
    'subresources.eviction and binding': {
      eviction: ['V1Eviction', 'Status'],
      evicted_pod: 404,
      binding: 'Invalid value for `target`, must not be `None`',
      bound_to: 'n-1',
    },
    'subresources.service account token and reviews': {
      token_type: 'AuthenticationV1TokenRequest',
      token_expires: true,
      review: { authenticated: true, user: 'system:serviceaccount:py-sub:default', audiences: ['py'] },
      self_access_allowed: true,
      rules_review_type: 'V1SelfSubjectRulesReview',
    },
    'subresources.status, finalize and scale': {
      node_conditions: [['Ready', 'True']],
      finalize: ['V1Namespace', ['kubernetes']],
      statefulset_scale: ['V1Scale', 2, 2],
      replicaset_scale: [4, 'app=scaled'],
      hpa_v1: ['V1HorizontalPodAutoscaler', 1, 3],
    },
    'dynamic.discovery by apiVersion and kind': {
      'v1/ConfigMap': {
        name: 'configmaps',
        namespaced: true,
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        short_names: ['cm'],
      },
      'apps/v1/Deployment': {
        name: 'deployments',
        namespaced: true,
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        short_names: ['deploy'],
      },
      'v1/Namespace': {
        name: 'namespaces',
        namespaced: false,
        verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
        short_names: ['ns'],
      },
      'py.example.com/v1/Widget': {
        name: 'widgets',
        namespaced: true,
        verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'],
        short_names: ['wg'],
      },
    },
    'dynamic.scale subresource': {
      kind: 'Scale',
      verbs: ['get', 'patch', 'update'],
      patched: 4,
      read: ['Scale', 'autoscaling/v1', 4],
    },
    'dynamic.create/get/patch/list/delete': {
      created_type: 'ResourceInstance',
      get: { kind: 'ConfigMap', data: { k: 'v' } },
      merged: { k: 'v', m: '1' },
      list: { kind: 'ConfigMapList', names: ['d1'] },
      deleted: { kind: 'Status', status: 'Success' },
      get_deleted: {
        class: 'NotFoundError',
        status: 404,
        body: failure(404, 'NotFound', 'configmaps "d1" not found', { name: 'd1', kind: 'configmaps' }),
      },
      widgets: ['w1'],
    },
    'dynamic.server_side_apply': {
      dict_body: { class: 'DynamicApiError', status: 0 },
      first: { data: { k: 'a' }, managers: [['py-a', 'Apply']] },
      conflict: {
        class: 'ConflictError',
        status: 409,
        body: failure(
          409,
          'Conflict',
          'Apply failed with 1 conflict: conflict with "py-a": .data.k',
          { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "py-a"', field: '.data.k' }] },
        ),
      },
      forced: { data: { k: 'b' }, managers: [['py-b', 'Apply']] },
    },
    'every kind through its typed API': everyKind(kinds),
  };
}
