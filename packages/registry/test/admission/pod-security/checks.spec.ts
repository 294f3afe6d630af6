import t from 'tap';
import { type LevelVersion, LATEST_VERSION, majorMinorVersion } from '../../../src/admission/plugins/pod-security/api.js';
import { aggregateCheckResults, type Check, forbiddenDetail, forbiddenReason } from '../../../src/admission/plugins/pod-security/check.js';
import { defaultChecks } from '../../../src/admission/plugins/pod-security/default-checks.js';
import { newEvaluator } from '../../../src/admission/plugins/pod-security/evaluator.js';

type J = Record<string, unknown>;
const evaluator = newEvaluator(defaultChecks());
const lv = (level: LevelVersion['level'], minor?: number): LevelVersion => ({ level, version: minor === undefined ? LATEST_VERSION : majorMinorVersion(1, minor) });

/** `reason (detail), …` of a pod (spec and metadata) at a level. */
function detail(spec: J, at: LevelVersion = lv('restricted'), metadata: J = {}): string {
  return forbiddenDetail(aggregateCheckResults(evaluator.evaluatePod(at, metadata, spec)));
}

const check = (id: string): Check => defaultChecks().find((c) => c.id === id) as Check;
/** The result of the newest revision of one check. */
function one(id: string, spec: J, metadata: J = {}): { allowed: boolean; reason?: string; detail?: string } {
  const versions = check(id).versions;
  const r = versions[versions.length - 1]?.checkPod(metadata, spec);
  return { allowed: r?.allowed ?? false, reason: r?.forbiddenReason, detail: r?.forbiddenDetail };
}

const restrictedContainer = {
  name: 'c',
  image: 'i',
  securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
};

t.test('restricted:latest refuses a plain pod for four reasons, in upstream order', async (t) => {
  t.equal(
    detail({ containers: [{ name: 'nginx', image: 'nginx' }] }),
    'allowPrivilegeEscalation != false (container "nginx" must set securityContext.allowPrivilegeEscalation=false), ' +
      'unrestricted capabilities (container "nginx" must set securityContext.capabilities.drop=["ALL"]), ' +
      'runAsNonRoot != true (pod or container "nginx" must set securityContext.runAsNonRoot=true), ' +
      'seccompProfile (pod or container "nginx" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
  );
  t.equal(detail({ containers: [restrictedContainer] }), '', 'a compliant pod passes');
  t.equal(detail({ containers: [{ name: 'nginx' }] }, lv('baseline')), '', 'baseline allows it');
  t.equal(detail({ containers: [{ name: 'nginx', securityContext: { privileged: true } }] }, lv('privileged')), '', 'privileged runs no check');
  const bad = { hostNetwork: true, containers: [{ ...restrictedContainer, securityContext: { ...restrictedContainer.securityContext, privileged: true } }] };
  t.equal(
    detail(bad),
    'host namespaces (hostNetwork), privileged (container "c" must not set securityContext.privileged=true)',
    'baseline checks come first, in ID order',
  );
  const r = aggregateCheckResults(evaluator.evaluatePod(lv('baseline'), {}, { hostPID: true, hostIPC: true, containers: [{ name: 'a', ports: [{ hostPort: 80 }] }] }));
  t.equal(forbiddenReason(r), 'host namespaces, hostPort', 'the namespace-check form has reasons only');
});

t.test('versions: overrides and revisions in force at each version', async (t) => {
  const caps = { containers: [{ ...restrictedContainer, securityContext: { ...restrictedContainer.securityContext, capabilities: { add: ['SYS_ADMIN'], drop: ['ALL'] } } }] };
  t.equal(
    detail(caps, lv('restricted', 21)),
    'non-default capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add)',
    'before 1.22 the baseline capabilities check runs in restricted',
  );
  t.equal(detail(caps), 'unrestricted capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add)', 'from 1.22 the restricted one replaces it');
  const seccompAnnotation = { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' } };
  t.equal(detail({ containers: [{ name: 'c' }] }, lv('baseline', 18), seccompAnnotation), 'seccompProfile (forbidden annotation seccomp.security.alpha.kubernetes.io/pod="unconfined")');
  t.equal(detail({ containers: [{ name: 'c' }] }, lv('baseline', 19), seccompAnnotation), '', 'from 1.19 the annotations are not read');
  const root = { securityContext: { runAsUser: 0, runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ ...restrictedContainer }] };
  t.equal(detail(root, lv('restricted', 22)), '', 'runAsUser starts at 1.23');
  t.equal(detail(root, lv('restricted', 23)), 'runAsUser=0 (pod must not set runAsUser=0)');
  const sysctl = (name: string) => ({ securityContext: { sysctls: [{ name, value: '1' }] } });
  t.equal(detail(sysctl('net.ipv4.tcp_rmem'), lv('baseline', 31)), 'forbidden sysctls (net.ipv4.tcp_rmem)');
  t.equal(detail(sysctl('net.ipv4.tcp_rmem'), lv('baseline', 32)), '');
  t.equal(detail(sysctl('net.ipv4.tcp_rmem'), lv('baseline', 40)), '', 'a version beyond the newest evaluates as the newest');
  t.equal(detail(sysctl('net.ipv4.ip_local_reserved_ports'), lv('baseline', 26)), 'forbidden sysctls (net.ipv4.ip_local_reserved_ports)');
  t.equal(detail(sysctl('net.ipv4.tcp_keepalive_time'), lv('baseline', 28)), 'forbidden sysctls (net.ipv4.tcp_keepalive_time)');
  t.equal(detail(sysctl('net.ipv4.tcp_keepalive_time'), lv('baseline', 29)), '');
  const engine = { securityContext: { seLinuxOptions: { type: 'container_engine_t' } } };
  t.equal(detail(engine, lv('baseline', 30)), 'seLinuxOptions (pod set forbidden securityContext.seLinuxOptions: type "container_engine_t")');
  t.equal(detail(engine, lv('baseline', 31)), '');
  const windows = { os: { name: 'windows' }, securityContext: { runAsNonRoot: true }, containers: [{ name: 'w' }] };
  t.equal(detail(windows, lv('restricted', 24)), detail({ ...windows, os: undefined }, lv('restricted', 24)), 'Windows pods are judged alike before 1.25');
  t.equal(detail(windows), '', 'from 1.25 Windows pods are exempt from the Linux-only restricted checks');
  t.throws(() => newEvaluator([check('privileged'), check('privileged')]), /multiple checks registered for ID privileged/);
});

t.test('baseline checks: reasons and details', async (t) => {
  t.same(one('hostPorts', { containers: [{ name: 'a', ports: [{ hostPort: 8080 }, { hostPort: 10 }] }, { name: 'b', ports: [{ containerPort: 1, hostPort: 0 }] }, { name: 'c', ports: [{ hostPort: 8080 }] }] }), {
    allowed: false,
    reason: 'hostPort',
    detail: 'containers "a", "c" use hostPorts 10, 8080',
  });
  t.same(one('hostPorts', { initContainers: [{ name: 'i', ports: [{ hostPort: 9 }] }] }).detail, 'container "i" uses hostPort 9');
  t.same(one('hostNamespaces', { hostNetwork: true, hostPID: true, hostIPC: true }).detail, 'hostIPC, hostNetwork, hostPID');
  t.same(one('hostPathVolumes', { volumes: [{ name: 'a', hostPath: { path: '/' } }, { name: 'b', emptyDir: {} }, { name: 'c', hostPath: {} }] }), {
    allowed: false,
    reason: 'hostPath volumes',
    detail: 'volumes "a", "c"',
  });
  t.same(one('privileged', { initContainers: [{ name: 'i', securityContext: { privileged: true } }], containers: [{ name: 'c', securityContext: { privileged: false } }] }).detail, 'container "i" must not set securityContext.privileged=true');
  t.same(
    one('capabilities_baseline', { containers: [{ name: 'a', securityContext: { capabilities: { add: ['NET_RAW', 'CHOWN', 'SYS_ADMIN'] } } }, { name: 'b', securityContext: { capabilities: { add: ['NET_RAW'] } } }] }),
    { allowed: false, reason: 'non-default capabilities', detail: 'containers "a", "b" must not include "NET_RAW", "SYS_ADMIN" in securityContext.capabilities.add' },
  );
  t.same(
    one('windowsHostProcess', { securityContext: { windowsOptions: { hostProcess: true } }, containers: [{ name: 'a', securityContext: { windowsOptions: { hostProcess: true } } }] }),
    { allowed: false, reason: 'hostProcess', detail: 'pod and container "a" must not set securityContext.windowsOptions.hostProcess=true' },
  );
  t.same(one('procMount', { containers: [{ name: 'a', securityContext: { procMount: 'Unmasked' } }, { name: 'b', securityContext: { procMount: 'Default' } }] }), {
    allowed: false,
    reason: 'procMount',
    detail: 'container "a" must not set securityContext.procMount to "Unmasked"',
  });
  t.same(one('sysctls', { securityContext: { sysctls: [{ name: 'a' }, { name: 'kernel.shm_rmid_forced' }, { name: 'b' }] } }), { allowed: false, reason: 'forbidden sysctls', detail: 'a, b' });
});

t.test('baseline checks: seLinuxOptions, appArmorProfile, seccompProfile_baseline', async (t) => {
  const se = (spec: J) => one('seLinuxOptions', spec).detail;
  t.equal(se({ securityContext: { seLinuxOptions: { type: 'bar', user: 'u', role: 'r' } } }), 'pod set forbidden securityContext.seLinuxOptions: type "bar"; user may not be set; role may not be set');
  t.equal(
    se({ containers: [{ name: 'a', securityContext: { seLinuxOptions: { type: 'x' } } }, { name: 'b', securityContext: { seLinuxOptions: { type: 'y' } } }] }),
    'containers "a", "b" set forbidden securityContext.seLinuxOptions: types "x", "y"',
  );
  t.equal(se({ securityContext: { seLinuxOptions: { user: 'u' } } }), 'pod set forbidden securityContext.seLinuxOptions: ', 'user alone: upstream prints no data');
  t.equal(one('seLinuxOptions', { securityContext: { seLinuxOptions: { type: 'container_t', level: 's0' } } }).allowed, true);
  const aa = (spec: J, metadata: J = {}) => one('appArmorProfile', spec, metadata);
  t.same(aa({ securityContext: { appArmorProfile: { type: 'Unconfined' } } }), { allowed: false, reason: 'forbidden AppArmor profile', detail: 'pod must not set AppArmor profile type to "Unconfined"' });
  t.same(aa({ containers: [{ name: 'foo', securityContext: { appArmorProfile: { type: 'Unconfined' } } }] }).detail, 'container "foo" must not set AppArmor profile type to "Unconfined"');
  t.same(aa({}, { annotations: { 'container.apparmor.security.beta.kubernetes.io/a': 'unconfined', 'container.apparmor.security.beta.kubernetes.io/b': 'localhost/x' } }), {
    allowed: false,
    reason: 'forbidden AppArmor profile',
    detail: 'annotation must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/a="unconfined""',
  });
  t.equal(aa({ securityContext: { appArmorProfile: { type: 'Unconfined' } } }, { annotations: { 'container.apparmor.security.beta.kubernetes.io/a': 'x' } }).reason, 'forbidden AppArmor profiles');
  t.equal(aa({ securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'p' } } }).allowed, true);
  const seccomp = (spec: J) => one('seccompProfile_baseline', spec);
  t.same(seccomp({ securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: [{ name: 'a', securityContext: { seccompProfile: { type: 'Unconfined' } } }, { name: 'b' }] }), {
    allowed: false,
    reason: 'seccompProfile',
    detail: 'pod and container "a" must not set securityContext.seccompProfile.type to "Unconfined"',
  });
  t.equal(seccomp({ containers: [{ name: 'b' }] }).allowed, true, 'unset is allowed in baseline');
});

t.test('restricted checks: reasons and details', async (t) => {
  t.same(one('allowPrivilegeEscalation', { containers: [{ name: 'a' }, { name: 'b', securityContext: {} }, { name: 'c', securityContext: { allowPrivilegeEscalation: true } }, { name: 'd', securityContext: { allowPrivilegeEscalation: false } }] }), {
    allowed: false,
    reason: 'allowPrivilegeEscalation != false',
    detail: 'containers "a", "b", "c" must set securityContext.allowPrivilegeEscalation=false',
  });
  const caps = one('capabilities_restricted', {
    containers: [{ name: 'a' }, { name: 'b', securityContext: { capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE', 'CHOWN'] } } }, { name: 'c', securityContext: { capabilities: { add: ['BAR', 'FOO'] } } }],
  });
  t.same(caps.detail, 'containers "a", "c" must set securityContext.capabilities.drop=["ALL"]; containers "b", "c" must not include "BAR", "CHOWN", "FOO" in securityContext.capabilities.add');
  const nonRoot = (spec: J) => one('runAsNonRoot', spec).detail;
  t.equal(nonRoot({ securityContext: { runAsNonRoot: false }, containers: [{ name: 'a', securityContext: { runAsNonRoot: false } }, { name: 'b' }] }), 'pod and container "a" must not set securityContext.runAsNonRoot=false');
  t.equal(nonRoot({ containers: [{ name: 'a' }, { name: 'b', securityContext: {} }, { name: 'c', securityContext: { runAsNonRoot: true } }] }), 'pod or containers "a", "b" must set securityContext.runAsNonRoot=true');
  t.equal(one('runAsNonRoot', { securityContext: { runAsNonRoot: true }, containers: [{ name: 'a' }] }).allowed, true);
  t.equal(one('runAsUser', { containers: [{ name: 'a', securityContext: { runAsUser: 0 } }, { name: 'b', securityContext: { runAsUser: 1000 } }] }).detail, 'container "a" must not set runAsUser=0');
  t.same(
    one('restrictedVolumes', {
      volumes: [{ name: 'ok', configMap: {} }, { name: 'a', hostPath: {} }, { name: 'b', nfs: {} }, { name: 'c', gitRepo: {} }, { name: 'd' }, { name: 'e', csi: {} }],
    }),
    { allowed: false, reason: 'restricted volume types', detail: 'volumes "a", "b", "c", "d" use restricted volume types "gitRepo", "hostPath", "nfs", "unknown"' },
  );
  t.equal(one('restrictedVolumes', { volumes: [{ name: 'a', hostPath: {} }] }).detail, 'volume "a" uses restricted volume type "hostPath"');
  t.equal(one('restrictedVolumes', { volumes: [{ name: 'img', image: { reference: 'r' } }] }).detail, 'volume "img" uses restricted volume type "unknown"', '1.32 does not allow image volumes yet (1.33 does)');
  const sc = (spec: J) => one('seccompProfile_restricted', spec).detail;
  t.equal(sc({ securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'a', securityContext: { seccompProfile: { type: 'Unconfined' } } }] }), 'container "a" must not set securityContext.seccompProfile.type to "Unconfined"');
  t.equal(one('seccompProfile_restricted', { securityContext: { seccompProfile: { type: 'Localhost' } }, containers: [{ name: 'a' }] }).allowed, true);
  t.equal(sc({ containers: [{ name: 'a', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }, { name: 'b' }] }), 'pod or container "b" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"');
});
