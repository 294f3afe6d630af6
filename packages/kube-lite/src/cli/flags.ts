/**
 * The kube-lite command line: kube-apiserver-style `--flag=value` / `--flag value` parsing into
 * {@link KubeLiteOptions}, collecting every bad flag instead of stopping at the first.
 */
import { goQuote } from '@apiserver/runtime';
import { LOGGING_FORMATS, type LoggingFormat, parseGoDuration } from '@apiserver/server';
import { defaultEnabledAdmissionPlugins, registeredAdmissionPlugins } from '../server/admission-options.js';
import { defaultKubeLiteOptions, type KubeLiteOptions } from '../server/options.js';
import { parseFeatureGates } from '../server/feature-gates.js';
import { parseRuntimeConfig } from '../server/runtime-config.js';

/** `T` with its readonly modifiers removed (what flag setters write into). */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** How one flag is parsed. */
export interface FlagSpec {
  /** Help text. */
  readonly usage: string;
  /** Stores the flag's value in the options (throws with the message to report). */
  readonly set: (o: Mutable<KubeLiteOptions>, value: string) => void;
  /** Boolean flags may stand alone (`--watch-cache`) or take `=true|false`. */
  readonly boolean?: true;
}

function integer(flag: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw new Error(`invalid argument ${JSON.stringify(value)} for "--${flag}" flag: parse error`);
  return Number(value);
}

function bytes(flag: string, value: string): number {
  const n = integer(flag, value);
  if (n < 0) throw new Error(`invalid argument ${JSON.stringify(value)} for "--${flag}" flag: must be 0 (no limit) or more`);
  return n;
}

function bool(flag: string, value: string): boolean {
  if (/^(true|1|t)$/i.test(value)) return true;
  if (/^(false|0|f)$/i.test(value)) return false;
  throw new Error(`invalid argument ${JSON.stringify(value)} for "--${flag}" flag: parse error`);
}

/** klog's `Level.Set`: a decimal int32 (pflag's message on failure). */
function verbosity(value: string): number {
  const reason = !/^[+-]?\d+$/.test(value) ? 'invalid syntax' : Math.abs(Number(value)) > 2 ** 31 - 1 ? 'value out of range' : undefined;
  if (reason !== undefined) throw new Error(`invalid argument ${JSON.stringify(value)} for "-v, --v" flag: strconv.ParseInt: parsing ${goQuote(value)}: ${reason}`);
  return Number(value);
}

function loggingFormat(value: string): LoggingFormat {
  const format = LOGGING_FORMATS.find((f) => f === value);
  if (format === undefined) throw new Error(`--logging-format ${JSON.stringify(value)}: Unsupported log format (text, json)`);
  return format;
}

function featureGates(value: string): Record<string, boolean> {
  try {
    return parseFeatureGates(value);
  } catch (err) {
    throw new Error(`invalid argument ${JSON.stringify(value)} for "--feature-gates" flag: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function list(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** The end of both admission flags' help (upstream's wording, over kube-lite's plugins). */
function admissionPluginsUsage(): string {
  const all = [...registeredAdmissionPlugins()].sort();
  return `(${defaultEnabledAdmissionPlugins().join(', ')}). Comma-delimited list of admission plugins: ${all.join(', ')}. The order of plugins in this flag does not matter.`;
}

/** Every flag kube-lite accepts, with its help text. */
export const FLAGS: Readonly<Record<string, FlagSpec>> = {
  'bind-address': { usage: 'IP address to listen on (default 127.0.0.1)', set: (o, v) => { o.bindAddress = v; } },
  'advertise-address': {
    usage: 'IP address advertised in default/kubernetes and the external address (default the bind address, 127.0.0.1 for 0.0.0.0)',
    set: (o, v) => { o.advertiseAddress = v; },
  },
  'allow-privileged': {
    usage: 'privileged containers are allowed: only true is accepted (kube-lite always allows them)',
    boolean: true,
    set: (_o, v) => {
      if (!bool('allow-privileged', v)) throw new Error('--allow-privileged=false is not supported: kube-lite always allows privileged containers');
    },
  },
  port: { usage: 'plain HTTP port (default 8080; 0 = any free port; -1 = off)', set: (o, v) => { o.port = integer('port', v); } },
  'secure-port': { usage: 'HTTPS port (default -1 = off; 0 = any free port)', set: (o, v) => { o.securePort = integer('secure-port', v); } },
  'tls-cert-file': { usage: 'serving certificate (PEM); self-signed when absent', set: (o, v) => { o.tlsCertFile = v; } },
  'tls-private-key-file': { usage: 'key of --tls-cert-file', set: (o, v) => { o.tlsPrivateKeyFile = v; } },
  'client-ca-file': { usage: 'CA for client-certificate authentication', set: (o, v) => { o.clientCAFile = v; } },
  'root-ca-file': { usage: "CA bundle published as every namespace's kube-root-ca.crt (default: the generated serving certificate)", set: (o, v) => { o.rootCAFile = v; } },
  'proxy-client-cert-file': { usage: "client certificate the aggregator presents to aggregated servers (generated with a front-proxy CA when absent)", set: (o, v) => { o.proxyClientCertFile = v; } },
  'proxy-client-key-file': { usage: 'key of --proxy-client-cert-file', set: (o, v) => { o.proxyClientKeyFile = v; } },
  'requestheader-client-ca-file': { usage: 'CA verifying front-proxy client certificates before X-Remote-* headers are believed', set: (o, v) => { o.requestheaderClientCAFile = v; } },
  'requestheader-allowed-names': { usage: 'comma-separated CNs a front-proxy certificate may have (empty: any)', set: (o, v) => { o.requestheaderAllowedNames = list(v); } },
  'requestheader-username-headers': { usage: 'comma-separated headers holding the user name (default X-Remote-User)', set: (o, v) => { o.requestheaderUsernameHeaders = list(v); } },
  'requestheader-uid-headers': { usage: 'comma-separated headers holding the user UID (X-Remote-Uid is suggested; needs --feature-gates=RemoteRequestHeaderUID=true)', set: (o, v) => { o.requestheaderUIDHeaders = list(v); } },
  'feature-gates': { usage: 'comma-separated Name=true|false pairs; known: AuthorizeWithSelectors (beta, default true), RemoteRequestHeaderUID (alpha, default false)', set: (o, v) => { o.featureGates = { ...o.featureGates, ...featureGates(v) }; } },
  'requestheader-group-headers': { usage: 'comma-separated headers holding groups (default X-Remote-Group)', set: (o, v) => { o.requestheaderGroupHeaders = list(v); } },
  'requestheader-extra-headers-prefix': { usage: 'comma-separated prefixes of extra headers (default X-Remote-Extra-)', set: (o, v) => { o.requestheaderExtraHeadersPrefix = list(v); } },
  'cert-dir': { usage: 'directory of the generated self-signed pair', set: (o, v) => { o.certDir = v; } },
  'storage-backend': {
    usage: 'memory (default) or etcd3',
    set: (o, v) => {
      if (v !== 'memory' && v !== 'etcd3') throw new Error(`--storage-backend ${JSON.stringify(v)} is not supported (memory, etcd3)`);
      o.storageBackend = v;
    },
  },
  'etcd-servers': { usage: 'comma-separated etcd URLs (etcd3 backend)', set: (o, v) => { o.etcdServers = list(v); } },
  'etcd-prefix': { usage: 'key prefix of all objects (default /registry)', set: (o, v) => { o.etcdPrefix = v; } },
  'storage-media-type': {
    usage: 'how objects are encoded in storage: application/json (default), application/vnd.kubernetes.protobuf, application/yaml',
    set: (o, v) => { o.storageMediaType = v; },
  },
  'data-dir': { usage: 'memory backend persistence directory (and kubeconfig location)', set: (o, v) => { o.dataDir = v; } },
  'max-request-bytes': {
    usage: "memory backend: largest object in bytes, as etcd's flag (default 1572864; 0 = no limit)",
    set: (o, v) => { o.memoryLimits = { ...o.memoryLimits, maxRequestBytes: bytes('max-request-bytes', v) }; },
  },
  'quota-backend-bytes': {
    usage: "memory backend: most live data in bytes before writes are refused, as etcd's flag (default 2147483648; 0 = no limit)",
    set: (o, v) => { o.memoryLimits = { ...o.memoryLimits, quotaBackendBytes: bytes('quota-backend-bytes', v) }; },
  },
  'history-budget-bytes': {
    usage: 'memory backend: most bytes of old versions kept before the oldest are compacted early (default 268435456; 0 = no limit)',
    set: (o, v) => { o.memoryLimits = { ...o.memoryLimits, historyBudgetBytes: bytes('history-budget-bytes', v) }; },
  },
  'encoded-object-cache-bytes': {
    usage: 'most bytes of encoded objects kept for GET and LIST to reuse, least recently used dropped first (default 67108864; 0 = off)',
    set: (o, v) => { o.encodedObjectCacheBytes = bytes('encoded-object-cache-bytes', v); },
  },
  'watch-cache': { usage: 'cache reads and watches (default true)', boolean: true, set: (o, v) => { o.watchCache = bool('watch-cache', v); } },
  'watch-cache-sizes': {
    usage: 'comma-separated resource[.group]#size (repeatable), e.g. configmaps#0,deployments.apps#500: 0 turns that watch cache off, another size bounds its event history',
    set: (o, v) => { o.watchCacheSizes = [...o.watchCacheSizes, ...list(v)]; },
  },
  'etcd-servers-overrides': {
    usage: 'comma-separated group/resource#servers (repeatable; servers semicolon-separated URLs), e.g. /events#http://127.0.0.1:2380 (etcd3 backend)',
    set: (o, v) => { o.etcdServersOverrides = [...o.etcdServersOverrides, ...list(v)]; },
  },
  'audit-policy-file': { usage: 'audit.k8s.io/v1 Policy (YAML or JSON); with --audit-log-path, requests are audited', set: (o, v) => { o.auditPolicyFile = v; } },
  'audit-log-path': { usage: "file the audit events are appended to as JSON lines ('-' = standard output)", set: (o, v) => { o.auditLogPath = v; } },
  'admission-control-config-file': {
    usage: 'AdmissionConfiguration (YAML or JSON) with admission plugins\' configurations (kube-lite reads PodSecurity\'s)',
    set: (o, v) => { o.admissionControlConfigFile = v; },
  },
  'token-auth-file': { usage: 'static token file (CSV: token,user,uid,"groups")', set: (o, v) => { o.tokenAuthFile = v; } },
  'enable-garbage-collector': {
    usage: 'delete dependents by their ownerReferences (default true; false behaves like envtest, where nothing collects them)',
    boolean: true,
    set: (o, v) => { o.enableGarbageCollector = bool('enable-garbage-collector', v); },
  },
  'resource-quota-sync-period': {
    usage: "how often every ResourceQuota's usage is recomputed, a Go duration (default 30s)",
    set: (o, v) => { o.resourceQuotaSyncPeriodMillis = parseGoDuration(v); },
  },
  v: { usage: 'number for the log level verbosity (-v too; at 3 every request is logged; change it at runtime with PUT /debug/flags/v)', set: (o, v) => { o.verbosity = verbosity(v); } },
  'logging-format': { usage: 'log format: text (klog, default) or json (component-base JSON lines)', set: (o, v) => { o.loggingFormat = loggingFormat(v); } },
  profiling: { usage: 'serve /debug/pprof/ (CPU and heap profiles) and /debug/flags/v (default true)', boolean: true, set: (o, v) => { o.profiling = bool('profiling', v); } },
  'anonymous-auth': { usage: 'allow anonymous requests (default true)', boolean: true, set: (o, v) => { o.anonymousAuth = bool('anonymous-auth', v); } },
  'authorization-mode': { usage: 'comma-separated, chained in order: AlwaysAllow (default), AlwaysDeny, RBAC', set: (o, v) => { o.authorizationModes = list(v); } },
  'service-account-issuer': {
    usage: 'issuer of service account tokens (repeatable; the first signs; default https://kubernetes.default.svc.cluster.local)',
    set: (o, v) => { o.serviceAccountIssuers = [...o.serviceAccountIssuers, v]; },
  },
  'service-account-key-file': {
    usage: 'PEM public keys, private keys or certificates verifying service account tokens (repeatable)',
    set: (o, v) => { o.serviceAccountKeyFiles = [...o.serviceAccountKeyFiles, v]; },
  },
  'service-account-signing-key-file': {
    usage: 'PEM private key (RSA or EC P-256) signing service account tokens (default: generated into the cert dir)',
    set: (o, v) => { o.serviceAccountSigningKeyFile = v; },
  },
  'service-account-jwks-uri': {
    usage: 'jwks_uri of the issuer discovery document /.well-known/openid-configuration (https; default: /openid/v1/jwks on the external address)',
    set: (o, v) => { o.serviceAccountJWKSURI = v; },
  },
  'external-hostname': { usage: 'host of the external address (default: the advertised address; with the port of the HTTPS listener, else the first)', set: (o, v) => { o.externalHostname = v; } },
  'api-audiences': { usage: 'comma-separated audiences a service account token must carry one of (default: the issuers)', set: (o, v) => { o.apiAudiences = list(v); } },
  'max-requests-inflight': { usage: 'read-only requests in flight (default 400; 0 = no limit)', set: (o, v) => { o.maxRequestsInflight = integer('max-requests-inflight', v); } },
  'max-mutating-requests-inflight': {
    usage: 'mutating requests in flight (default 200; 0 = no limit)',
    set: (o, v) => { o.maxMutatingRequestsInflight = integer('max-mutating-requests-inflight', v); },
  },
  'request-timeout': { usage: 'default request timeout, a Go duration (default 1m0s)', set: (o, v) => { o.requestTimeoutMillis = parseGoDuration(v); } },
  'etcd-count-metric-poll-period': {
    usage: 'how often objects are counted per resource for apiserver_storage_objects, a Go duration; 0 turns counting off (default 1m0s)',
    set: (o, v) => { o.etcdCountMetricPollPeriodMillis = parseGoDuration(v); },
  },
  'event-ttl': { usage: 'how long events are kept, a Go duration (default 1h0m0s)', set: (o, v) => { o.eventTTLMillis = parseGoDuration(v); } },
  'service-node-port-range': { usage: 'ports of NodePort services (default 30000-32767)', set: (o, v) => { o.serviceNodePortRange = v; } },
  'default-not-ready-toleration-seconds': {
    usage: 'tolerationSeconds of the not-ready:NoExecute toleration added to every pod without one (default 300)',
    set: (o, v) => { o.defaultNotReadyTolerationSeconds = integer('default-not-ready-toleration-seconds', v); },
  },
  'default-unreachable-toleration-seconds': {
    usage: 'tolerationSeconds of the unreachable:NoExecute toleration added to every pod without one (default 300)',
    set: (o, v) => { o.defaultUnreachableTolerationSeconds = integer('default-unreachable-toleration-seconds', v); },
  },
  'enable-admission-plugins': {
    usage: `admission plugins that should be enabled in addition to default enabled ones ${admissionPluginsUsage()}`,
    set: (o, v) => { o.enableAdmissionPlugins = [...o.enableAdmissionPlugins, ...list(v)]; },
  },
  'disable-admission-plugins': {
    usage: `admission plugins that should be disabled although they are in the default enabled plugins list ${admissionPluginsUsage()}`,
    set: (o, v) => { o.disableAdmissionPlugins = [...o.disableAdmissionPlugins, ...list(v)]; },
  },
  'service-cluster-ip-range': { usage: 'CIDR of service cluster IPs (default 10.0.0.0/24)', set: (o, v) => { o.serviceClusterIPRange = v; } },
  'runtime-config': {
    usage: 'comma-separated key=true|false (repeatable): v1 or api/v1 (core), <group>/<version>, <group>/<version>/<resource>, api/all, api/ga, api/beta, api/alpha',
    set: (o, v) => { o.runtimeConfig = parseRuntimeConfig(v, o.runtimeConfig); },
  },
};

/** The outcome of parsing: options (defaults where not given), positional arguments, and every error found. */
export interface ParsedFlags {
  /** The options. */
  readonly options: KubeLiteOptions;
  /** Arguments that are not flags (e.g. the `kubeconfig` subcommand). */
  readonly args: readonly string[];
  /** One message per bad flag. */
  readonly errors: readonly string[];
  /** Whether `--help`/`-h` was given. */
  readonly help: boolean;
}

/** Parses `argv` (without node and script) into options, reporting all errors together. */
export function parseFlags(argv: readonly string[]): ParsedFlags {
  const options: Mutable<KubeLiteOptions> = defaultKubeLiteOptions();
  const errors: string[] = [];
  const args: string[] = [];
  const given = new Set<string>();
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    // pflag's one-letter form of --v: -v 3, -v=3, -v3.
    const shorthand = /^-v(=?)(.*)$/.exec(arg);
    if (!arg.startsWith('--') && shorthand === null) {
      args.push(arg);
      continue;
    }
    const eq = shorthand !== null ? (shorthand[1] === '=' || shorthand[2] !== '' ? 2 : -1) : arg.indexOf('=');
    const name = shorthand !== null ? 'v' : arg.slice(2, eq === -1 ? undefined : eq);
    const spec = FLAGS[name];
    if (spec === undefined) {
      errors.push(`unknown flag: --${name}`);
      continue;
    }
    let value = eq === -1 ? undefined : shorthand !== null ? (shorthand[2] ?? '') : arg.slice(eq + 1);
    if (value === undefined) {
      if (spec.boolean) value = 'true';
      else if (i + 1 < argv.length) value = argv[++i];
      else {
        errors.push(`flag needs an argument: --${name}`);
        continue;
      }
    }
    try {
      spec.set(options, value ?? '');
      given.add(name);
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
    }
  }
  return { options: withCommandLineDefaults(options, given), args, errors, help };
}

/**
 * The defaults that depend on other flags, as kube-apiserver's command line has them: with `--secure-port` and no
 * `--port`, only HTTPS is served (kube-apiserver has no plain port); with `--etcd-servers` and no
 * `--storage-backend`, the backend is etcd3 (kube-apiserver's only one). So kube-apiserver's command lines, envtest's
 * among them, start kube-lite as they start kube-apiserver.
 */
function withCommandLineDefaults(options: Mutable<KubeLiteOptions>, given: ReadonlySet<string>): Mutable<KubeLiteOptions> {
  if (given.has('secure-port') && !given.has('port')) options.port = -1;
  if (given.has('etcd-servers') && !given.has('storage-backend')) options.storageBackend = 'etcd3';
  return options;
}

/** The `--help` text. */
export function usage(): string {
  const lines = Object.entries(FLAGS).map(([name, spec]) => `      --${name.padEnd(32)} ${spec.usage}`);
  return ['Usage:', '  kube-lite [flags]            run the API server', '  kube-lite kubeconfig [flags] print a kubeconfig for it', '', 'Flags:', ...lines, ''].join('\n');
}
