import { type ApiObject, Store } from '@apiserver/registry';
import type { StatusError } from '@apiserver/runtime';
import t, { type Test } from 'tap';
import { newDeploymentStorage } from '../../../../src/registry/apps/deployment/storage.js';
import { newPodStorage } from '../../../../src/registry/core/pod/storage.js';
import { isValidSysctlName, sysctlNamespace } from '../../../../src/registry/core/pod/sysctl-validation.js';
import { ensureRecord, recordsAt } from '../../../../src/object-fields.js';
import { ctxIn, memoryGetter, statusErrorOf } from '../core-fixtures.js';

const ctx = ctxIn('default');
type Rec = Record<string, unknown>;
/** A Status cause as `[field, reason, message]`. */
type Cause = readonly [string, string, string];

const C0 = 'spec.containers[0]';
const I0 = 'spec.initContainers[0]';
const SIDE = { name: 'side', image: 'busybox' };
const EXEC = { exec: { command: ['true'] } };
const RANGE = 'must be between 0 and 2147483647, inclusive';
const NEGATIVE = 'must be greater than or equal to 0';
const SYSCTL_RE = '^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$';
const INIT_FORBIDDEN = 'Forbidden: may not be set for init containers without restartPolicy=Always';
const SLEEP = (grace: number) =>
  `must be greater than 0 and less than terminationGracePeriodSeconds (${grace}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep.`;
const HEADER_MSG = "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')";

const invalid = (field: string, message: string): Cause => [field, 'FieldValueInvalid', `Invalid value: ${message}`];
const required = (field: string, detail = ''): Cause => [field, 'FieldValueRequired', detail === '' ? 'Required value' : `Required value: ${detail}`];
const forbidden = (field: string, detail: string): Cause => [field, 'FieldValueForbidden', `Forbidden: ${detail}`];
const notSupported = (field: string, message: string): Cause => [field, 'FieldValueNotSupported', `Unsupported value: ${message}`];
const duplicate = (field: string, message: string): Cause => [field, 'FieldValueDuplicate', `Duplicate value: ${message}`];

/** A pod whose first container gets `container` merged in, plus `spec` fields. */
const pod = (name: string, container: Rec, spec: Rec = {}): ApiObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name },
  spec: { containers: [{ name: 'app', image: 'nginx', ...container }], ...spec },
});

function causes(err: StatusError): Cause[] {
  return (err.status.details?.causes ?? []).map((c) => [c.field ?? '', c.reason ?? '', c.message ?? ''] as const);
}

function podStore(t: Test): Store {
  const store = newPodStorage(memoryGetter(t)).pods;
  if (!(store instanceof Store)) throw new TypeError('unexpected pod storage');
  return store;
}

/** One rule: a pod it accepts and one it refuses with exactly `want`. */
type Rule = readonly [name: string, valid: ApiObject, invalid: ApiObject, want: readonly Cause[]];

async function checkRules(t: Test, store: Store, rules: readonly Rule[]): Promise<void> {
  for (const [name, good, bad, want] of rules) {
    await t.resolves(store.create(ctx, good), `${name}: valid pod accepted`);
    const err = await statusErrorOf(t, store.create(ctx, bad));
    t.equal(err.status.code, 422, `${name}: 422`);
    t.same(causes(err), want, `${name}: causes`);
  }
}

t.test('probes: one handler, its action, delays and thresholds', async (t) => {
  const live = (probe: Rec) => ({ livenessProbe: probe });
  await checkRules(t, podStore(t), [
    ['two handlers', pod('h1', live(EXEC)), pod('h1x', live({ ...EXEC, httpGet: { port: 80 }, grpc: { port: 9 } })), [
      forbidden(`${C0}.livenessProbe.httpGet`, 'may not specify more than 1 handler type'),
      forbidden(`${C0}.livenessProbe.grpc`, 'may not specify more than 1 handler type'),
    ]],
    ['no handler', pod('h2', live({ tcpSocket: { port: 'http' } })), pod('h2x', live({ initialDelaySeconds: 3 })), [required(`${C0}.livenessProbe`, 'must specify a handler type')]],
    ['exec command', pod('h3', live(EXEC)), pod('h3x', live({ exec: {} })), [required(`${C0}.livenessProbe.exec.command`)]],
    ['httpGet', pod('h4', live({ httpGet: { port: 'web', scheme: 'HTTPS', httpHeaders: [{ name: 'X-Ok', value: 'y' }] } })),
      pod('h4x', live({ httpGet: { port: 70000, scheme: 'FTP', httpHeaders: [{ name: 'Bad Header', value: 'y' }] } })), [
        invalid(`${C0}.livenessProbe.httpGet.port`, '70000: must be between 1 and 65535, inclusive'),
        notSupported(`${C0}.livenessProbe.httpGet.scheme`, '"FTP": supported values: "HTTP", "HTTPS"'),
        invalid(`${C0}.livenessProbe.httpGet.httpHeaders`, `"Bad Header": ${HEADER_MSG}`),
      ]],
    ['tcpSocket', pod('h5', live({ tcpSocket: { port: 8080 } })), pod('h5x', live({ tcpSocket: { port: 'Http' } })), [
      invalid(`${C0}.livenessProbe.tcpSocket.port`, '"Http": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)'),
    ]],
    ['grpc', pod('h6', { readinessProbe: { grpc: { port: 9090 } } }), pod('h6x', { readinessProbe: { grpc: { port: 0 } } }), [
      invalid(`${C0}.readinessProbe.grpc.port`, '0: must be between 1 and 65535, inclusive'),
    ]],
    ['non-negative', pod('h7', { readinessProbe: { ...EXEC, initialDelaySeconds: 0, successThreshold: 3 } }),
      pod('h7x', { readinessProbe: { ...EXEC, initialDelaySeconds: -1, periodSeconds: -2, failureThreshold: -3 } }), [
        invalid(`${C0}.readinessProbe.initialDelaySeconds`, `-1: ${NEGATIVE}`),
        invalid(`${C0}.readinessProbe.periodSeconds`, `-2: ${NEGATIVE}`),
        invalid(`${C0}.readinessProbe.failureThreshold`, `-3: ${NEGATIVE}`),
      ]],
    ['liveness successThreshold', pod('h8', live({ ...EXEC, successThreshold: 1 })), pod('h8x', live({ ...EXEC, successThreshold: 2 })), [invalid(`${C0}.livenessProbe.successThreshold`, '2: must be 1')]],
    ['startup successThreshold', pod('h9', { startupProbe: EXEC }), pod('h9x', { startupProbe: { ...EXEC, successThreshold: 3 } }), [invalid(`${C0}.startupProbe.successThreshold`, '3: must be 1')]],
    ['probe grace period', pod('h10', live({ ...EXEC, terminationGracePeriodSeconds: 5 })), pod('h10x', live({ ...EXEC, terminationGracePeriodSeconds: 0 })), [
      invalid(`${C0}.livenessProbe.terminationGracePeriodSeconds`, '0: must be greater than 0'),
    ]],
    ['readiness grace period', pod('h11', { readinessProbe: EXEC }), pod('h11x', { readinessProbe: { ...EXEC, terminationGracePeriodSeconds: 10 } }), [
      invalid(`${C0}.readinessProbe.terminationGracePeriodSeconds`, '10: must not be set for readinessProbes'),
    ]],
  ]);
});

t.test('init containers: restartPolicy, sidecars, forbidden hooks and probes', async (t) => {
  const withInit = (name: string, init: Rec, container: Rec = {}) => pod(name, container, { initContainers: [{ name: 'init', image: 'busybox', ...init }] });
  await checkRules(t, podStore(t), [
    ['probes on a plain init container', withInit('i1', {}), withInit('i1x', { livenessProbe: EXEC, lifecycle: { preStop: EXEC }, startupProbe: EXEC }), [
      [`${I0}.lifecycle`, 'FieldValueForbidden', INIT_FORBIDDEN],
      [`${I0}.livenessProbe`, 'FieldValueForbidden', INIT_FORBIDDEN],
      [`${I0}.startupProbe`, 'FieldValueForbidden', INIT_FORBIDDEN],
    ]],
    ['sidecar probes are validated', withInit('i2', { restartPolicy: 'Always', readinessProbe: EXEC, lifecycle: { postStart: EXEC } }),
      withInit('i2x', { restartPolicy: 'Always', livenessProbe: { ...EXEC, successThreshold: 2 }, lifecycle: { postStart: {} } }), [
        required(`${I0}.lifecycle.postStart`, 'must specify a handler type'),
        invalid(`${I0}.livenessProbe.successThreshold`, '2: must be 1'),
      ]],
    ['init restartPolicy', withInit('i3', { restartPolicy: 'Always' }), withInit('i3x', { restartPolicy: 'OnFailure', readinessProbe: EXEC }), [
      notSupported(`${I0}.restartPolicy`, '"OnFailure": supported values: "Always"'),
      [`${I0}.readinessProbe`, 'FieldValueForbidden', INIT_FORBIDDEN],
    ]],
    ['regular container restartPolicy', pod('i4', {}), pod('i4x', { restartPolicy: 'Always' }), [forbidden(`${C0}.restartPolicy`, 'may not be set for non-init containers')]],
  ]);
});

t.test('lifecycle hooks: handlers and the sleep action', async (t) => {
  const store = podStore(t);
  await checkRules(t, store, [
    ['sleep at most the grace period', pod('l1', { lifecycle: { preStop: { sleep: { seconds: 30 } } } }), pod('l1x', { lifecycle: { preStop: { sleep: { seconds: 0 } } } }), [
      invalid(`${C0}.lifecycle.preStop.sleep`, `0: ${SLEEP(30)}`),
    ]],
    ['sleep longer than the grace period', pod('l2', { lifecycle: { preStop: { sleep: { seconds: 5 } } } }, { terminationGracePeriodSeconds: 5 }),
      pod('l2x', { lifecycle: { preStop: { sleep: { seconds: 6 } } } }, { terminationGracePeriodSeconds: 5 }), [invalid(`${C0}.lifecycle.preStop.sleep`, `6: ${SLEEP(5)}`)]],
    ['two hook handlers', pod('l3', { lifecycle: { postStart: { tcpSocket: { port: 80 } } } }), pod('l3x', { lifecycle: { postStart: { ...EXEC, sleep: { seconds: 1 } } } }), [
      forbidden(`${C0}.lifecycle.postStart.sleep`, 'may not specify more than 1 handler type'),
    ]],
  ]);
  const created = await store.create(ctx, pod('l4', { lifecycle: { preStop: { httpGet: { port: 80 } } } }));
  const hook = ensureRecord(ensureRecord(recordsAt(ensureRecord(created, 'spec'), 'containers')[0] ?? {}, 'lifecycle'), 'preStop');
  t.same(hook.httpGet, { port: 80, path: '/', scheme: 'HTTP' }, 'a hook httpGet is defaulted as a probe one');
});

t.test('container securityContext', async (t) => {
  const sc = (securityContext: Rec) => ({ securityContext });
  const SC = `${C0}.securityContext`;
  await checkRules(t, podStore(t), [
    ['user and group IDs', pod('s1', sc({ runAsUser: 0, runAsGroup: 2147483647 })), pod('s1x', sc({ runAsUser: -1, runAsGroup: 2147483648 })), [
      invalid(`${SC}.runAsUser`, `-1: ${RANGE}`),
      invalid(`${SC}.runAsGroup`, `2147483648: ${RANGE}`),
    ]],
    ['privilege escalation', pod('s2', sc({ privileged: true, allowPrivilegeEscalation: true })),
      pod('s2x', sc({ privileged: true, allowPrivilegeEscalation: false, capabilities: { add: ['CAP_SYS_ADMIN', 'NET_ADMIN'] } })), [
        invalid(SC, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'),
        invalid(SC, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'),
      ]],
    ['seccomp type', pod('s3', sc({ seccompProfile: { type: 'RuntimeDefault' } })), pod('s3x', sc({ seccompProfile: { type: 'Bogus' } })), [
      notSupported(`${SC}.seccompProfile.type`, '"Bogus": supported values: "Localhost", "RuntimeDefault", "Unconfined"'),
    ]],
    ['seccomp localhost', pod('s4', sc({ seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } })),
      pod('s4x', sc({ seccompProfile: { type: 'Localhost', localhostProfile: '/etc/../x.json' } })), [
        invalid(`${SC}.seccompProfile.localhostProfile`, '"/etc/../x.json": must be a relative path'),
        invalid(`${SC}.seccompProfile.localhostProfile`, `"/etc/../x.json": must not contain '..'`),
      ]],
    ['seccomp profile only for Localhost', pod('s5', sc({ seccompProfile: { type: 'Unconfined' } })), pod('s5x', sc({ seccompProfile: { type: 'Unconfined', localhostProfile: 'p' } })), [
      invalid(`${SC}.seccompProfile.localhostProfile`, 'can only be set when seccomp type is Localhost'),
    ]],
    ['seccomp required fields', pod('s6', sc({})), pod('s6x', sc({ seccompProfile: {} })), [required(`${SC}.seccompProfile.type`, 'type is required when seccompProfile is set')]],
    ['apparmor localhost', pod('s7', sc({ appArmorProfile: { type: 'Localhost', localhostProfile: 'k8s-apparmor' } })),
      pod('s7x', sc({ appArmorProfile: { type: 'Localhost', localhostProfile: ' padded ' } })), [invalid(`${SC}.appArmorProfile.localhostProfile`, '" padded ": must not be padded with whitespace')]],
    ['apparmor profile length', pod('s7b', sc({ appArmorProfile: { type: 'Localhost', localhostProfile: 'p'.repeat(4095) } })),
      pod('s7bx', sc({ appArmorProfile: { type: 'Localhost', localhostProfile: 'p'.repeat(4096) } })), [
        [`${SC}.appArmorProfile.localhostProfile`, 'FieldValueTooLong', 'Too long: may not be more than 4095 bytes'],
      ]],
    ['apparmor type', pod('s8', sc({ appArmorProfile: { type: 'Unconfined' } })), pod('s8x', sc({ appArmorProfile: { type: 'Unconfined', localhostProfile: 'x' } })), [
      invalid(`${SC}.appArmorProfile.localhostProfile`, '"x": can only be set when AppArmor type is Localhost'),
    ]],
    ['apparmor unknown type', pod('s9', sc({ appArmorProfile: { type: 'RuntimeDefault' } })), pod('s9x', sc({ appArmorProfile: { type: 'Strict' } })), [
      notSupported(`${SC}.appArmorProfile.type`, '"Strict": supported values: "Localhost", "RuntimeDefault", "Unconfined"'),
    ]],
    ['windows options', pod('s10', sc({ windowsOptions: { gmsaCredentialSpecName: 'spec-1', runAsUserName: 'CORP\\svc' } })),
      pod('s10x', sc({ windowsOptions: { gmsaCredentialSpecName: 'Bad_Name', gmsaCredentialSpec: '', runAsUserName: 'a\\b\\c' } })), [
        invalid(`${SC}.windowsOptions.gmsaCredentialSpecName`, `"Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`),
        invalid(`${SC}.windowsOptions.gmsaCredentialSpec`, '"": gmsaCredentialSpec cannot be an empty string'),
        invalid(`${SC}.windowsOptions.runAsUserName`, '"a\\\\b\\\\c": runAsUserName cannot contain more than one backslash'),
      ]],
    ['windows user name parts', pod('s11', sc({ windowsOptions: { runAsUserName: 'ContainerUser' } })), pod('s11x', sc({ windowsOptions: { runAsUserName: '.bad\\us:er' } })), [
      invalid(`${SC}.windowsOptions.runAsUserName`, `".bad\\\\us:er": runAsUserName's Domain doesn't match the NetBios nor the DNS format`),
      invalid(`${SC}.windowsOptions.runAsUserName`, `".bad\\\\us:er": runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`),
    ]],
  ]);
});

t.test('pod securityContext and the host namespaces', async (t) => {
  const psc = (name: string, securityContext: Rec, spec: Rec = {}) => pod(name, {}, { securityContext, ...spec });
  const PSC = 'spec.securityContext';
  await checkRules(t, podStore(t), [
    ['IDs', psc('p1', { fsGroup: 2000, runAsUser: 1000, runAsGroup: 0, supplementalGroups: [1, 2] }), psc('p1x', { fsGroup: -1, runAsUser: -2, supplementalGroups: [1, -3] }), [
      invalid(`${PSC}.fsGroup`, `-1: ${RANGE}`),
      invalid(`${PSC}.runAsUser`, `-2: ${RANGE}`),
      invalid(`${PSC}.supplementalGroups[1]`, `-3: ${RANGE}`),
    ]],
    ['shareProcessNamespace with hostPID', psc('p2', {}, { shareProcessNamespace: true }), psc('p2x', {}, { shareProcessNamespace: true, hostPID: true }), [
      invalid(`${PSC}.shareProcessNamespace`, 'true: ShareProcessNamespace and HostPID cannot both be enabled'),
    ]],
    ['sysctl names', psc('p3', { sysctls: [{ name: 'kernel.shm_rmid_forced', value: '1' }, { name: 'net/ipv4/ip_forward', value: '1' }] }),
      psc('p3x', { sysctls: [{ name: '', value: '1' }, { name: 'Bad.Name', value: '1' }, { name: 'kernel.msgmax', value: '1' }, { name: 'kernel.msgmax', value: '2' }] }), [
        required(`${PSC}.sysctls[0].name`),
        invalid(`${PSC}.sysctls[1].name`, `"Bad.Name": must have at most 253 characters and match regex ${SYSCTL_RE}`),
        duplicate(`${PSC}.sysctls[3].name`, '"kernel.msgmax"'),
      ]],
    ['namespaced sysctls and host namespaces', psc('p4', { sysctls: [{ name: 'kernel.msgmax', value: '1' }] }, { hostNetwork: true }),
      psc('p4x', { sysctls: [{ name: 'net/core/somaxconn', value: '1' }, { name: 'kernel.msgmax', value: '1' }] }, { hostNetwork: true, hostIPC: true }), [
        invalid(`${PSC}.sysctls[0].name`, `"net/core/somaxconn": may not be specified when 'hostNetwork' is true`),
        invalid(`${PSC}.sysctls[1].name`, `"kernel.msgmax": may not be specified when 'hostIPC' is true`),
      ]],
    ['fsGroupChangePolicy', psc('p5', { fsGroupChangePolicy: 'OnRootMismatch' }), psc('p5x', { fsGroupChangePolicy: 'Sometimes' }), [
      notSupported(`${PSC}.fsGroupChangePolicy`, '"Sometimes": supported values: "Always", "OnRootMismatch"'),
    ]],
    ['profiles and windows options', psc('p6', { seccompProfile: { type: 'RuntimeDefault' }, appArmorProfile: { type: 'RuntimeDefault' } }),
      psc('p6x', { seccompProfile: { type: 'Localhost' }, windowsOptions: { runAsUserName: '' }, appArmorProfile: { type: 'Localhost' } }), [
        required(`${PSC}.seccompProfile.localhostProfile`, 'must be set when seccomp type is Localhost'),
        invalid(`${PSC}.windowsOptions.runAsUserName`, '"": runAsUserName cannot be an empty string'),
        required(`${PSC}.appArmorProfile.localhostProfile`, 'must be set when AppArmor type is Localhost'),
      ]],
  ]);
});

t.test('operating system and HostProcess rules', async (t) => {
  const win = { windowsOptions: { runAsUserName: 'ContainerUser' } };
  await checkRules(t, podStore(t), [
    ['linux pods take no windows options', pod('o1', {}, { os: { name: 'linux' }, securityContext: { runAsUser: 1 } }),
      pod('o1x', { securityContext: win }, { os: { name: 'linux' }, securityContext: win }), [
        forbidden('spec.securityContext.windowsOptions', 'windows options cannot be set for a linux pod'),
        forbidden(`${C0}.securityContext.windowsOptions`, 'windows options cannot be set for a linux pod'),
      ]],
    // procMount is gated off in 1.32 (dropped, never checked), so a windows pod may carry it.
    ['windows pods take no linux settings', pod('o2', { securityContext: { ...win, procMount: 'Unmasked' } }, { os: { name: 'windows' }, securityContext: win }),
      pod('o2x', { securityContext: { privileged: false } }, { os: { name: 'windows' }, hostPID: true, securityContext: { runAsUser: 1, supplementalGroups: [] } }), [
        forbidden('spec.hostPID', 'cannot be set for a windows pod'),
        forbidden('spec.securityContext.runAsUser', 'cannot be set for a windows pod'),
        forbidden('spec.securityContext.supplementalGroups', 'cannot be set for a windows pod'),
        forbidden(`${C0}.securityContext.privileged`, 'cannot be set for a windows pod'),
      ]],
    ['hostProcess pods', pod('o3', {}, { hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } } }),
      pod('o3x', {}, { containers: [{ name: 'a', image: 'x' }, { ...SIDE, securityContext: { windowsOptions: { hostProcess: false } } }], securityContext: { windowsOptions: { hostProcess: true } } }), [
        invalid('spec.containers[1].securityContext.windowsOptions.hostProcess', 'false: pod hostProcess value must be identical if both are specified, was true'),
        invalid('spec', '"": If pod contains any hostProcess containers then all containers must be HostProcess containers'),
        invalid('spec.hostNetwork', 'false: hostNetwork must be true if pod contains any hostProcess containers'),
      ]],
  ]);
});

t.test('sysctl names and namespaces', async (t) => {
  t.ok(isValidSysctlName('net.ipv4.conf.eth0/1.rp_filter'));
  t.notOk(isValidSysctlName(`a${'.b'.repeat(127)}`), 'longer than 253 bytes');
  t.equal(sysctlNamespace('net/ipv4/ip_forward'), 'net');
  t.equal(sysctlNamespace('kernel.sem'), 'ipc');
  t.equal(sysctlNamespace('fs.mqueue.msg_max'), 'ipc');
  t.equal(sysctlNamespace('kernel.semx'), undefined);
  t.equal(sysctlNamespace('kernel.shmmax'), 'ipc');
  t.equal(sysctlNamespace('kernel.shm_next_id'), undefined, 'only the listed kernel.shm* names');
  t.equal(sysctlNamespace('net.*'), 'net', 'cut at the wildcard');
  t.equal(sysctlNamespace('vm.swappiness'), undefined);
});

t.test('a Deployment pod template goes through the same checks', async (t) => {
  const store = newDeploymentStorage(memoryGetter(t)).deployments;
  if (!(store instanceof Store)) throw new TypeError('unexpected deployment storage');
  const deployment = (name: string, podSpec: Rec): ApiObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: podSpec } },
  });
  const T = 'spec.template.spec';
  await t.resolves(store.create(ctx, deployment('ok', { containers: [{ name: 'app', image: 'nginx', livenessProbe: { httpGet: { port: 8080 } } }] })));
  const err = await statusErrorOf(
    t,
    store.create(
      ctx,
      deployment('bad', {
        initContainers: [{ name: 'init', image: 'busybox', readinessProbe: EXEC }],
        containers: [{ name: 'app', image: 'nginx', livenessProbe: { ...EXEC, successThreshold: 2 }, securityContext: { runAsUser: -1 } }],
        securityContext: { sysctls: [{ name: 'kernel.msgmax', value: '1' }, { name: 'kernel.msgmax', value: '1' }] },
      }),
    ),
  );
  t.equal(err.status.code, 422);
  t.same(causes(err), [
    [`${T}.initContainers[0].readinessProbe`, 'FieldValueForbidden', INIT_FORBIDDEN],
    invalid(`${T}.containers[0].securityContext.runAsUser`, `-1: ${RANGE}`),
    invalid(`${T}.containers[0].livenessProbe.successThreshold`, '2: must be 1'),
    duplicate(`${T}.securityContext.sysctls[1].name`, '"kernel.msgmax"'),
  ]);
});
