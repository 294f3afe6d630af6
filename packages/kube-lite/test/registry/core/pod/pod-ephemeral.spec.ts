/**
 * Ephemeral containers (1.32's `validateEphemeralContainers`, `ValidatePodCreate`, `ValidatePodEphemeralContainersUpdate`):
 * refused on create, added through `pods/ephemeralcontainers` with the container defaults, checked like other
 * containers plus an allow list of fields, unique names and an existing target; and a node name with scheduling
 * gates refused on create.
 */
import type { ApiObject, RequestContext } from '@apiserver/registry';
import t from 'tap';
import { EphemeralContainersStrategy } from '../../../../src/registry/core/pod/ephemeral-containers.js';
import { validatePodCreate } from '../../../../src/registry/core/pod/pod-validation.js';

type Rec = Record<string, unknown>;
const ctx: RequestContext = {};
const pod = (spec: Rec): ApiObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', ...spec } }) as ApiObject;
const app = { name: 'app', image: 'nginx', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' };

t.test('create: no ephemeral containers, no node name while gated', async (t) => {
  t.same(
    validatePodCreate(pod({ containers: [app], ephemeralContainers: [{ name: 'debug', image: 'busybox' }] })).map(String).filter((e) => e.includes('Forbidden')),
    ['spec.ephemeralContainers: Forbidden: cannot be set on create'],
  );
  t.same(validatePodCreate(pod({ containers: [app], nodeName: 'n1', schedulingGates: [{ name: 'example.com/g' }] })).map(String), [
    'spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared',
  ]);
  t.same(validatePodCreate(pod({ containers: [app], nodeName: 'n1' })).map(String), [], 'a node name without gates is fine');
});

t.test('pods/ephemeralcontainers: defaults, allow list, names, target', async (t) => {
  const strategy = new EphemeralContainersStrategy();
  const old = pod({ containers: [app], volumes: [{ name: 'v', emptyDir: {} }] });
  const adding = (debug: Rec[]): { errs: string[]; added: Rec[] } => {
    const next = structuredClone(old);
    Object.assign(next.spec as Rec, { ephemeralContainers: debug });
    strategy.prepareForUpdate(ctx, next, old);
    return { errs: strategy.validateUpdate(ctx, next, old).map(String), added: (next.spec as Rec)['ephemeralContainers'] as Rec[] };
  };
  const plain = adding([{ name: 'debug', image: 'busybox:latest', targetContainerName: 'app' }]);
  t.same(plain.errs, []);
  t.match(plain.added, [{ imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }], 'container defaults');

  const forbidden = adding([
    {
      name: 'debug',
      image: 'busybox',
      ports: [],
      resources: { limits: {} },
      restartPolicy: 'Always',
      readinessProbe: { exec: { command: ['true'] } },
      lifecycle: { preStop: { exec: { command: ['true'] } } },
      volumeMounts: [{ name: 'v', mountPath: '/v', subPath: 'a', subPathExpr: '$(X)' }],
    },
  ]);
  const p = 'spec.ephemeralContainers[0]';
  t.same(
    forbidden.errs.filter((e) => e.includes('Ephemeral')),
    [
      `${p}.ports: Forbidden: cannot be set for an Ephemeral Container`,
      `${p}.resources: Forbidden: cannot be set for an Ephemeral Container`,
      `${p}.restartPolicy: Forbidden: cannot be set for an Ephemeral Container`,
      `${p}.readinessProbe: Forbidden: cannot be set for an Ephemeral Container`,
      `${p}.lifecycle: Forbidden: cannot be set for an Ephemeral Container`,
      `${p}.volumeMounts[0].subPath: Forbidden: cannot be set for an Ephemeral Container`,
      `${p}.volumeMounts[0].subPathExpr: Forbidden: cannot be set for an Ephemeral Container`,
    ],
    'the allow list, in Go struct order, then sub-paths',
  );
  t.same(adding([{ name: 'debug', image: 'busybox', resources: {} }]).errs, [], 'empty resources are its zero value');

  t.same(adding([{ name: 'app', image: 'busybox' }, { name: 'd', image: 'busybox', targetContainerName: 'nope' }]).errs, [
    'spec.ephemeralContainers[0].name: Duplicate value: "app"',
    'spec.ephemeralContainers[1].targetContainerName: Not found: "nope"',
  ]);
  t.same(adding([{ name: 'Bad_Name', image: '' }]).errs.length, 2, 'name and image checked as for other containers');
});

t.test('pods/ephemeralcontainers keeps the stored pod but the containers, as dropPodUpdates', async (t) => {
  const strategy = new EphemeralContainersStrategy();
  const old = pod({ containers: [app] });
  old.metadata = { ...old.metadata, uid: 'u-1', resourceVersion: '7', labels: { a: 'b' }, managedFields: [{ manager: 'kubectl-run' }] };
  const next = structuredClone(old) as ApiObject & { spec: Rec };
  const meta = next.metadata;
  next.metadata = Object.assign(meta, { labels: { 'bad label': 'x' }, annotations: { n: 'new' }, managedFields: [{ manager: 'debugger' }], resourceVersion: '8' });
  next.spec.ephemeralContainers = [{ name: 'debug', image: 'busybox' }];
  next.spec.activeDeadlineSeconds = 5;
  strategy.prepareForUpdate(ctx, next, old);
  t.equal(next.metadata, meta, 'the metadata object is changed in place (the update checks the prepared pod)');
  t.same(next.metadata, { name: 'p', namespace: 'default', uid: 'u-1', resourceVersion: '8', labels: { a: 'b' }, managedFields: [{ manager: 'kubectl-run' }] }, "the stored metadata with the request's name, namespace, resourceVersion and uid");
  t.notOk('activeDeadlineSeconds' in next.spec, 'the rest of the spec is the stored one');
  t.match(next.spec.ephemeralContainers, [{ name: 'debug', image: 'busybox' }]);
  t.same(Object.keys(next), ['apiVersion', 'kind', 'metadata', 'spec'], "in the stored pod's field order");
});
