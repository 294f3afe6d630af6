/**
 * What pod create adds beyond defaults (pkg/registry/core/pod/strategy.go PrepareForCreate, 1.32): the
 * SchedulingGated condition of a gated pod, and the AppArmor annotations and fields brought into agreement, with the
 * deprecation warning for annotations turned into fields.
 */
import t from 'tap';
import { startKubeLite } from '../../../../src/testing/index.js';

type Json = Record<string, unknown>;
const KEY = 'container.apparmor.security.beta.kubernetes.io';
const WARNING = (container: string) =>
  `299 - "metadata.annotations[${KEY}/${container}]: deprecated since v1.30; use the \\"appArmorProfile\\" field instead"`;

t.test('pod create: SchedulingGated condition, AppArmor version skew', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const pods = `${kl.url}/api/v1/namespaces/default/pods`;
  const create = async (pod: Json) => {
    const res = await fetch(pods, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(pod) });
    return { status: res.status, body: (await res.json()) as Json, warning: res.headers.get('warning') };
  };

  const gated = await create({ metadata: { name: 'gated' }, spec: { schedulingGates: [{ name: 'example.com/wait' }], containers: [{ name: 'c', image: 'i' }] } });
  t.equal(gated.status, 201);
  t.same((gated.body['status'] as Json)['conditions'], [
    {
      type: 'PodScheduled',
      status: 'False',
      lastProbeTime: null,
      lastTransitionTime: null,
      reason: 'SchedulingGated',
      message: 'Scheduling is blocked due to non-empty scheduling gates',
    },
  ]);
  const read = (await (await fetch(`${pods}/gated`)).json()) as Json;
  t.same((read['status'] as Json)['conditions'], (gated.body['status'] as Json)['conditions'], 'stored as answered');
  const plain = await create({ metadata: { name: 'plain' }, spec: { containers: [{ name: 'c', image: 'i' }] } });
  t.same(plain.body['status'], { phase: 'Pending', qosClass: 'BestEffort' }, 'no gates, no condition');

  const skew = await create({
    metadata: { name: 'skew', annotations: { [`${KEY}/a`]: 'localhost/prof', [`${KEY}/b`]: 'runtime/default' } },
    spec: {
      securityContext: { appArmorProfile: { type: 'RuntimeDefault' } },
      containers: [
        { name: 'a', image: 'i' },
        { name: 'b', image: 'i' },
        { name: 'd', image: 'i' },
        { name: 'e', image: 'i', securityContext: { appArmorProfile: { type: 'Unconfined' } } },
      ],
    },
  });
  t.equal(skew.status, 201);
  t.equal(skew.warning, WARNING('a'), 'an annotation copied to a field is warned about');
  const containers = (skew.body['spec'] as Json)['containers'] as Json[];
  t.same(
    containers.map((c) => (c['securityContext'] as Json | undefined)?.['appArmorProfile']),
    [{ type: 'Localhost', localhostProfile: 'prof' }, undefined, undefined, { type: 'Unconfined' }],
    'a gets its annotation as a field; b matches the pod profile',
  );
  t.same(
    (skew.body['metadata'] as Json)['annotations'],
    { [`${KEY}/a`]: 'localhost/prof', [`${KEY}/b`]: 'runtime/default', [`${KEY}/d`]: 'runtime/default', [`${KEY}/e`]: 'unconfined' },
    'd gets the pod profile as an annotation, e its own',
  );
  // A localhost annotation without a profile name is a valid annotation no field can be made from.
  const unusable = await create({ metadata: { name: 'unusable', annotations: { [`${KEY}/c`]: 'localhost/' } }, spec: { containers: [{ name: 'c', image: 'i' }] } });
  t.same([unusable.status, unusable.warning], [201, WARNING('c')], 'an annotation no field can be made from is warned about');
  t.equal(((unusable.body['spec'] as Json)['containers'] as Json[])[0]?.['securityContext'], undefined, 'and not copied');

  const windows = await create({
    metadata: { name: 'win', annotations: { [`${KEY}/a`]: 'runtime/default' } },
    spec: { os: { name: 'windows' }, containers: [{ name: 'a', image: 'i' }] },
  });
  // (kube-lite does not run the annotation checks of pod validation: see the README's pod limitations.)
  t.equal(windows.status, 201);
  t.same(
    [windows.warning, ((windows.body['spec'] as Json)['containers'] as Json[])[0]?.['securityContext']],
    [null, undefined],
    'a Windows pod is not synced: no field, no warning',
  );
});
