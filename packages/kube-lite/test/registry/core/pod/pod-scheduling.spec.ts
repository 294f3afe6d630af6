/** Scheduling and pod-level field validation of PodSpecs (affinity, tolerations, topology spread, DNS, gates, names…). */
import { type ApiObject, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newDeploymentStorage } from '../../../../src/registry/apps/deployment/storage.js';
import { newPodStorage } from '../../../../src/registry/core/pod/storage.js';
import { ensureRecord, recordsAt } from '../../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

const ctx = ctxIn('default');
type Rec = Record<string, unknown>;
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

const QNAME =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const DNS_LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS_SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const BAD_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';

const pod = (name: string, spec: Rec): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, labels: { app: 'web' } },
  spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec },
});

function podStore(t: Test): Store {
  const store = newPodStorage(memoryGetter(t), { printer: { now: () => 0 }, clock: () => 0 }).pods;
  if (!(store instanceof Store)) throw new TypeError('unexpected pod storage');
  return store;
}

/** One rule: a spec that passes, a spec that fails, and the causes the failure gives (field: message), in order. */
type Case = readonly [name: string, valid: Rec, invalid: Rec, causes: readonly string[]];

async function check(t: Test, cases: readonly Case[]): Promise<void> {
  const store = podStore(t);
  for (const [name, valid, invalid, causes] of cases) {
    const podName = name.toLowerCase().replaceAll(' ', '-');
    await t.resolves(store.create(ctx, pod(`${podName}-ok`, valid)), `${name}: valid spec accepted`);
    const err = await statusErrorOf(t, store.create(ctx, pod(`${podName}-bad`, invalid)));
    t.equal(err.status.code, 422, `${name}: 422`);
    t.same(causesOf(err), causes, `${name}: causes`);
  }
}

const nodeAffinity = (required: Rec): Rec => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } } });
const term = (matchExpressions: Rec[], matchFields: Rec[] = []): Rec => nodeAffinity({ nodeSelectorTerms: [{ matchExpressions, matchFields }] });
const NA = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';

t.test('node affinity', async (t) => {
  await check(t, [
    ['terms', term([{ key: 'zone', operator: 'In', values: ['a'] }]), nodeAffinity({ nodeSelectorTerms: [] }), [`${NA}.nodeSelectorTerms: Required value: must have at least one node selector term`]],
    [
      'expressions',
      term([
        { key: 'zone', operator: 'NotIn', values: ['a', 'b'] },
        { key: 'gpu', operator: 'Exists' },
        { key: 'disk', operator: 'DoesNotExist' },
        { key: 'cores', operator: 'Gt', values: ['4'] },
        { key: 'example.com/mem', operator: 'Lt', values: ['9'] },
      ]),
      term([
        { key: 'zone', operator: 'In' },
        { key: 'gpu', operator: 'Exists', values: ['x'] },
        { key: 'cores', operator: 'Gt', values: ['1', '2'] },
        { key: 'zone', operator: 'Near', values: ['a'] },
        { key: 'bad key', operator: 'In', values: ['not a label value!'] },
      ]),
      [
        `${NA}.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
        `${NA}.nodeSelectorTerms[0].matchExpressions[1].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
        `${NA}.nodeSelectorTerms[0].matchExpressions[2].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
        `${NA}.nodeSelectorTerms[0].matchExpressions[3].operator: Invalid value: "Near": not a valid selector operator`,
        `${NA}.nodeSelectorTerms[0].matchExpressions[4].key: Invalid value: "bad key": ${QNAME}`,
      ],
    ],
    [
      'fields',
      term([], [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }]),
      term(
        [],
        [
          { key: 'metadata.name', operator: 'NotIn', values: ['a', 'b'] },
          { key: 'metadata.name', operator: 'Exists' },
          { key: 'metadata.labels', operator: 'In', values: ['x'] },
          { key: 'metadata.name', operator: 'In', values: ['Node_1'] },
        ],
      ),
      [
        `${NA}.nodeSelectorTerms[0].matchFields[0].values: Required value: must be only one value when \`operator\` is 'In' or 'NotIn' for node field selector`,
        `${NA}.nodeSelectorTerms[0].matchFields[1].operator: Invalid value: "Exists": not a valid selector operator`,
        `${NA}.nodeSelectorTerms[0].matchFields[2].key: Invalid value: "metadata.labels": not a valid field selector key`,
        `${NA}.nodeSelectorTerms[0].matchFields[3].values[0]: Invalid value: "Node_1": ${DNS_SUBDOMAIN}`,
      ],
    ],
    [
      'preferred',
      { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }, { weight: 100, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }] } }] } } },
      { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ preference: {} }, { weight: 101, preference: { matchExpressions: [{ key: 'a', operator: 'In' }] } }] } } },
      [
        'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
        'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].weight: Invalid value: 101: must be in the range 1-100',
        "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].preference.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      ],
    ],
  ]);
});

const PA = 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]';
const podAffinity = (t: Rec): Rec => ({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } } });

t.test('pod affinity and anti-affinity', async (t) => {
  const selector = { matchLabels: { app: 'web' } };
  await check(t, [
    ['topology key', podAffinity({ labelSelector: selector, topologyKey: 'kubernetes.io/hostname' }), podAffinity({ labelSelector: selector }), [`${PA}.topologyKey: Required value: can not be empty`, `${PA}.topologyKey: Invalid value: "": name part must be non-empty`, `${PA}.topologyKey: Invalid value: "": ${QNAME}`]],
    [
      'selectors and namespaces',
      podAffinity({ labelSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['db'] }] }, namespaceSelector: {}, namespaces: ['prod'], topologyKey: 'zone' }),
      podAffinity({ labelSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['not valid!'] }] }, namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'Near' }] }, namespaces: ['Prod_1'], topologyKey: 'zone' }),
      [
        `${PA}.labelSelector.matchExpressions[0].values[0]: Invalid value: "not valid!": ${LABEL_VALUE}`,
        `${PA}.namespaceSelector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator`,
        `${PA}.namespace: Invalid value: "Prod_1": ${DNS_LABEL}`,
      ],
    ],
    [
      'match label keys',
      podAffinity({ labelSelector: selector, matchLabelKeys: ['pod-template-hash'], mismatchLabelKeys: ['tenant'], topologyKey: 'zone' }),
      // The strategy first appends `app In (web)` and `app NotIn (web)` (the pod's label) to the selector: each repeats
      // the selector's own `app` key, reported at the term's path indexed by the key's place in matchLabelKeys.
      podAffinity({ labelSelector: selector, matchLabelKeys: ['app', 'bad key'], mismatchLabelKeys: ['app'], topologyKey: 'zone' }),
      [
        `${PA}.matchLabelKeys[1]: Invalid value: "bad key": ${QNAME}`,
        `${PA}[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
        `${PA}[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
        `${PA}.matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and mismatchLabelKeys`,
      ],
    ],
    [
      'label keys without a selector',
      podAffinity({ topologyKey: 'zone' }),
      podAffinity({ matchLabelKeys: ['a'], mismatchLabelKeys: ['b'], topologyKey: 'zone' }),
      [`${PA}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`, `${PA}.mismatchLabelKeys: Forbidden: must not be specified when labelSelector is not set`],
    ],
    [
      'anti-affinity weights',
      { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 50, podAffinityTerm: { labelSelector: selector, topologyKey: 'zone' } }] } } },
      { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, podAffinityTerm: { labelSelector: selector, topologyKey: 'bad key' } }] } } },
      [
        'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100',
        `spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.topologyKey: Invalid value: "bad key": ${QNAME}`,
      ],
    ],
  ]);
});

t.test('pod affinity: label keys merged into the selector on create, not in templates', async (t) => {
  const store = podStore(t);
  const affinityTerm = { labelSelector: { matchLabels: { tier: 'db' } }, matchLabelKeys: ['app', 'absent'], mismatchLabelKeys: ['tenant'], topologyKey: 'zone' };
  const created = await store.create(ctx, {
    ...pod('merged', { affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: affinityTerm }] } } }),
    metadata: { name: 'merged', labels: { app: 'web', tenant: 'a' } },
  });
  t.same(specOf(created).affinity, {
    podAntiAffinity: {
      preferredDuringSchedulingIgnoredDuringExecution: [
        {
          weight: 10,
          podAffinityTerm: {
            ...affinityTerm,
            labelSelector: {
              matchLabels: { tier: 'db' },
              matchExpressions: [
                { key: 'app', operator: 'In', values: ['web'] },
                { key: 'tenant', operator: 'NotIn', values: ['a'] },
              ],
            },
          },
        },
      ],
    },
  });
});

t.test('tolerations and node selector', async (t) => {
  const T = 'spec.tolerations';
  await check(t, [
    [
      'tolerations',
      // Pods may repeat a toleration (only RuntimeClass scheduling requires them unique).
      { tolerations: [{ operator: 'Exists' }, { key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', tolerationSeconds: 30 }, { key: 'k', value: 'v', effect: 'NoExecute', tolerationSeconds: 30 }] },
      {
        tolerations: [
          { key: 'bad key', operator: 'Exists' },
          { operator: 'Equal' },
          { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 },
          { key: 'k', operator: 'Exists', value: 'v' },
          { key: 'k', operator: 'Gt', value: '1' },
          { key: 'k', value: 'not valid!', effect: 'Sometimes' },
        ],
      },
      [
        `${T}[0].key: Invalid value: "bad key": ${QNAME}`,
        `${T}[1].operator: Invalid value: "Equal": operator must be Exists when \`key\` is empty, which means "match all values and all keys"`,
        `${T}[2].effect: Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set`,
        // Upstream's bad value is the whole toleration.
        `${T}[3].operator: Invalid value: {"key":"k","operator":"Exists","value":"v"}: value must be empty when \`operator\` is 'Exists'`,
        `${T}[4].operator: Unsupported value: "Gt": supported values: "Equal", "Exists"`,
        `${T}[5].operator: Invalid value: "not valid!": ${LABEL_VALUE}`,
        `${T}[5].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
      ],
    ],
    ['node selector', { nodeSelector: { 'kubernetes.io/os': 'linux' } }, { nodeSelector: { 'bad key': 'not valid!' } }, [`spec.nodeSelector: Invalid value: "bad key": ${QNAME}`, `spec.nodeSelector: Invalid value: "not valid!": ${LABEL_VALUE}`]],
  ]);
});

t.test('topology spread constraints', async (t) => {
  const C = 'spec.topologySpreadConstraints';
  const ok = { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } };
  await check(t, [
    [
      'constraints',
      { topologySpreadConstraints: [{ ...ok, minDomains: 3, nodeAffinityPolicy: 'Honor', nodeTaintsPolicy: 'Ignore', matchLabelKeys: ['pod-template-hash'] }, { ...ok, whenUnsatisfiable: 'ScheduleAnyway' }] },
      {
        topologySpreadConstraints: [
          { whenUnsatisfiable: 'Maybe' },
          { ...ok, minDomains: 0, whenUnsatisfiable: 'ScheduleAnyway', nodeAffinityPolicy: 'Sometimes', nodeTaintsPolicy: 'Never' },
          { ...ok, labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['not valid!'] }] }, matchLabelKeys: ['app', 'bad key'] },
          { ...ok, topologyKey: 'host', labelSelector: undefined, matchLabelKeys: ['x'] },
          ok,
        ],
      },
      [
        `${C}[0].maxSkew: Invalid value: 0: must be greater than zero`,
        `${C}[0].topologyKey: Required value: can not be empty`,
        `${C}[0].whenUnsatisfiable: Unsupported value: "Maybe": supported values: "DoNotSchedule", "ScheduleAnyway"`,
        `${C}[1].minDomains: Invalid value: 0: must be greater than zero`,
        `${C}[1].minDomains: Invalid value: 0: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`,
        `${C}[1].nodeAffinityPolicy: Unsupported value: "Sometimes": supported values: "Honor", "Ignore"`,
        `${C}[1].nodeTaintsPolicy: Unsupported value: "Never": supported values: "Honor", "Ignore"`,
        `${C}[2].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"`,
        `${C}[2].matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
        `${C}[2].matchLabelKeys[1]: Invalid value: "bad key": ${QNAME}`,
        `${C}[2].labelSelector.matchExpressions[0].values[0]: Invalid value: "not valid!": ${LABEL_VALUE}`,
        `${C}[3].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
      ],
    ],
  ]);
});

t.test('DNS config and host aliases', async (t) => {
  const D = 'spec.dnsConfig';
  await check(t, [
    ['dns None needs a config', { dnsPolicy: 'None', dnsConfig: { nameservers: ['10.0.0.10'] } }, { dnsPolicy: 'None' }, [`${D}: Required value: must provide \`dnsConfig\` when \`dnsPolicy\` is None`]],
    ['dns None needs a nameserver', { dnsPolicy: 'None', dnsConfig: { nameservers: ['2001:db8::1'], searches: ['svc.cluster.local.'] } }, { dnsPolicy: 'None', dnsConfig: { searches: ['Bad_Domain'] } }, [`${D}.nameservers: Required value: must provide at least one DNS nameserver when \`dnsPolicy\` is None`]],
    [
      'dns limits',
      { dnsConfig: { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9'], searches: Array.from({ length: 32 }, (_, i) => `s${i}.example.com`), options: [{ name: 'ndots', value: '2' }] } },
      { dnsConfig: { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9', '10.0.0.300'], searches: [...Array.from({ length: 32 }, (_, i) => `s${i}.example.com`), 'Bad_Domain.'], options: [{ value: '2' }] } },
      // kube-lite renders a list's bad value as JSON, as apimachinery 1.33+ does (1.32 printed Go's %#v: see runtime's README).
      [
        `${D}.nameservers: Invalid value: ["1.1.1.1","8.8.8.8","9.9.9.9","10.0.0.300"]: must not have more than 3 nameservers`,
        `${D}.nameservers[3]: Invalid value: "10.0.0.300": ${BAD_IP}`,
        `${D}.searches: Invalid value: [${Array.from({ length: 32 }, (_, i) => `"s${i}.example.com"`).join(',')},"Bad_Domain."]: must not have more than 32 search paths`,
        `${D}.searches[32]: Invalid value: "Bad_Domain": ${DNS_SUBDOMAIN}`,
        `${D}.options[0]: Required value: must not be empty`,
      ],
    ],
    ['dns search length', { dnsConfig: { searches: ['a'.repeat(63)] } }, { dnsConfig: { searches: Array.from({ length: 32 }, () => `${'a'.repeat(63)}.b`) } }, [`${D}.searches: Invalid value: [${Array.from({ length: 32 }, () => `"${'a'.repeat(63)}.b"`).join(',')}]: must not have more than 2048 characters (including spaces) in the search list`]],
    [
      'host aliases',
      { hostAliases: [{ ip: '127.0.0.1', hostnames: ['foo.local', 'bar'] }] },
      { hostAliases: [{ ip: '1.2.3', hostnames: ['Foo_Local'] }, { hostnames: ['ok'] }] },
      [`spec.hostAliases[0].ip: Invalid value: "1.2.3": ${BAD_IP}`, `spec.hostAliases[0].hostnames[0]: Invalid value: "Foo_Local": ${DNS_SUBDOMAIN}`, `spec.hostAliases[1].ip: Invalid value: "": ${BAD_IP}`],
    ],
  ]);
});

t.test('gates, names, preemption, overhead and os', async (t) => {
  await check(t, [
    ['readiness gates', { readinessGates: [{ conditionType: 'example.com/ready' }] }, { readinessGates: [{ conditionType: 'not ready!' }] }, [`spec.readinessGates[0].conditionType: Invalid value: "not ready!": ${QNAME}`]],
    [
      'scheduling gates',
      { schedulingGates: [{ name: 'example.com/quota' }, { name: 'wait' }] },
      { schedulingGates: [{ name: 'example.com/quota' }, { name: 'example.com/quota' }, { name: 'bad gate' }] },
      ['spec.schedulingGates[1]: Duplicate value: "example.com/quota"', `spec.schedulingGates[2]: Invalid value: "bad gate": ${QNAME}`],
    ],
    [
      'names',
      { hostname: 'web-0', subdomain: 'web', serviceAccountName: 'builder.bot', priorityClassName: 'high.priority', runtimeClassName: 'gvisor' },
      { hostname: 'Web_0', subdomain: 'web.svc', serviceAccountName: 'Builder', priorityClassName: 'High', runtimeClassName: 'gVisor' },
      [
        `spec.serviceAccountName: Invalid value: "Builder": ${DNS_SUBDOMAIN}`,
        `spec.hostname: Invalid value: "Web_0": ${DNS_LABEL}`,
        `spec.subdomain: Invalid value: "web.svc": ${DNS_LABEL}`,
        `spec.priorityClassName: Invalid value: "High": ${DNS_SUBDOMAIN}`,
        `spec.runtimeClassName: Invalid value: "gVisor": ${DNS_SUBDOMAIN}`,
      ],
    ],
    ['preemption policy', { preemptionPolicy: 'Never' }, { preemptionPolicy: 'Sometimes' }, ['spec.preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"']],
    ['empty preemption policy', { preemptionPolicy: 'PreemptLowerPriority' }, { preemptionPolicy: '' }, ['spec.preemptionPolicy: Required value']],
    // Validation only: kube-apiserver's RuntimeClass admission would also refuse an overhead without a RuntimeClass.
    [
      'overhead',
      { overhead: { cpu: '250m', memory: '120Mi' } },
      { overhead: { cpu: '-1', 'example.com/dongle': '0.5' } },
      ['spec.overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0', 'spec.overhead.limits[example.com/dongle]: Invalid value: "0.5": must be an integer'],
    ],
    ['os name', { os: { name: 'windows' } }, { os: { name: 'plan9' } }, ['spec.os: Unsupported value: "plan9": supported values: "linux", "windows"']],
    ['os name required', { os: { name: 'linux' } }, { os: {} }, ['spec.os.name: Required value: cannot be empty']],
  ]);
});

t.test('pod templates: a Deployment through apps strategy', async (t) => {
  const store = newDeploymentStorage(memoryGetter(t), { printer: { now: () => 0 } }).deployments;
  if (!(store instanceof Store)) throw new TypeError('unexpected deployment storage');
  const deployment = (name: string, spec: Rec): ApiObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx' }], ...spec } } },
  });
  const spread = { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] };
  await t.resolves(store.create(ctx, deployment('ok', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }], topologySpreadConstraints: [spread] })));
  const err = await statusErrorOf(t, store.create(ctx, deployment('bad', { tolerations: [{ key: 'dedicated', operator: 'Exists', value: 'web' }], topologySpreadConstraints: [{ ...spread, maxSkew: 0 }], os: { name: 'darwin' } })));
  t.equal(err.status.code, 422);
  t.same(causesOf(err), [
    'spec.template.spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero',
    'spec.template.spec.tolerations[0].operator: Invalid value: {"key":"dedicated","operator":"Exists","value":"web"}: value must be empty when `operator` is \'Exists\'',
    'spec.template.spec.os: Unsupported value: "darwin": supported values: "linux", "windows"',
  ]);
});

t.test('pod updates still validate the spec: an added toleration must be valid', async (t) => {
  const store = podStore(t);
  await store.create(ctx, pod('web', { tolerations: [{ key: 'a', operator: 'Exists' }] }));
  const added = { key: 'b', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 5 };
  const err = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { tolerations: [...recordsAt(specOf(o), 'tolerations'), added] }))));
  t.equal(err.status.code, 422);
  t.same(causesOf(err), ["spec.tolerations[1].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"]);
});

t.test('hostNetwork: host ports default to the container ports on pods and must match them (validatePodHostNetworkDeps)', async (t) => {
  const ports = (...list: Rec[]): Rec => ({ hostNetwork: true, containers: [{ name: 'app', image: 'nginx', ports: list }] });
  const store = podStore(t);
  const created = await store.create(ctx, pod('host-net', ports({ containerPort: 8080 }, { containerPort: 9090, hostPort: 9090 })));
  t.same(
    recordsAt(recordsAt(specOf(created), 'containers')[0] ?? {}, 'ports').map((p) => p.hostPort),
    [8080, 9090],
    'an unset hostPort is defaulted to the containerPort (SetDefaults_Pod)',
  );
  const err = await statusErrorOf(t, store.create(ctx, pod('host-net-bad', ports({ containerPort: 8080, hostPort: 8081 }))));
  t.same(causesOf(err), ['spec.containers[0].ports[0].hostPort: Invalid value: 8081: must match `containerPort` when `hostNetwork` is true']);
  const deployments = newDeploymentStorage(memoryGetter(t), { printer: { now: () => 0 } }).deployments;
  if (!(deployments instanceof Store)) throw new TypeError('unexpected deployment storage');
  const deployment = (name: string, spec: Rec): ApiObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec } },
  });
  await t.resolves(deployments.create(ctx, deployment('host-net', ports({ containerPort: 8080 }))), 'a template may leave the hostPort unset');
  const bad = await statusErrorOf(t, deployments.create(ctx, deployment('host-net-bad', ports({ containerPort: 8080, hostPort: 8081 }))));
  t.same(causesOf(bad), ['spec.template.spec.containers[0].ports[0].hostPort: Invalid value: 8081: must match `containerPort` when `hostNetwork` is true']);
});
