/**
 * Container `env`, `envFrom` and `resources` validation (pkg/apis/core/validation `ValidateEnv`, `ValidateEnvFrom`,
 * `ValidateContainerResourceRequirements`) on pods, init containers, ephemeral containers and a Deployment's pod
 * template. Each row is a container change and the causes a 1.32 kube-apiserver answers with (none: accepted).
 */
import { type ApiObject, Store } from '@apiserver/registry';
import { newPath, type StatusError } from '@apiserver/runtime';
import t, { type Test } from 'tap';
import { newDeploymentStorage } from '../../../../src/registry/apps/deployment/storage.js';
import { EphemeralContainersStrategy } from '../../../../src/registry/core/pod/ephemeral-containers.js';
import { isRelaxedEnvVarName } from '../../../../src/registry/core/pod/env-validation.js';
import { validateContainerResourceRequirements } from '../../../../src/registry/core/pod/resources-validation.js';
import { newPodStorage } from '../../../../src/registry/core/pod/storage.js';
import { ctxIn, memoryGetter, statusErrorOf } from '../core-fixtures.js';

type Rec = Record<string, unknown>;
/** A cause as [field, reason, message]. */
type Cause = [string, string, string];

const ctx = ctxIn('default');
const C0 = 'spec.containers[0]';
const RELAXED = "a valid environment variable name must consist only of printable ASCII characters other than '='";
const DNS_SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const ENV_FIELD_PATHS =
  '"metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"';
const ENV_RESOURCES = '"limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"';
const BYTES = '1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei';
/** A domain of 250 characters: a qualified name's prefix, but too long once `requests.` is put before it. */
const LONG_DOMAIN = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}`;

const fieldRef = (fieldPath: string, apiVersion?: string): Rec => ({ valueFrom: { fieldRef: { fieldPath, ...(apiVersion === undefined ? {} : { apiVersion }) } } });
const resourceRef = (resource: string, divisor?: string): Rec => ({ valueFrom: { resourceFieldRef: { resource, ...(divisor === undefined ? {} : { divisor }) } } });
const env = (...vars: Rec[]): Rec => ({ env: vars.map((v, i) => ({ name: `V${i}`, ...v })) });

const causesOf = (err: StatusError): Cause[] =>
  (err.status.details?.causes ?? []).map((c) => [c.field ?? '', c.reason ?? '', c.message ?? '']);

/** [title, container fields, expected causes]. */
const ENV_CASES: Array<[string, Rec, Cause[]]> = [
  ['plain values and relaxed names', env({ value: 'x' }, { name: '1 my-var!', value: 'y' }, { name: 'a.b-c' }), []],
  ['name required', env({ name: '' }), [[`${C0}.env[0].name`, 'FieldValueRequired', 'Required value']]],
  ['name with "="', env({ name: 'A=B' }), [[`${C0}.env[0].name`, 'FieldValueInvalid', `Invalid value: "A=B": ${RELAXED}`]]],
  ['name with a control character', env({ name: 'A\tB' }), [[`${C0}.env[0].name`, 'FieldValueInvalid', `Invalid value: "A\\tB": ${RELAXED}`]]],
  [
    'valueFrom without a source',
    env({ valueFrom: {} }),
    [[`${C0}.env[0].valueFrom`, 'FieldValueInvalid', 'Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`']],
  ],
  ['value beside valueFrom', env({ value: 'v', ...fieldRef('metadata.name') }), [[`${C0}.env[0].valueFrom`, 'FieldValueInvalid', 'Invalid value: "": may not be specified when `value` is not empty']]],
  [
    'two sources',
    env({ valueFrom: { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 's', key: 'k' } } }),
    [[`${C0}.env[0].valueFrom`, 'FieldValueInvalid', 'Invalid value: "": may not have more than one field specified at a time']],
  ],
  ['supported field paths', env(fieldRef('metadata.name'), fieldRef('status.hostIPs'), fieldRef('spec.host'), fieldRef("metadata.labels['app']"), fieldRef("metadata.annotations['A.B/C']")), []],
  ['field path not for env', env(fieldRef('status.phase')), [[`${C0}.env[0].valueFrom.fieldRef.fieldPath`, 'FieldValueNotSupported', `Unsupported value: "status.phase": supported values: ${ENV_FIELD_PATHS}`]]],
  [
    'unknown field path',
    env(fieldRef('spec.containers')),
    [[`${C0}.env[0].valueFrom.fieldRef.fieldPath`, 'FieldValueInvalid', 'Invalid value: "spec.containers": error converting fieldPath: field label not supported: spec.containers']],
  ],
  [
    'field path of another version',
    env(fieldRef('metadata.name', 'v2')),
    [[`${C0}.env[0].valueFrom.fieldRef.fieldPath`, 'FieldValueInvalid', 'Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2']],
  ],
  [
    'subscript on a field without keys',
    env(fieldRef("metadata.name['x']")),
    [[`${C0}.env[0].valueFrom.fieldRef.fieldPath`, 'FieldValueInvalid', `Invalid value: "metadata.name['x']": error converting fieldPath: field label does not support subscript: metadata.name['x']`]],
  ],
  [
    'label subscript not a qualified name',
    env(fieldRef("metadata.labels['a b']")),
    [
      [
        `${C0}.env[0].valueFrom.fieldRef`,
        'FieldValueInvalid',
        `Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      ],
    ],
  ],
  ['resource fields and divisors', env(resourceRef('limits.cpu', '1m'), resourceRef('requests.memory', '1Mi'), resourceRef('limits.hugepages-2Mi', '1Ki'), resourceRef('limits.ephemeral-storage')), []],
  ['resource required', env({ valueFrom: { resourceFieldRef: {} } }), [[`${C0}.env[0].valueFrom.resourceFieldRef.resource`, 'FieldValueRequired', 'Required value']]],
  ['resource not exposed', env(resourceRef('limits.nvidia.com/gpu')), [[`${C0}.env[0].valueFrom.resourceFieldRef.resource`, 'FieldValueNotSupported', `Unsupported value: "limits.nvidia.com/gpu": supported values: ${ENV_RESOURCES}`]]],
  [
    'divisors per resource',
    env(resourceRef('limits.cpu', '1Mi'), resourceRef('requests.memory', '2'), resourceRef('limits.ephemeral-storage', '1m'), resourceRef('requests.hugepages-1Gi', '10')),
    [
      [`${C0}.env[0].valueFrom.resourceFieldRef.divisor`, 'FieldValueInvalid', `Invalid value: "limits.cpu": only divisor's values 1m and 1 are supported with the cpu resource`],
      [`${C0}.env[1].valueFrom.resourceFieldRef.divisor`, 'FieldValueInvalid', `Invalid value: "requests.memory": only divisor's values ${BYTES} are supported with the memory resource`],
      [`${C0}.env[2].valueFrom.resourceFieldRef.divisor`, 'FieldValueInvalid', `Invalid value: "limits.ephemeral-storage": only divisor's values ${BYTES} are supported with the local ephemeral storage resource`],
      [`${C0}.env[3].valueFrom.resourceFieldRef.divisor`, 'FieldValueInvalid', `Invalid value: "requests.hugepages-1Gi": only divisor's values ${BYTES} are supported with the hugepages resource`],
    ],
  ],
  ['config map and secret keys', env({ valueFrom: { configMapKeyRef: { name: 'cm', key: 'a.b_C-1' } } }, { valueFrom: { secretKeyRef: { name: 's', key: 'k', optional: true } } }), []],
  [
    'bad key selectors',
    env({ valueFrom: { configMapKeyRef: { name: 'cm', key: 'a b' } } }, { valueFrom: { secretKeyRef: { key: '' } } }, { valueFrom: { secretKeyRef: { name: 's', key: '..k' } } }),
    [
      [
        `${C0}.env[0].valueFrom.configMapKeyRef.key`,
        'FieldValueInvalid',
        `Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
      ],
      [`${C0}.env[1].valueFrom.secretKeyRef.name`, 'FieldValueInvalid', `Invalid value: "": ${DNS_SUBDOMAIN}`],
      [`${C0}.env[1].valueFrom.secretKeyRef.key`, 'FieldValueRequired', 'Required value'],
      [`${C0}.env[2].valueFrom.secretKeyRef.key`, 'FieldValueInvalid', `Invalid value: "..k": must not start with '..'`],
    ],
  ],
  ['envFrom sources and prefixes', { envFrom: [{ prefix: 'CM_ ', configMapRef: { name: 'cm' } }, { secretRef: { name: 's', optional: true } }] }, []],
  [
    'bad envFrom entries',
    { envFrom: [{ prefix: 'P=', configMapRef: { name: 'cm' } }, {}, { configMapRef: { name: 'a' }, secretRef: { name: 'b' } }, { configMapRef: {} }, { secretRef: { name: 'Bad_Name' } }] },
    [
      [`${C0}.envFrom[0].prefix`, 'FieldValueInvalid', `Invalid value: "P=": ${RELAXED}`],
      [`${C0}.envFrom`, 'FieldValueInvalid', 'Invalid value: "": must specify one of: `configMapRef` or `secretRef`'],
      [`${C0}.envFrom`, 'FieldValueInvalid', 'Invalid value: "": may not have more than one field specified at a time'],
      [`${C0}.envFrom[3].configMapRef.name`, 'FieldValueRequired', 'Required value'],
      [`${C0}.envFrom[4].secretRef.name`, 'FieldValueInvalid', `Invalid value: "Bad_Name": ${DNS_SUBDOMAIN}`],
    ],
  ],
];

const RESOURCE_CASES: Array<[string, Rec, Cause[]]> = [
  [
    'standard, extended and hugepages resources',
    { limits: { cpu: '1', memory: '1Gi', 'ephemeral-storage': '1Gi', 'example.com/foo': '2', 'hugepages-2Mi': '4Mi', 'kubernetes.io/bar': '1' }, requests: { cpu: '500m', 'example.com/foo': '2', 'hugepages-2Mi': '4Mi' } },
    [],
  ],
  [
    'requests above limits',
    { limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1500m', memory: '1025Mi' } },
    [
      [`${C0}.resources.requests`, 'FieldValueInvalid', 'Invalid value: "1500m": must be less than or equal to cpu limit of 1'],
      [`${C0}.resources.requests`, 'FieldValueInvalid', 'Invalid value: "1025Mi": must be less than or equal to memory limit of 1Gi'],
    ],
  ],
  [
    'extended resources are not overcommitted',
    { limits: { 'example.com/foo': '2' }, requests: { 'example.com/foo': '1', 'example.com/bar': '1' } },
    [
      [`${C0}.resources.limits`, 'FieldValueRequired', 'Required value: Limit must be set for non overcommitable resources'],
      [`${C0}.resources.requests`, 'FieldValueInvalid', 'Invalid value: "1": must be equal to example.com/foo limit of 2'],
    ],
  ],
  [
    // Requests only: a pod's limits become its missing requests (SetDefaults_Pod), which would repeat every cause.
    'resource names',
    { requests: { foo: '1', requests: '1', [`${LONG_DOMAIN}/gpu`]: '1', 'Bad Name': '1' } },
    [
      [
        `${C0}.resources.requests[Bad Name]`,
        'FieldValueInvalid',
        `Invalid value: "Bad Name": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      ],
      [`${C0}.resources.requests[Bad Name]`, 'FieldValueInvalid', 'Invalid value: "Bad Name": must be a standard resource for containers'],
      [`${C0}.resources.requests[${LONG_DOMAIN}/gpu]`, 'FieldValueInvalid', `Invalid value: "${LONG_DOMAIN}/gpu": doesn't follow extended resource name standard`],
      [`${C0}.resources.limits`, 'FieldValueRequired', 'Required value: Limit must be set for non overcommitable resources'],
      [`${C0}.resources.requests[foo]`, 'FieldValueInvalid', 'Invalid value: "foo": must be a standard resource type or fully qualified'],
      [`${C0}.resources.requests[foo]`, 'FieldValueInvalid', 'Invalid value: "foo": must be a standard resource for containers'],
      [`${C0}.resources.requests[requests]`, 'FieldValueInvalid', 'Invalid value: "requests": must be a standard resource type or fully qualified'],
      [`${C0}.resources.requests[requests]`, 'FieldValueInvalid', 'Invalid value: "requests": must be a standard resource for containers'],
    ],
  ],
  [
    'quantities',
    { limits: { cpu: '-1', 'example.com/foo': '1500m' }, requests: { cpu: '-2', 'example.com/foo': '1500m' } },
    [
      [`${C0}.resources.limits[cpu]`, 'FieldValueInvalid', 'Invalid value: "-1": must be greater than or equal to 0'],
      [`${C0}.resources.limits[example.com/foo]`, 'FieldValueInvalid', 'Invalid value: "1500m": must be an integer'],
      [`${C0}.resources.requests[cpu]`, 'FieldValueInvalid', 'Invalid value: "-2": must be greater than or equal to 0'],
      [`${C0}.resources.requests[example.com/foo]`, 'FieldValueInvalid', 'Invalid value: "1500m": must be an integer'],
    ],
  ],
  [
    'hugepages',
    { limits: { 'hugepages-2Mi': '3Mi', 'hugepages-1x': '1Gi' }, requests: { 'hugepages-2Mi': '3Mi', 'hugepages-1x': '1Gi' } },
    [
      [`${C0}.resources.limits[hugepages-1x]`, 'FieldValueInvalid', 'Invalid value: "1Gi": 1Gi is not positive integer multiple of hugepages-1x'],
      [`${C0}.resources.limits[hugepages-2Mi]`, 'FieldValueInvalid', 'Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi'],
      [`${C0}.resources.requests[hugepages-1x]`, 'FieldValueInvalid', 'Invalid value: "1Gi": 1Gi is not positive integer multiple of hugepages-1x'],
      [`${C0}.resources.requests[hugepages-2Mi]`, 'FieldValueInvalid', 'Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi'],
      [`${C0}.resources`, 'FieldValueForbidden', 'Forbidden: HugePages require cpu or memory'],
    ],
  ],
];

const podWith = (name: string, container: Rec, spec: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'app', image: 'nginx', ...container }], ...spec },
});

function podStore(t: Test): Store {
  const store = newPodStorage(memoryGetter(t)).pods;
  if (!(store instanceof Store)) throw new TypeError('unexpected pod storage');
  return store;
}

async function causesOfCreate(t: Test, store: Store, obj: ApiObject, want: Cause[]): Promise<void> {
  if (want.length === 0) {
    await t.resolves(store.create(ctx, obj), 'accepted');
    return;
  }
  const err = await statusErrorOf(t, store.create(ctx, obj));
  t.equal(err.status.code, 422);
  t.same(causesOf(err), want);
}

t.test('pods: container env and envFrom', async (t) => {
  const store = podStore(t);
  for (const [i, [title, container, want]] of ENV_CASES.entries()) {
    await t.test(title, (t) => causesOfCreate(t, store, podWith(`env-${i}`, container), want));
  }
});

t.test('pods: container resources', async (t) => {
  const store = podStore(t);
  for (const [i, [title, resources, want]] of RESOURCE_CASES.entries()) {
    await t.test(title, (t) => causesOfCreate(t, store, podWith(`res-${i}`, { resources }), want));
  }
});

t.test('pods: init containers, and where the checks run among a container\'s others', async (t) => {
  const store = podStore(t);
  const init = { name: 'init', image: 'busybox', env: [{ name: 'A=1' }], resources: { limits: { cpu: '1' }, requests: { cpu: '2' } } };
  await causesOfCreate(t, store, podWith('init', {}, { initContainers: [init] }), [
    ['spec.initContainers[0].env[0].name', 'FieldValueInvalid', `Invalid value: "A=1": ${RELAXED}`],
    ['spec.initContainers[0].resources.requests', 'FieldValueInvalid', 'Invalid value: "2": must be less than or equal to cpu limit of 1'],
  ]);
  await causesOfCreate(t, store, podWith('order', { ports: [{ containerPort: 0 }], env: [{ name: '' }], resources: { requests: { cpu: '-1' } } }), [
    [`${C0}.ports[0].containerPort`, 'FieldValueRequired', 'Required value'],
    [`${C0}.env[0].name`, 'FieldValueRequired', 'Required value'],
    [`${C0}.resources.requests[cpu]`, 'FieldValueInvalid', 'Invalid value: "-1": must be greater than or equal to 0'],
  ]);
});

t.test('deployments: the pod template goes through the same checks', async (t) => {
  const store = newDeploymentStorage(memoryGetter(t)).deployments;
  if (!(store instanceof Store)) throw new TypeError('unexpected deployment storage');
  const deployment = (name: string, container: Rec): ApiObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx', ...container }] } },
    },
  });
  const good = { env: [{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }], resources: { limits: { 'example.com/foo': '1' }, requests: { 'example.com/foo': '1' } } };
  await t.resolves(store.create(ctx, deployment('good', good)));
  const bad = { envFrom: [{ configMapRef: { name: '' } }], resources: { requests: { 'example.com/foo': '1' } } };
  const err = await statusErrorOf(t, store.create(ctx, deployment('bad', bad)));
  t.equal(err.status.code, 422);
  t.same(causesOf(err), [
    ['spec.template.spec.containers[0].envFrom[0].configMapRef.name', 'FieldValueRequired', 'Required value'],
    ['spec.template.spec.containers[0].resources.limits', 'FieldValueRequired', 'Required value: Limit must be set for non overcommitable resources'],
  ]);
});

t.test('ephemeral containers: env and resources checked as upstream checks every container', async (t) => {
  const strategy = new EphemeralContainersStrategy();
  const old: ApiObject = podWith('debugged', {});
  const errorsAdding = (debug: Rec): string[] => {
    const pod = structuredClone(old);
    Object.assign(pod.spec as Rec, { ephemeralContainers: [debug] });
    strategy.prepareForUpdate(ctx, pod, old);
    return strategy.validateUpdate(ctx, pod, old).map((e) => e.toString());
  };
  const debug = { name: 'debug', image: 'busybox' };
  t.same(errorsAdding({ ...debug, env: [{ name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }), [], 'fieldRef.apiVersion defaulted first');
  t.same(errorsAdding({ ...debug, env: [{ name: 'X', valueFrom: { fieldRef: { fieldPath: 'status.phase' } } }] }), [
    `spec.ephemeralContainers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: ${ENV_FIELD_PATHS}`,
  ]);
  t.same(errorsAdding({ ...debug, envFrom: [{}], resources: { limits: { 'example.com/x': '1' }, requests: { 'example.com/x': '2' } } }), [
    'spec.ephemeralContainers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef`',
    'spec.ephemeralContainers[0].resources.requests: Invalid value: "2": must be equal to example.com/x limit of 1',
    'spec.ephemeralContainers[0].resources: Forbidden: cannot be set for an Ephemeral Container',
  ]);
});

t.test('helpers: relaxed env var names and quantities given as JSON numbers', async (t) => {
  t.same(isRelaxedEnvVarName(''), ['environment variable name must be non-empty']);
  t.same(isRelaxedEnvVarName(' ~'), [], 'space and tilde are printable');
  t.same(isRelaxedEnvVarName('\u007f'), [RELAXED], 'DEL is not');
  t.same(isRelaxedEnvVarName('é'), [RELAXED], 'nor anything past ASCII');
  const path = newPath('resources');
  t.same(validateContainerResourceRequirements({ limits: { cpu: 1, memory: 1024 }, requests: { cpu: 0.5, memory: 1024 } }, path), []);
  t.same(
    validateContainerResourceRequirements({ limits: { cpu: 1 }, requests: { cpu: 1.5 } }, path).map((e) => e.toString()),
    ['resources.requests: Invalid value: "1500m": must be less than or equal to cpu limit of 1'],
  );
  t.same(validateContainerResourceRequirements(undefined, path), [], 'no resources at all');
});
