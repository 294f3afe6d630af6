/**
 * kube-lite's server options: the values of its command-line flags (named as kube-apiserver's), their defaults,
 * and validation that reports every invalid value at once.
 */
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceResolver } from '@apiserver/registry';
import type { MemoryBackendOptions } from '@apiserver/storage-memory';
import type { LoggingFormat } from '@apiserver/server';
import { admissionPluginErrors } from './admission-options.js';
import { isHttpURL, parseEtcdServersOverrides } from './etcd-servers-overrides.js';
import { featureEnabled, type KNOWN_FEATURES } from './feature-gates.js';
import { builtinGroupVersionRegistry, type GroupVersionRegistry } from './group-version-registry.js';
import { mergeAPIResourceConfig, type RuntimeConfig, runtimeConfigErrors } from './runtime-config.js';
import { DEFAULT_STORAGE_MEDIA_TYPE, storageMediaTypeErrors } from './storage-codec.js';
import { parseWatchCacheSizes } from './watch-cache-sizes.js';

/** Authorization modes kube-lite implements (chained in the order given, as upstream's union authorizer). */
export const AUTHORIZATION_MODES: readonly string[] = ['AlwaysAllow', 'AlwaysDeny', 'RBAC'];

/** The flag values of a kube-lite server (k8s `ServerRunOptions` + `SecureServingOptions` + `EtcdOptions`, the parts we run). */
export interface KubeLiteOptions {
  /** `--bind-address`: the address both listeners bind to (default 127.0.0.1). */
  readonly bindAddress: string;
  /** `--port`: plain HTTP port (default 8080; 0 picks a free port; -1 disables). */
  readonly port: number;
  /** `--secure-port`: HTTPS port (default -1 = disabled; 0 picks a free port). */
  readonly securePort: number;
  /** `--tls-cert-file`: serving certificate (PEM); without it a self-signed pair is generated. */
  readonly tlsCertFile?: string;
  /** `--tls-private-key-file`: key of `--tls-cert-file`. */
  readonly tlsPrivateKeyFile?: string;
  /** `--client-ca-file`: CA that signs client certificates accepted for authentication. */
  readonly clientCAFile?: string;
  /**
   * `--root-ca-file` (kube-controller-manager's): the CA bundle the root CA publisher writes into every namespace's
   * `kube-root-ca.crt`; without it, the generated self-signed serving certificate (the kubeconfig's CA), if any.
   */
  readonly rootCAFile?: string;
  /** `--proxy-client-cert-file`: the client certificate the aggregator presents to aggregated servers (default: one generated into the cert dir, with its CA, when neither it nor `--requestheader-client-ca-file` is given). */
  readonly proxyClientCertFile?: string;
  /** `--proxy-client-key-file`: key of `--proxy-client-cert-file`. */
  readonly proxyClientKeyFile?: string;
  /** `--requestheader-client-ca-file`: CA of front-proxy client certificates whose X-Remote-* headers are believed. */
  readonly requestheaderClientCAFile?: string;
  /** `--requestheader-allowed-names`: CNs a front proxy's certificate may have (empty: any the CA signed). */
  readonly requestheaderAllowedNames: readonly string[];
  /** `--requestheader-username-headers` (default `X-Remote-User`). */
  readonly requestheaderUsernameHeaders: readonly string[];
  /**
   * `--requestheader-uid-headers` (default none, as upstream): headers holding the user's UID; needs the
   * `RemoteRequestHeaderUID` feature gate (alpha in 1.32) and must name `X-Remote-Uid`.
   */
  readonly requestheaderUIDHeaders: readonly string[];
  /** `--requestheader-group-headers` (default `X-Remote-Group`). */
  readonly requestheaderGroupHeaders: readonly string[];
  /** `--requestheader-extra-headers-prefix` (default `X-Remote-Extra-`). */
  readonly requestheaderExtraHeadersPrefix: readonly string[];
  /** `--feature-gates`: gates set on or off (see {@link KNOWN_FEATURES}). */
  readonly featureGates: Readonly<Record<string, boolean>>;
  /** `--cert-dir`: where a generated self-signed pair is kept (default `<data-dir>/certs` or a temp dir). */
  readonly certDir?: string;
  /** `--storage-backend`: `memory` (default) or `etcd3`. */
  readonly storageBackend: 'memory' | 'etcd3';
  /** `--etcd-servers`: etcd client URLs (etcd3 backend). */
  readonly etcdServers: readonly string[];
  /** `--etcd-prefix`: key prefix of every object (default `/registry`). */
  readonly etcdPrefix: string;
  /** `--storage-media-type`: how objects are encoded in storage, `application/json` (default), `application/vnd.kubernetes.protobuf` or `application/yaml`. */
  readonly storageMediaType: string;
  /** `--data-dir`: persistence directory of the memory backend; also where the kubeconfig is written. */
  readonly dataDir?: string;
  /** Memory backend limits: etcd's `--max-request-bytes` and `--quota-backend-bytes`, our `--history-budget-bytes` (default the backend's). */
  readonly memoryLimits?: Pick<MemoryBackendOptions, 'maxRequestBytes' | 'quotaBackendBytes' | 'historyBudgetBytes'>;
  /**
   * `--encoded-object-cache-bytes`: most bytes of encoded objects GET and LIST reuse, shared by the servers of the
   * chain (default 64 MiB; 0 turns the reuse off).
   */
  readonly encodedObjectCacheBytes?: number;
  /** `--watch-cache`: cache reads and watches per resource (default true). */
  readonly watchCache: boolean;
  /** `--watch-cache-sizes`: `resource[.group]#size` entries; size 0 turns that resource's watch cache off (default none). */
  readonly watchCacheSizes: readonly string[];
  /** `--etcd-count-metric-poll-period`: how often each resource's objects are counted for `apiserver_storage_objects`, ms (default 1 min; 0 = never). */
  readonly etcdCountMetricPollPeriodMillis?: number;
  /** `--etcd-servers-overrides`: `group/resource#servers` entries, servers `;`-separated (etcd3 backend; default none). */
  readonly etcdServersOverrides: readonly string[];
  /** `--token-auth-file`: static bearer tokens (CSV `token,user,uid,"group1,group2"`). */
  readonly tokenAuthFile?: string;
  /** `--audit-policy-file`: the `audit.k8s.io/v1` Policy; auditing needs it and a backend (`auditLogPath`). */
  readonly auditPolicyFile?: string;
  /** `--audit-log-path`: where the log backend appends events as JSON lines (`-` = standard output). */
  readonly auditLogPath?: string;
  /** `--admission-control-config-file`: an AdmissionConfiguration; kube-lite reads the `PodSecurity` plugin's entry. */
  readonly admissionControlConfigFile?: string;
  /** `-v`/`--v`: the log verbosity (default 0; at 3 every request is logged). */
  readonly verbosity: number;
  /** `--logging-format`: `text` (klog's, default) or `json` (component-base's). */
  readonly loggingFormat: LoggingFormat;
  /** `--profiling`: serve `/debug/pprof/` and `/debug/flags/v` (default true). */
  readonly profiling: boolean;
  /** `--anonymous-auth`: requests without credentials run as `system:anonymous` (default true). */
  readonly anonymousAuth: boolean;
  /** `--enable-garbage-collector` (kube-controller-manager's flag): run the garbage collector (default true). */
  readonly enableGarbageCollector: boolean;
  /**
   * `--resource-quota-sync-period` (kube-controller-manager's flag): how often every quota's usage is recomputed, in ms
   * (default 30 s; upstream's is 5 min, but kube-lite sees deletes only of the core resources quota counts, so
   * `count/<resource>.<group>` usage goes down at the next resync).
   */
  readonly resourceQuotaSyncPeriodMillis: number;
  /** `--authorization-mode`: ordered modes (default `AlwaysAllow`). */
  readonly authorizationModes: readonly string[];
  /** `--service-account-issuer` (repeatable): the first is written into new tokens, all are accepted. */
  readonly serviceAccountIssuers: readonly string[];
  /** `--service-account-key-file` (repeatable): PEM files of public keys (or private keys, certificates) that verify tokens. */
  readonly serviceAccountKeyFiles: readonly string[];
  /** `--service-account-signing-key-file`: PEM private key signing new tokens (default: one generated into the cert dir). */
  readonly serviceAccountSigningKeyFile?: string;
  /** `--api-audiences`: audiences a token must carry one of (default: the issuers). */
  readonly apiAudiences: readonly string[];
  /** `--service-account-jwks-uri`: the `jwks_uri` of the issuer discovery document (default: `/openid/v1/jwks` on the external address). */
  readonly serviceAccountJWKSURI?: string;
  /** `--external-hostname`: the host of the server's external address (default: the advertised address). */
  readonly externalHostname?: string;
  /** `--advertise-address`: the IP address `default/kubernetes` and the external address name (default: the bind address, 127.0.0.1 for every interface). */
  readonly advertiseAddress?: string;
  /** `--max-requests-inflight` (default 400; 0 = no limit). */
  readonly maxRequestsInflight: number;
  /** `--max-mutating-requests-inflight` (default 200; 0 = no limit). */
  readonly maxMutatingRequestsInflight: number;
  /** `--request-timeout` in ms (default 60 s). */
  readonly requestTimeoutMillis: number;
  /** `--service-cluster-ip-range`: CIDR services' cluster IPs are allocated from (default 10.0.0.0/24). */
  readonly serviceClusterIPRange: string;
  /** `--event-ttl` in ms: how long events are kept after their last update (default 1 h). */
  readonly eventTTLMillis: number;
  /** `--service-node-port-range`: ports NodePort services get (default 30000-32767). */
  readonly serviceNodePortRange: string;
  /** `--default-not-ready-toleration-seconds`: DefaultTolerationSeconds admission's not-ready toleration (default 300). */
  readonly defaultNotReadyTolerationSeconds: number;
  /** `--default-unreachable-toleration-seconds`: DefaultTolerationSeconds admission's unreachable toleration (default 300). */
  readonly defaultUnreachableTolerationSeconds: number;
  /** `--enable-admission-plugins` (comma list): admission plugins to run besides the default ones (default none). */
  readonly enableAdmissionPlugins: readonly string[];
  /** `--disable-admission-plugins` (comma list): default admission plugins not to run (default none). */
  readonly disableAdmissionPlugins: readonly string[];
  /**
   * `--runtime-config` (repeatable, merged): API group-versions and resources switched on or off, e.g.
   * `{ 'apps/v1/deployments': 'false' }` (default `{}`: every stable version on).
   */
  readonly runtimeConfig: RuntimeConfig;
  /** How often `default/kubernetes` and its endpoints are reconciled, in ms (no flag; upstream's fixed 10 s by default). */
  readonly endpointReconcilerIntervalMillis?: number;
  /** How often the system namespaces are recreated when missing, in ms (no flag; upstream's fixed 1 min by default). */
  readonly systemNamespacesIntervalMillis?: number;
  /** How often the services' cluster IP and node port sets are repaired, in ms (no flag; upstream's fixed 3 min by default). */
  readonly serviceIPRepairIntervalMillis?: number;
  /**
   * Where admission and conversion webhooks' Services are reached (no flag; upstream's `ServiceResolver`): by default an
   * address of the Service's Endpoints; tests may map `namespace/name:port` to a local server instead.
   */
  readonly webhookServiceResolver?: ServiceResolver;
  /** Deadline of one CRD conversion webhook call, in ms (no flag; upstream's 30 s by default). */
  readonly conversionWebhookTimeoutMillis?: number;
}

/** Where generated serving certificates and the service account key are kept: `--cert-dir`, else `<data-dir>/certs`, else `<tmp>/kube-lite/certs`. */
export function certDirectoryOf(o: KubeLiteOptions): string {
  return o.certDir ?? join(o.dataDir ?? join(tmpdir(), 'kube-lite'), 'certs');
}

/** kube-lite's defaults (kube-apiserver's where it has the flag). */
export function defaultKubeLiteOptions(): KubeLiteOptions {
  return {
    bindAddress: '127.0.0.1',
    port: 8080,
    securePort: -1,
    storageBackend: 'memory',
    etcdServers: [],
    etcdPrefix: '/registry',
    storageMediaType: DEFAULT_STORAGE_MEDIA_TYPE,
    watchCache: true,
    watchCacheSizes: [],
    etcdServersOverrides: [],
    anonymousAuth: true,
    verbosity: 0,
    loggingFormat: 'text',
    profiling: true,
    requestheaderAllowedNames: [],
    requestheaderUsernameHeaders: ['X-Remote-User'],
    requestheaderUIDHeaders: [],
    requestheaderGroupHeaders: ['X-Remote-Group'],
    featureGates: {},
    requestheaderExtraHeadersPrefix: ['X-Remote-Extra-'],
    enableGarbageCollector: true,
    resourceQuotaSyncPeriodMillis: 30_000,
    authorizationModes: ['AlwaysAllow'],
    serviceAccountIssuers: [],
    serviceAccountKeyFiles: [],
    apiAudiences: [],
    maxRequestsInflight: 400,
    maxMutatingRequestsInflight: 200,
    requestTimeoutMillis: 60_000,
    serviceClusterIPRange: '10.0.0.0/24',
    serviceNodePortRange: '30000-32767',
    eventTTLMillis: 3_600_000,
    defaultNotReadyTolerationSeconds: 300,
    defaultUnreachableTolerationSeconds: 300,
    enableAdmissionPlugins: [],
    disableAdmissionPlugins: [],
    runtimeConfig: {},
  };
}

function portErrors(flag: string, port: number): string[] {
  return Number.isInteger(port) && port >= -1 && port <= 65535 ? [] : [`--${flag} ${port} must be between 0 and 65535, inclusive (-1 disables)`];
}

function cidrErrors(cidr: string): string[] {
  const [ip, bits, ...rest] = cidr.split('/');
  const family = isIP(ip ?? '');
  const max = family === 6 ? 128 : 32;
  const n = Number(bits);
  const ok = rest.length === 0 && family !== 0 && bits !== undefined && /^\d+$/.test(bits) && n <= max;
  return ok ? [] : [`--service-cluster-ip-range ${JSON.stringify(cidr)} is not a valid CIDR`];
}

function servingErrors(o: KubeLiteOptions): string[] {
  const errors = [...portErrors('port', o.port), ...portErrors('secure-port', o.securePort)];
  if (isIP(o.bindAddress) === 0) errors.push(`--bind-address ${JSON.stringify(o.bindAddress)} is not a valid IP address`);
  if (o.advertiseAddress !== undefined && isIP(o.advertiseAddress) === 0) errors.push(`--advertise-address ${JSON.stringify(o.advertiseAddress)} is not a valid IP address`);
  if (o.port === -1 && o.securePort === -1) errors.push('--port and --secure-port are both disabled: nothing to serve on');
  if ((o.tlsCertFile === undefined) !== (o.tlsPrivateKeyFile === undefined)) {
    errors.push('--tls-cert-file and --tls-private-key-file must be given together');
  }
  if (o.clientCAFile !== undefined && o.securePort === -1) errors.push('--client-ca-file needs --secure-port');
  if (o.requestheaderClientCAFile !== undefined && o.securePort === -1) errors.push('--requestheader-client-ca-file needs --secure-port');
  if ((o.proxyClientCertFile === undefined) !== (o.proxyClientKeyFile === undefined)) {
    errors.push('--proxy-client-cert-file and --proxy-client-key-file must be given together');
  }
  return [...errors, ...uidHeadersErrors(o)];
}

function uidHeadersErrors(o: KubeLiteOptions): string[] {
  if (o.requestheaderUIDHeaders.length === 0) return [];
  const errors: string[] = [];
  if (!featureEnabled(o.featureGates, 'RemoteRequestHeaderUID')) errors.push('--requestheader-uid-headers requires the "RemoteRequestHeaderUID" feature to be enabled');
  if (!o.requestheaderUIDHeaders.some((h) => h.toLowerCase() === 'x-remote-uid')) errors.push('--requestheader-uid-headers must include the standard X-Remote-Uid header (API aggregation sends the UID in it)');
  return errors;
}

function storageErrors(o: KubeLiteOptions): string[] {
  const errors: string[] = [];
  if (o.storageBackend === 'etcd3') {
    if (o.etcdServers.length === 0) errors.push('--etcd-servers must be specified with --storage-backend=etcd3');
    if (o.dataDir !== undefined) errors.push('--data-dir applies to --storage-backend=memory only (etcd keeps its own data)');
  }
  for (const server of o.etcdServers) {
    if (!isHttpURL(server)) errors.push(`--etcd-servers ${JSON.stringify(server)} is not an http(s) URL`);
  }
  if (!o.etcdPrefix.startsWith('/')) errors.push(`--etcd-prefix ${JSON.stringify(o.etcdPrefix)} must start with "/"`);
  return [...errors, ...storageMediaTypeErrors(o.storageMediaType), ...perResourceStorageErrors(o)];
}

function perResourceStorageErrors(o: KubeLiteOptions): string[] {
  const errors = [...parseWatchCacheSizes(o.watchCacheSizes).errors, ...parseEtcdServersOverrides(o.etcdServersOverrides).errors];
  if (o.etcdServersOverrides.length > 0 && o.storageBackend !== 'etcd3') errors.push('--etcd-servers-overrides applies to --storage-backend=etcd3 only');
  return errors;
}

function limitErrors(o: KubeLiteOptions): string[] {
  const errors: string[] = [];
  const nonNegative = (flag: string, v: number): void => {
    if (!Number.isInteger(v) || v < 0) errors.push(`--${flag} can not be negative value`);
  };
  nonNegative('max-requests-inflight', o.maxRequestsInflight);
  nonNegative('max-mutating-requests-inflight', o.maxMutatingRequestsInflight);
  if (!(o.requestTimeoutMillis > 0)) errors.push('--request-timeout should be a positive value');
  if (!(o.eventTTLMillis >= 1000)) errors.push('--event-ttl must be at least 1s');
  return errors;
}

function authErrors(o: KubeLiteOptions): string[] {
  const errors: string[] = [];
  if (o.authorizationModes.length === 0) errors.push('at least one authorization-mode must be passed');
  const seen = new Set<string>();
  for (const mode of o.authorizationModes) {
    if (!AUTHORIZATION_MODES.includes(mode)) errors.push(`authorization-mode ${JSON.stringify(mode)} is not a valid mode (supported: ${AUTHORIZATION_MODES.join(', ')})`);
    if (seen.has(mode)) errors.push(`authorization-mode ${JSON.stringify(mode)} has mode specified more than once`);
    seen.add(mode);
  }
  for (const issuer of o.serviceAccountIssuers) {
    if (issuer.includes(':') && !URL.canParse(issuer)) errors.push(`--service-account-issuer ${JSON.stringify(issuer)} contains a ':' but is not a valid URL`);
  }
  const jwksURI = o.serviceAccountJWKSURI;
  if (jwksURI !== undefined && jwksURI !== '') {
    if (!URL.canParse(jwksURI)) errors.push(`service-account-jwks-uri must be a valid URL: ${JSON.stringify(jwksURI)}`);
    else if (new URL(jwksURI).protocol !== 'https:') errors.push(`service-account-jwks-uri requires https scheme, parsed as: ${jwksURI}`);
  }
  return errors;
}

function portRangeErrors(range: string): string[] {
  const m = /^(\d+)-(\d+)$/.exec(range);
  const ok = m !== null && Number(m[1]) >= 1 && Number(m[1]) <= Number(m[2]) && Number(m[2]) <= 65535;
  return ok ? [] : [`--service-node-port-range ${JSON.stringify(range)} is not a valid port range (e.g. 30000-32767)`];
}

const RBAC_RESOURCES = ['roles', 'rolebindings', 'clusterroles', 'clusterrolebindings'];

function apiEnablementErrors(o: KubeLiteOptions, registry: GroupVersionRegistry): string[] {
  const errors = runtimeConfigErrors(o.runtimeConfig, registry);
  if (errors.length > 0 || !o.authorizationModes.includes('RBAC')) return errors;
  // The RBAC authorizer reads its rules from the served RBAC resources.
  const config = mergeAPIResourceConfig(o.runtimeConfig, registry);
  const off = RBAC_RESOURCES.filter((resource) => !config.resourceEnabled({ group: 'rbac.authorization.k8s.io', version: 'v1', resource }));
  return off.length === 0 ? [] : [`--authorization-mode=RBAC needs rbac.authorization.k8s.io/v1 ${off.join(', ')}, disabled by --runtime-config`];
}

/**
 * What the options leave unused, to be logged as warnings at start: `--etcd-servers` with `--storage-backend=memory`
 * (a command line that always names etcd, as envtest's, can so keep the objects in memory).
 */
export function kubeLiteOptionWarnings(o: KubeLiteOptions): string[] {
  return o.storageBackend === 'memory' && o.etcdServers.length > 0 ? ['--etcd-servers is not used with --storage-backend=memory: objects are kept in memory'] : [];
}

/**
 * Every problem of the options, worded after kube-apiserver's validation; empty when they can run. `--runtime-config`
 * keys are checked against `registry` (default: the group-versions of the built-in scheme).
 */
export function validateKubeLiteOptions(o: KubeLiteOptions, registry: GroupVersionRegistry = builtinGroupVersionRegistry()): string[] {
  return [
    ...servingErrors(o),
    ...storageErrors(o),
    ...limitErrors(o),
    ...authErrors(o),
    ...cidrErrors(o.serviceClusterIPRange),
    ...portRangeErrors(o.serviceNodePortRange),
    ...admissionPluginErrors(o),
    ...apiEnablementErrors(o, registry),
  ];
}
