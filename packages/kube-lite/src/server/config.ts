/**
 * kube-lite's configuration in kube-apiserver's stages: {@link KubeLiteConfig.fromOptions} validates the flag values
 * (every problem at once, before anything starts, upstream `ServerRunOptions.Validate` + `NewConfig`), and
 * {@link KubeLiteConfig.complete} fills what the options left open (upstream `Config.Complete`). The completed
 * config builds the servers of the delegation chain (`new(delegate)`, see `server-chain.ts`).
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scheme } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import {
  type AuditBackend,
  AuditLogBackend,
  type AuditPolicy,
  CallbackLogger,
  type DelegationTarget,
  KlogLogger,
  loadAuditPolicyFile,
  type Logger,
  type SecureServingOptions,
} from '@apiserver/server';
import type { RESTStorageProvider } from '../registry/rest-options.js';
import { type APIResourceConfigSource, enablingUnknownGroups } from './api-resource-config.js';
import { parseEtcdServersOverrides } from './etcd-servers-overrides.js';
import { builtinGroupVersionRegistry, type GroupVersionRegistry, withChainGroupVersions } from './group-version-registry.js';
import { KubeAPIServer, type KubeAPIServerExtras } from './kube-api-server.js';
import { type FrontProxyConfig, frontProxyOf } from './front-proxy.js';
import { kubeconfigToken } from './kubeconfig.js';
import { certDirectoryOf, type KubeLiteOptions, kubeLiteOptionWarnings, validateKubeLiteOptions } from './options.js';
import { mergeAPIResourceConfig } from './runtime-config.js';
import { storageCodecFor } from './storage-codec.js';
import type { StorageBackendConfig } from './storage-factory.js';
import { defaultWatchCacheSizes, parseWatchCacheSizes, type WatchCacheSizes } from './watch-cache-sizes.js';

/** Options that cannot run; `errors` lists every problem found. */
export class KubeLiteOptionsError extends Error {
  /** One message per invalid option. */
  readonly errors: readonly string[];

  /** Creates the error from all validation messages. */
  constructor(errors: readonly string[]) {
    super(`invalid options:\n  ${errors.join('\n  ')}`);
    this.name = 'KubeLiteOptionsError';
    this.errors = errors;
  }
}

/** What a kube-lite server is built from: the flag values, the API groups and how requests are authorized. */
export interface KubeLiteServerConfig extends KubeAPIServerExtras {
  /** The flag values. */
  readonly options: KubeLiteOptions;
  /** The API groups to serve, one provider per group (the legacy core group's provider has group name ''). */
  readonly providers: readonly RESTStorageProvider[];
  /**
   * The server's logger (default klog's text or component-base's JSON lines on standard error, as `--logging-format`
   * says, at `-v`'s verbosity).
   */
  readonly logger?: Logger;
  /** Server log as a callback receiving each line without header (used when `logger` is absent). */
  readonly log?: (message: string) => void;
  /** Where to write the kubeconfig (default `<data-dir>/kubeconfig`, else a file in the OS temp dir). */
  readonly kubeconfigPath?: string;
  /** The group-versions `--runtime-config` may name, enabled by default when stable (default: the built-in scheme's). */
  readonly apiGroupRegistry?: GroupVersionRegistry;
  /** The kinds `--storage-media-type` encodes (default: the built-in scheme). */
  readonly scheme?: Scheme;
}

/** The `--watch-cache-sizes` in effect: upstream's defaults (no watch cache for events), then the flag's entries. */
export function effectiveWatchCacheSizes(o: KubeLiteOptions): WatchCacheSizes {
  return new Map([...defaultWatchCacheSizes(), ...parseWatchCacheSizes(o.watchCacheSizes).sizes]);
}

/** Validated configuration, not yet completed (upstream `Config` from `NewConfig`). */
export class KubeLiteConfig {
  /** The validated input. */
  readonly input: KubeLiteServerConfig;

  private constructor(input: KubeLiteServerConfig) {
    this.input = input;
  }

  /** Validates the options; throws {@link KubeLiteOptionsError} listing every invalid value. */
  static fromOptions(input: KubeLiteServerConfig): KubeLiteConfig {
    const errors = validateKubeLiteOptions(input.options, withChainGroupVersions(input.apiGroupRegistry ?? builtinGroupVersionRegistry()));
    if (errors.length > 0) throw new KubeLiteOptionsError(errors);
    return new KubeLiteConfig(input);
  }

  /** Fills the defaults the options leave open: the API resource config, storage, serving, kubeconfig and log. */
  complete(): CompletedKubeLiteConfig {
    return new CompletedKubeLiteConfig(this.input);
  }
}

/**
 * The audit policy and log backend of `--audit-policy-file` and `--audit-log-path`; either alone audits nothing,
 * as upstream (no policy: nothing to evaluate; no backend: nowhere to write). An unusable policy file throws.
 */
function auditOf(o: KubeLiteOptions): { policy: AuditPolicy; backend: AuditBackend } | undefined {
  if (o.auditPolicyFile === undefined || o.auditLogPath === undefined || o.auditLogPath === '') return undefined;
  const policy = loadAuditPolicyFile(o.auditPolicyFile);
  return { policy, backend: new AuditLogBackend(o.auditLogPath) };
}

function secureServingOf(o: KubeLiteOptions): SecureServingOptions | undefined {
  if (o.securePort === -1) return undefined;
  return {
    port: o.securePort,
    ...(o.tlsCertFile !== undefined && { tlsCertFile: o.tlsCertFile }),
    ...(o.tlsPrivateKeyFile !== undefined && { tlsPrivateKeyFile: o.tlsPrivateKeyFile }),
    ...(o.clientCAFile !== undefined && { clientCAFile: o.clientCAFile }),
    certDirectory: certDirectoryOf(o),
  };
}

/**
 * The self-signed serving certificate kube-lite generates into the cert dir when it serves HTTPS without
 * `--tls-cert-file`: the CA its kubeconfig names (it is written when the secure port opens).
 */
export function generatedServingCertFile(secure: SecureServingOptions | undefined): string | undefined {
  return secure === undefined || secure.tlsCertFile !== undefined ? undefined : join(secure.certDirectory ?? '', 'apiserver.crt');
}

function storageBackendOf(o: KubeLiteOptions, scheme: Scheme): StorageBackendConfig {
  return {
    codec: storageCodecFor(o.storageMediaType, scheme),
    type: o.storageBackend,
    etcdServers: o.etcdServers,
    etcdPrefix: o.etcdPrefix,
    watchCache: o.watchCache,
    ...(o.encodedObjectCacheBytes !== undefined && { encodedObjectCacheBytes: o.encodedObjectCacheBytes }),
    watchCacheSizes: effectiveWatchCacheSizes(o),
    etcdServersOverrides: parseEtcdServersOverrides(o.etcdServersOverrides).overrides,
    ...(o.dataDir !== undefined && { dataDir: join(o.dataDir, 'storage') }),
    ...(o.memoryLimits !== undefined && { memoryLimits: o.memoryLimits }),
    ...(o.etcdCountMetricPollPeriodMillis !== undefined && { objectCountPeriodMillis: o.etcdCountMetricPollPeriodMillis }),
  };
}

/** How many temporary kubeconfig directories this process has named. */
let temporaryDirectories = 0;

/**
 * A new directory name in the OS temp dir for a kubeconfig: `kube-lite-<pid>-<ms>`, with `-<n>` from the second one
 * of a process on (two servers of one process started in the same millisecond would otherwise share one).
 */
function temporaryDirectoryName(): string {
  const n = temporaryDirectories++;
  return join(tmpdir(), `kube-lite-${process.pid}-${Date.now()}${n === 0 ? '' : `-${n}`}`);
}

/** A configuration with every default filled in (upstream `CompletedConfig`); `new` builds the kube API server. */
export class CompletedKubeLiteConfig {
  /** The flag values. */
  readonly options: KubeLiteOptions;
  /** The API groups' providers. */
  readonly providers: readonly RESTStorageProvider[];
  /** Which groups, versions and resources are served (`--runtime-config` over the defaults). */
  readonly apiResourceConfig: APIResourceConfigSource;
  /** The storage backend and its per-resource settings. */
  readonly storageBackend: StorageBackendConfig;
  /** The HTTPS listener, when `--secure-port` is on. */
  readonly secureServing: SecureServingOptions | undefined;
  /** Where the kubeconfig is written once the server listens. */
  readonly kubeconfigPath: string;
  /** The directory kube-lite makes in the OS temp dir for the kubeconfig (no `--data-dir`, no path given), removed at shutdown. */
  readonly temporaryKubeconfigDir: string | undefined;
  /** The bearer token the kubeconfig carries (the token file's first), if any. */
  readonly kubeconfigToken: string | undefined;
  /** The server's logger, shared by every server of the chain (`/debug/flags/v` changes its verbosity). */
  readonly logger: Logger;
  /** The controllers' error log: unstructured error lines of {@link CompletedKubeLiteConfig.logger}. */
  readonly log: (message: string) => void;
  /** Auditing, when both a policy file and a log path are set (upstream needs a policy and a backend). */
  readonly audit: { readonly policy: AuditPolicy; readonly backend: AuditBackend } | undefined;
  /** Authorizer and authenticator builders. */
  readonly extras: KubeAPIServerExtras;
  /** The aggregator's proxy client certificate and the requestheader settings (`--proxy-client-*`, `--requestheader-*`). */
  readonly frontProxy: FrontProxyConfig;
  /** The content of `--client-ca-file`, when given. */
  readonly clientCA: string | undefined;
  /**
   * The CA bundle the root CA publisher writes (`kube-root-ca.crt`), read when it starts: `--root-ca-file`, else
   * the self-signed serving certificate kube-lite generates (which its kubeconfig trusts), else none.
   */
  readonly rootCA: () => string | undefined;

  /** Completes `input` (already validated by {@link KubeLiteConfig.fromOptions}). */
  constructor(input: KubeLiteServerConfig) {
    const o = input.options;
    const registry = withChainGroupVersions(input.apiGroupRegistry ?? builtinGroupVersionRegistry());
    this.options = o;
    this.providers = input.providers;
    this.apiResourceConfig = enablingUnknownGroups(mergeAPIResourceConfig(o.runtimeConfig, registry), (group) => registry.isGroupRegistered(group));
    this.storageBackend = storageBackendOf(o, input.scheme ?? newBuiltinScheme());
    this.secureServing = secureServingOf(o);
    this.temporaryKubeconfigDir = input.kubeconfigPath === undefined && o.dataDir === undefined ? temporaryDirectoryName() : undefined;
    this.kubeconfigPath = input.kubeconfigPath ?? join(o.dataDir ?? this.temporaryKubeconfigDir ?? '', 'kubeconfig');
    this.kubeconfigToken = kubeconfigToken(o.tokenAuthFile);
    this.logger = input.logger ?? (input.log !== undefined ? new CallbackLogger(input.log, o.verbosity) : new KlogLogger({ format: o.loggingFormat, verbosity: o.verbosity }));
    this.log = (m: string) => this.logger.print('error', m);
    for (const warning of kubeLiteOptionWarnings(o)) this.logger.print('warning', warning);
    this.audit = auditOf(o);
    this.frontProxy = frontProxyOf(o);
    this.clientCA = o.clientCAFile === undefined ? undefined : readFileSync(o.clientCAFile, 'utf8');
    const rootCAFile = o.rootCAFile ?? generatedServingCertFile(this.secureServing);
    this.rootCA = () => (rootCAFile === undefined ? undefined : readFileSync(rootCAFile, 'utf8'));
    this.extras = {
      ...(input.authorizer !== undefined && { authorizer: input.authorizer }),
      ...(input.sharedInformers !== undefined && { sharedInformers: input.sharedInformers }),
      ...(input.authenticators !== undefined && { authenticators: input.authenticators }),
      ...(input.serviceAccountIssuer !== undefined && { serviceAccountIssuer: input.serviceAccountIssuer }),
    };
  }

  /** Opens the storage and builds the kube API server in front of `delegate` (upstream `CompletedConfig.New`). */
  new(delegate?: DelegationTarget): Promise<KubeAPIServer> {
    return KubeAPIServer.create(this, delegate);
  }
}
