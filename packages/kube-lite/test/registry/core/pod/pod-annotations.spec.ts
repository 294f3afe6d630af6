/**
 * The annotation checks of pod validation (1.32's `ValidatePodSpecificAnnotations`, and on create the seccomp and
 * AppArmor annotation/field agreement), with upstream's paths: seccomp annotations as `Child`, the others as `Key`.
 */
import type { ApiObject } from '@apiserver/registry';
import t from 'tap';
import { validatePodCreate, validatePodUpdate } from '../../../../src/registry/core/pod/pod-validation.js';

type Rec = Record<string, unknown>;
const app = { name: 'app', image: 'nginx', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File' };
const pod = (annotations: Rec, spec: Rec = {}): ApiObject =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default', annotations },
    spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', containers: [app], ...spec },
  }) as ApiObject;
const create = (annotations: Rec, spec?: Rec) => validatePodCreate(pod(annotations, spec)).map(String);

t.test('mirror pods, deletion cost', async (t) => {
  t.same(create({ 'kubernetes.io/config.mirror': 'x' }), [
    'metadata.annotations[kubernetes.io/config.mirror]: Invalid value: "x": must set spec.nodeName if mirror pod annotation is set',
  ]);
  t.same(create({ 'kubernetes.io/config.mirror': 'x' }, { nodeName: 'n1' }), []);
  t.same(create({ 'controller.kubernetes.io/pod-deletion-cost': '-2147483648' }), []);
  t.same(create({ 'controller.kubernetes.io/pod-deletion-cost': '2147483648' }), [
    'metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "2147483648": must be a 32bit integer',
  ]);
  const old = pod({ 'controller.kubernetes.io/pod-deletion-cost': 'x' });
  t.same(validatePodUpdate(pod({ 'controller.kubernetes.io/pod-deletion-cost': 'y' }), old).map(String), [], 'an invalid cost the old pod had may stay invalid');
  t.same(validatePodUpdate(pod({ 'controller.kubernetes.io/pod-deletion-cost': 'y' }), pod({})).map(String), [
    'metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "y": must be a 32bit integer',
  ]);
});

t.test('seccomp and AppArmor annotation values', async (t) => {
  t.same(
    create({
      'seccomp.security.alpha.kubernetes.io/pod': 'docker/default',
      'container.seccomp.security.alpha.kubernetes.io/app': 'localhost/../x',
      'container.seccomp.security.alpha.kubernetes.io/other': 'bogus',
      'container.apparmor.security.beta.kubernetes.io/app': 'runtime/default',
      'container.apparmor.security.beta.kubernetes.io/ghost': 'bad',
    }),
    [
      "metadata.annotations.container.seccomp.security.alpha.kubernetes.io/app: Invalid value: \"../x\": must not contain '..'",
      'metadata.annotations.container.seccomp.security.alpha.kubernetes.io/other: Invalid value: "bogus": must be a valid seccomp profile',
      'metadata.annotations[container.apparmor.security.beta.kubernetes.io/ghost]: Invalid value: "ghost": container not found',
      'metadata.annotations[container.apparmor.security.beta.kubernetes.io/ghost]: Invalid value: "bad": invalid AppArmor profile name: "bad"',
    ],
  );
});

t.test('on create, annotations and fields must agree', async (t) => {
  t.same(
    create(
      { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined', 'container.apparmor.security.beta.kubernetes.io/app': 'localhost/a' },
      { securityContext: { seccompProfile: { type: 'RuntimeDefault' }, appArmorProfile: { type: 'Localhost', localhostProfile: 'b' } } },
    ),
    [
      'spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match',
      'spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match',
    ],
  );
  t.same(
    create({ 'container.seccomp.security.alpha.kubernetes.io/app': 'docker/default' }, { containers: [{ ...app, securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }] }),
    [],
    'docker/default is RuntimeDefault for seccomp',
  );
  t.same(
    create({ 'container.apparmor.security.beta.kubernetes.io/app': 'unconfined' }, { os: { name: 'windows' }, securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } }).filter(
      (e) => e.includes('must match'),
    ),
    [],
    'Windows pods are not compared',
  );
});
