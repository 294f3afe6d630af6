/**
 * core/v1's conversion round trip (core-v1-round-trip.ts), with the cases of upstream's conversion tests
 * (pkg/apis/core/v1 `Test_v1_PodStatus_to_core_PodStatus`, `Test_v1_NodeSpec_to_core_NodeSpec`,
 * `TestConvert_v1_Pod_To_core_Pod`), read through the v1 object that comes back out.
 */
import t from 'tap';
import { roundTripNodeSpecPodCIDRs, roundTripPod, roundTripPodStatusIPs } from '../../src/apis/core-v1-round-trip.js';
import { defaultPodTemplateSpec } from '../../src/apis/defaults.js';
import { newBuiltinScheme } from '../../src/apis/register.js';

type Rec = Record<string, unknown>;
const statusOf = (status: Rec): Rec => {
  roundTripPodStatusIPs(status);
  return status;
};

t.test('podIP wins over podIPs, and is podIPs[0] on the way out', async (t) => {
  t.same(statusOf({ podIP: '1.1.2.1', podIPs: [{ ip: '1.1.1.1' }, { ip: '2.2.2.2' }] }), { podIP: '1.1.2.1', podIPs: [{ ip: '1.1.2.1' }] }, 'mismatched podIP');
  t.same(statusOf({ podIP: '1.1.1.1', podIPs: [{ ip: '1.1.1.1' }, { ip: '::1' }] }), { podIP: '1.1.1.1', podIPs: [{ ip: '1.1.1.1' }, { ip: '::1' }] }, 'matching podIP');
  t.same(statusOf({ podIP: '', podIPs: [{ ip: '::1' }, { ip: '1.1.1.1' }] }), { podIP: '::1', podIPs: [{ ip: '::1' }, { ip: '1.1.1.1' }] }, 'empty podIP');
  t.same(statusOf({ podIPs: [{ ip: '1.1.1.1' }] }), { podIP: '1.1.1.1', podIPs: [{ ip: '1.1.1.1' }] }, 'only the list');
  t.same(statusOf({ podIP: '1.1.1.1' }), { podIP: '1.1.1.1', podIPs: [{ ip: '1.1.1.1' }] }, 'only the primary IP');
  t.same(statusOf({ podIP: '1.1.1.1', podIPs: [] }), { podIP: '1.1.1.1', podIPs: [{ ip: '1.1.1.1' }] }, 'an empty list');
  t.same(statusOf({ phase: 'Pending' }), { phase: 'Pending' }, 'neither');
});

t.test('hostIP wins over hostIPs; the internal status keeps hostIP, so hostIPs alone stays as it is', async (t) => {
  t.same(statusOf({ hostIP: '10.0.0.1' }), { hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.1' }] });
  t.same(statusOf({ hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.2' }, { ip: 'fd00::1' }] }), { hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.1' }] });
  t.same(statusOf({ hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }] }), { hostIP: '10.0.0.1', hostIPs: [{ ip: '10.0.0.1' }, { ip: 'fd00::1' }] });
  t.same(statusOf({ hostIPs: [{ ip: '10.0.0.2' }] }), { hostIPs: [{ ip: '10.0.0.2' }] }, 'no hostIP is made up');
});

t.test('a node spec: podCIDR wins over podCIDRs, and is podCIDRs[0] on the way out', async (t) => {
  const spec = (s: Rec): Rec => {
    roundTripNodeSpecPodCIDRs(s);
    return s;
  };
  t.same(spec({ podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.1.0/24', 'ace:cab:deca::/8'] }), { podCIDR: '10.0.0.0/24', podCIDRs: ['10.0.0.0/24'] }, 'mismatched');
  t.same(spec({ podCIDR: '', podCIDRs: ['10.0.1.0/24', 'ace:cab:deca::/8'] }), { podCIDR: '10.0.1.0/24', podCIDRs: ['10.0.1.0/24', 'ace:cab:deca::/8'] }, 'unset podCIDR');
  t.same(spec({ podCIDR: 'ace:cab:deca::/8' }), { podCIDR: 'ace:cab:deca::/8', podCIDRs: ['ace:cab:deca::/8'] }, 'only podCIDR');
  t.same(spec({ unschedulable: true }), { unschedulable: true }, 'neither');
});

t.test('a pod: negative grace period 1, init container annotations dropped; a template keeps its grace period', async (t) => {
  const annotations = { 'pod.beta.kubernetes.io/init-containers': '[]', 'pod.alpha.kubernetes.io/init-container-statuses': '[]', keep: 'yes' };
  const pod: Rec = { metadata: { name: 'p', annotations: { ...annotations } }, spec: { terminationGracePeriodSeconds: -1 } };
  roundTripPod(pod);
  t.same(pod, { metadata: { name: 'p', annotations: { keep: 'yes' } }, spec: { terminationGracePeriodSeconds: 1 } });
  const zero: Rec = { spec: { terminationGracePeriodSeconds: 0 } };
  roundTripPod(zero);
  t.same(zero, { spec: { terminationGracePeriodSeconds: 0 } }, 'zero stays');

  const template: Rec = { metadata: { annotations: { ...annotations } }, spec: { terminationGracePeriodSeconds: -1, containers: [] } };
  defaultPodTemplateSpec(template);
  t.same((template.metadata as Rec).annotations, { keep: 'yes' });
  t.equal((template.spec as Rec).terminationGracePeriodSeconds, -1, 'templates are not converted as pods');
});

t.test('the scheme defaults of Pod, Node and Deployment run the round trip', async (t) => {
  const scheme = newBuiltinScheme();
  const pod: Rec = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] }, status: { podIP: '10.1.2.3' } };
  scheme.default(pod);
  t.same((pod.status as Rec).podIPs, [{ ip: '10.1.2.3' }]);
  const node: Rec = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { podCIDRs: ['10.0.0.0/24'] } };
  scheme.default(node);
  t.equal((node.spec as Rec).podCIDR, '10.0.0.0/24');
  const deployment: Rec = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd' },
    spec: { template: { metadata: { annotations: { 'pod.beta.kubernetes.io/init-containers': '[]' } }, spec: { containers: [] } } },
  };
  scheme.default(deployment);
  t.same(((deployment.spec as Rec).template as Rec).metadata, { annotations: {} });
});
