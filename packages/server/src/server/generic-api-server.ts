import { setMaxListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestAuthenticator } from '../authentication/authenticator.js';
import { TokenFileAuthenticator } from '../authentication/token-file.js';
import { newRequestAuthenticator } from '../authentication/union.js';
import { currentCABundle } from '../authentication/ca-content.js';
import { RequestHeaderAuthenticator } from '../authentication/request-header.js';
import { X509Authenticator } from '../authentication/x509.js';
import { authorizerForModes } from '../authorization/authorizer.js';
import { defaultLongRunningRequestCheck, type LongRunningRequestCheck } from '../filters/long-running.js';
import type { Handler } from '../handler.js';
import type { HealthChecker } from '../healthz/health-checker.js';
import { HealthCheckSLIs } from '../healthz/health-check-slis.js';
import { installHealthHandlers } from '../healthz/healthz.js';
import { withMetricsReset } from '../metrics/metrics-reset.js';
import { RequestMetrics } from '../metrics/request-metrics.js';
import { OpenAPIService } from '../openapi/openapi-service.js';
import { afterResponseClose, requestInfoFrom, withSignalSource } from '../request/context.js';
import { RequestInfoFactory } from '../request/request-info.js';
import { installIndex } from '../routes/index.js';
import { CallbackLogger } from '../logs/callback-logger.js';
import { KlogLogger } from '../logs/klog-logger.js';
import type { Logger } from '../logs/logger.js';
import { installDebugFlags } from '../routes/flags.js';
import { installProfiling } from '../routes/profiling.js';
import { defaultVersionInfo, installVersion, type VersionInfo } from '../routes/version.js';
import { type APIGroupsDiscovery, DEFAULT_ENCODED_OBJECT_CACHE_BYTES, EncodedObjectCache } from '@apiserver/endpoints';
import type { WebService } from '@apiserver/restful';
import type { GroupVersionKind, Scheme } from '@apiserver/runtime';
import type { TSchema } from '../openapi/component-schemas.js';
import type { APIGroupInfo } from './api-group-info.js';
import { APIGroupsInstaller } from './api-groups-installer.js';
import { APIServerHandler } from './api-server-handler.js';
import type { GenericAPIServerConfig } from './config.js';
import { type DelegationTarget, newEmptyDelegate } from './delegation.js';
import { PolicyRuleEvaluator } from '../audit/policy-rule-evaluator.js';
import { buildHandlerChain } from './handler-chain.js';
import { ServerHealthChecks } from './health-checks.js';
import { HookRegistry, type PostStartHookContext, type PostStartHookFunc, type PreShutdownHookFunc } from './hooks.js';
import { InFlightRequests } from './in-flight-requests.js';
import { PreparedGenericAPIServer } from './prepared.js';
import { endStream, type Listener, type ServingOptions, startListeners } from './serving.js';
import { setupSignalHandler } from './signal-handler.js';


/** A Kubernetes-style generic API server: handler chain, director, health, version, metrics, serving and shutdown. */
export class GenericAPIServer {
  /** The director, go-restful container and non-go-restful mux. */
  readonly handler: APIServerHandler;
  /** The full handler chain (what the listeners serve). */
  readonly fullHandlerChain: Handler;
  /** The request metrics served at `/metrics`. */
  readonly metrics: RequestMetrics;
  /** The health checks' SLI metrics served at `/metrics/slis`. */
  readonly healthCheckSLIs = new HealthCheckSLIs();
  /** The OpenAPI documents and handlers (`undefined` with `skipOpenAPIInstallation`). */
  readonly openAPI: OpenAPIService | undefined;
  readonly #schemes = new Set<Scheme>();
  readonly #hooks = new HookRegistry();
  readonly #healthChecks: ServerHealthChecks;
  readonly #delegate: DelegationTarget;
  readonly #config: GenericAPIServerConfig;
  readonly #longRunning: LongRunningRequestCheck;
  readonly #inFlight = new InFlightRequests();
  readonly #lifecycle = new AbortController();
  /** The server's logger. */
  readonly logger: Logger;
  readonly #apiGroups: APIGroupsInstaller;
  #listeners: Listener[] = [];
  readonly #caFollowers: ((cas: readonly string[]) => void)[] = [];
  #prepared: PreparedGenericAPIServer | undefined;
  #shutdown: Promise<void> | undefined;

  /** Builds a server; throws for an unusable token file or authorization mode. */
  constructor(config: GenericAPIServerConfig = {}) {
    this.#config = config;
    // Each controller and informer a post-start hook starts listens on the lifecycle signal: many listeners, no leak.
    setMaxListeners(0, this.#lifecycle.signal);
    this.#delegate = config.delegate ?? newEmptyDelegate();
    this.#healthChecks = new ServerHealthChecks({ config, delegate: this.#delegate, hooks: this.#hooks, shuttingDown: () => this.#shutdown !== undefined });
    this.#longRunning = config.longRunning ?? defaultLongRunningRequestCheck;
    this.logger = config.logger ?? (config.log !== undefined ? new CallbackLogger(config.log) : new KlogLogger());
    this.handler = new APIServerHandler(this.#delegate.unprotectedHandler(), config.panicLogger);
    this.metrics = new RequestMetrics({
      ...(config.metrics !== undefined && { registry: config.metrics }),
      ...(config.maxRequestMetricSeries !== undefined && { maxSeries: config.maxRequestMetricSeries }),
    });
    const authn = config.authentication ?? {};
    const authenticators: RequestAuthenticator[] = [];
    if (authn.requestHeader !== undefined) authenticators.push(new RequestHeaderAuthenticator(authn.requestHeader));
    // With a front proxy's CA in the TLS listener's pool, only a CA of its own lets a certificate be a user.
    if (authn.clientCA !== undefined || authn.requestHeader === undefined) authenticators.push(new X509Authenticator(authn.clientCA));
    if (authn.tokenAuthFile !== undefined) authenticators.push(TokenFileAuthenticator.fromFile(authn.tokenAuthFile));
    authenticators.push(...(authn.authenticators ?? []));
    this.fullHandlerChain = buildHandlerChain(this.handler.director, {
      requestInfoFactory: new RequestInfoFactory({ authorizeWithSelectors: config.authorization?.authorizeWithSelectors ?? true }),
      longRunning: this.#longRunning,
      requestTimeoutMillis: config.requestTimeoutMillis ?? 60_000,
      maxRequestsInFlight: config.maxRequestsInFlight ?? 400,
      maxMutatingRequestsInFlight: config.maxMutatingRequestsInFlight ?? 200,
      authenticator: newRequestAuthenticator({ authenticators, anonymous: authn.anonymous ?? true }),
      authorizer: config.authorization?.authorizer ?? authorizerForModes(config.authorization?.modes ?? ['AlwaysAllow']),
      metrics: this.metrics,
      logger: this.logger,
      ...(config.panicLogger !== undefined && { panicLogger: config.panicLogger }),
      ...(config.audit !== undefined && { audit: { backend: config.audit.backend, evaluator: new PolicyRuleEvaluator(config.audit.policy) } }),
    });
    this.#apiGroups = new APIGroupsInstaller(this.handler.goRestfulContainer, {
      legacyAPIGroupPrefixes: config.legacyAPIGroupPrefixes ?? ['/api'],
      log: (message) => this.logger.print('warning', message),
      delegated: () => this.#delegate.apiGroupsDiscovery?.(),
      metrics: this.metrics.metrics,
      encodedObjects: config.encodedObjects ?? new EncodedObjectCache({ maxBytes: DEFAULT_ENCODED_OBJECT_CACHE_BYTES, metrics: this.metrics.metrics }),
      ...(config.minRequestTimeoutSeconds !== undefined && { minRequestTimeoutSeconds: config.minRequestTimeoutSeconds }),
      ...(config.maxRequestBodyBytes !== undefined && { maxRequestBodyBytes: config.maxRequestBodyBytes }),
    });
    const version = defaultVersionInfo(config.version);
    this.openAPI = config.skipOpenAPIInstallation === true ? undefined : this.#newOpenAPIService(version);
    this.#installRoutes(version);
  }

  #newOpenAPIService(version: VersionInfo): OpenAPIService {
    return new OpenAPIService({
      webServices: () => this.openAPIWebServices(),
      kindsOf: (schema) => this.openAPIKindsOf(schema),
      info: { title: this.#config.openAPITitle ?? 'Kubernetes', version: version.gitVersion },
    });
  }

  /** WebServices published in OpenAPI: this server's, then its delegates' (the first route of a path and method wins). */
  openAPIWebServices(): readonly WebService[] {
    return [...this.handler.goRestfulContainer.registeredWebServices(), ...(this.#delegate.openAPIWebServices?.() ?? [])];
  }

  /** Every kind a schema is registered as in the schemes of the groups installed here and in the delegates. */
  openAPIKindsOf(schema: TSchema): GroupVersionKind[] {
    const seen = new Map<string, GroupVersionKind>();
    const kinds = [...this.#schemes].flatMap((s) => s.kindsOf(schema));
    for (const k of [...kinds, ...(this.#delegate.openAPIKindsOf?.(schema) ?? [])]) seen.set(`${k.group}/${k.version}/${k.kind}`, k);
    return [...seen.values()];
  }

  /** The `/apis` groups of this server and its delegates, for a delegating server's `/apis` discovery. */
  apiGroupsDiscovery(): APIGroupsDiscovery {
    return this.#apiGroups.apiGroupsDiscovery();
  }

  #installed(infos: readonly APIGroupInfo[]): void {
    for (const info of infos) this.#schemes.add(info.scheme);
    this.openAPI?.invalidate();
  }

  #installRoutes(version: VersionInfo): void {
    const mux = this.handler.nonGoRestfulMux;
    this.openAPI?.install(mux);
    installVersion(this.handler.goRestfulContainer, version);
    // With profiling on, kube-apiserver installs the metrics handlers with reset (`MetricsWithReset`).
    const profiling = this.#config.enableProfiling ?? true;
    const metrics = this.metrics;
    const slis = this.healthCheckSLIs;
    mux.handle('/metrics', profiling ? withMetricsReset(metrics.handler, () => metrics.reset()) : metrics.handler);
    mux.handle('/metrics/slis', profiling ? withMetricsReset(slis.handler, () => slis.reset()) : slis.handler);
    const healthLog = (message: string): void => this.logger.v(2).print(message);
    installHealthHandlers(mux, '/healthz', () => this.healthzChecks(), healthLog, this.healthCheckSLIs);
    installHealthHandlers(mux, '/livez', () => this.livezChecks(), healthLog, this.healthCheckSLIs);
    installHealthHandlers(mux, '/readyz', () => this.readyzChecks(), healthLog, this.healthCheckSLIs);
    installIndex(mux, () => this.listedPaths());
    if (profiling) {
      installProfiling(mux);
      installDebugFlags(mux, this.logger);
    }
  }

  /**
   * Paths the `/` index lists: this server's and its delegates', with every health check's own path
   * (`/healthz/<check>`, `/livez/<check>`, `/readyz/<check>`), as upstream's mux lists each check it installs.
   */
  listedPaths(): readonly string[] {
    return [...new Set([...this.handler.listedPaths(), ...this.#healthChecks.paths(), ...this.#delegate.listedPaths()])].sort();
  }

  /** The handler without filters, for a delegating server. */
  unprotectedHandler(): Handler {
    return this.handler.director;
  }

  /**
   * Adds checks to `/healthz`, `/livez` and `/readyz` after the post-start hooks' checks registered so far (upstream
   * `AddBootSequenceHealthChecks`, with the default `--livez-grace-period` of 0): for a boot step that a hook starts
   * and that finishes later, e.g. the aggregator's `autoregister-completion`. Throws once the hooks ran.
   */
  addBootSequenceHealthChecks(...checks: readonly HealthChecker[]): void {
    this.#hooks.addChecks(checks);
  }

  /** `ping`, `log`, configured checks, the delegate's checks, then `poststarthook/<name>` and boot-sequence checks. */
  healthzChecks(): readonly HealthChecker[] {
    return this.#healthChecks.healthz();
  }

  /** Liveness checks (the healthz checks). */
  livezChecks(): readonly HealthChecker[] {
    return this.#healthChecks.livez();
  }

  /** Readiness checks in upstream's order: `ping`, `log`, configured, readyz-only, the delegate's, the hooks', `shutdown` last. */
  readyzChecks(): readonly HealthChecker[] {
    return this.#healthChecks.readyz();
  }

  /**
   * Installs the core group under a legacy prefix (`/api`): every version with resources, the
   * `/api` discovery WebService. Throws `APIGroupInfoError` for a prefix not in `legacyAPIGroupPrefixes`.
   */
  installLegacyAPIGroup(apiPrefix: string, info: APIGroupInfo): void {
    this.#apiGroups.installLegacyAPIGroup(apiPrefix, info);
    this.#installed([info]);
  }

  /** Installs API groups under `/apis` with their `/apis/<group>` discovery; all are checked before any is installed. */
  installAPIGroups(...infos: readonly APIGroupInfo[]): void {
    this.#apiGroups.installAPIGroups(infos);
    this.#installed(infos);
  }

  /** Installs one API group under `/apis`. */
  installAPIGroup(info: APIGroupInfo): void {
    this.#apiGroups.installAPIGroups([info]);
    this.#installed([info]);
  }

  /** Registers a named post-start hook, with its `poststarthook/<name>` health check. */
  addPostStartHook(name: string, hook: PostStartHookFunc): void {
    this.#hooks.addPostStartHook(name, hook);
  }

  /** Registers a named pre-shutdown hook. */
  addPreShutdownHook(name: string, hook: PreShutdownHookFunc): void {
    this.#hooks.addPreShutdownHook(name, hook);
  }

  /** Requests currently being served. */
  get inFlightRequests(): number {
    return this.#inFlight.size;
  }

  /** The node `request` listener: the full chain plus in-flight tracking and per-request abort signals. */
  readonly requestListener = (request: IncomingMessage, response: ServerResponse): void => {
    const entry = this.#inFlight.start(request, response);
    // The entry is the signal's source (its AbortController exists only if someone asks or it aborts) and, after the
    // filters' own close callbacks (the in-flight limit's release, the metrics), what ends it, in one shared listener.
    withSignalSource(request, entry);
    afterResponseClose(request, response, entry);
    void this.fullHandlerChain(request, response);
  };

  /**
   * Prepares the server and its delegates to run (upstream `PrepareRun`); returns the prepared server whose
   * `run`/`nonBlockingRun` serve it. Idempotent.
   */
  prepareRun(): PreparedGenericAPIServer {
    if (this.#prepared === undefined) {
      this.#delegate.prepareRun?.();
      this.#prepared = new PreparedGenericAPIServer(this);
    }
    return this.#prepared;
  }

  /** Runs this server's post-start hooks and its delegates' (concurrently); resolves when all settled. */
  async runPostStartHooks(context: PostStartHookContext, onError: (name: string, err: unknown) => void): Promise<void> {
    await Promise.all([this.#hooks.runPostStartHooks(context, onError), this.#delegate.runPostStartHooks?.(context, onError)]);
  }

  /** Runs this server's pre-shutdown hooks and its delegates' (concurrently). */
  async runPreShutdownHooks(onError: (name: string, err: unknown) => void): Promise<void> {
    await Promise.all([this.#hooks.runPreShutdownHooks(onError), this.#delegate.runPreShutdownHooks?.(onError)]);
  }

  /** The PEM bundles of the authentication config's CAs as they are now. */
  #authenticationCAs(): string[] {
    const authn = this.#config.authentication ?? {};
    const rh = authn.requestHeader;
    const requestHeaderCA = rh === undefined ? undefined : 'current' in rh ? rh.current()?.clientCA : rh.clientCA;
    return [currentCABundle(authn.clientCA), requestHeaderCA].filter((ca) => ca !== undefined);
  }

  /** The authentication config's providers of changing CAs. */
  #dynamicCASources(): { addListener(listener: () => void): () => void }[] {
    const authn = this.#config.authentication ?? {};
    return [authn.clientCA, authn.requestHeader].filter((s) => s !== undefined && typeof s !== 'string' && 'addListener' in s);
  }

  /** `options` whose TLS listener also requests client certificates against the authentication config's CAs. */
  #withAuthenticationCAs(options: ServingOptions): ServingOptions {
    const cas = this.#authenticationCAs();
    const dynamic = this.#dynamicCASources().length > 0;
    if (options.secure === undefined || (cas.length === 0 && !dynamic)) return options;
    return { ...options, secure: { ...options.secure, clientCAs: [...(options.secure.clientCAs ?? []), ...cas], ...(dynamic && { requestClientCertificates: true }) } };
  }

  /** Runs the authentication controllers and has the TLS listeners follow changing CAs, until shutdown. */
  #followAuthentication(): void {
    const signal = this.#lifecycle.signal;
    for (const controller of this.#config.authentication?.controllers ?? []) controller.run(signal);
    const update = (): void => {
      const cas = this.#authenticationCAs();
      for (const follow of this.#caFollowers) follow(cas);
    };
    const sources = this.#dynamicCASources();
    if (sources.length === 0) return;
    const removers = sources.map((source) => source.addListener(update));
    signal.addEventListener(
      'abort',
      () => {
        for (const remove of removers) remove();
      },
      { once: true },
    );
  }

  /** Starts the listeners, then runs the post-start hooks (the delegates' too) in the background; returns the URLs. */
  async listen(options: ServingOptions): Promise<string[]> {
    if (this.#shutdown !== undefined) throw new Error('the server is shut down');
    const first = this.#listeners.length === 0;
    const started = await startListeners(this.#withAuthenticationCAs(options), this.requestListener);
    this.#listeners = [...this.#listeners, ...started];
    const given = options.secure?.clientCAs ?? [];
    for (const l of started) if (l.setClientCAs !== undefined) this.#caFollowers.push((cas) => l.setClientCAs?.([...given, ...cas]));
    if (first) {
      this.#followAuthentication();
      void this.runPostStartHooks({ signal: this.#lifecycle.signal }, (name, err) =>
        this.logger.print('error', `PostStartHook ${JSON.stringify(name)} failed: ${String(err)}`),
      );
    }
    return this.#listeners.map((l) => l.url);
  }

  /**
   * Graceful shutdown: readyz fails, pre-shutdown hooks run, listeners stop accepting,
   * long-running requests are aborted through their signal (and their streams ended after
   * the watch termination grace period), other requests may finish within the shutdown
   * timeout, then remaining connections are closed.
   */
  shutdown(): Promise<void> {
    this.#shutdown ??= this.#runShutdown();
    return this.#shutdown;
  }

  async #runShutdown(): Promise<void> {
    await this.runPreShutdownHooks((name, err) => this.logger.print('error', `PreShutdownHook ${JSON.stringify(name)} failed: ${String(err)}`));
    const closed = this.#listeners.map((l) => new Promise<void>((resolve) => l.server.close(() => resolve())));
    for (const l of this.#listeners) l.server.closeIdleConnections();
    this.#lifecycle.abort(new Error('the server is shutting down'));
    const longRunning = [...this.#inFlight].filter((e) => {
      const info = requestInfoFrom(e.request);
      return info !== undefined && this.#longRunning(e.request, info);
    });
    for (const entry of longRunning) entry.abort(new Error('the server is shutting down'));
    await this.#drain(this.#config.watchTerminationGraceMillis ?? 1000, () => longRunning.every((e) => !this.#inFlight.has(e)));
    for (const entry of longRunning) endStream(entry.response);
    await this.#drain(this.#config.shutdownTimeoutMillis ?? 60_000, () => this.#inFlight.size === 0);
    for (const entry of this.#inFlight) entry.abort(new Error('shutdown timeout'));
    for (const l of this.#listeners) l.server.closeAllConnections();
    await Promise.all(closed);
    this.metrics.stop();
    this.#config.audit?.backend.shutdown();
  }

  /** Resolves when `done()` holds (checked whenever a request ends) or after `timeoutMillis`. */
  #drain(timeoutMillis: number, done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.#inFlight.onEnded = undefined;
        resolve();
      };
      const timer = setTimeout(finish, timeoutMillis);
      this.#inFlight.onEnded = () => {
        if (done()) finish();
      };
    });
  }

  /**
   * Shuts down on the first SIGTERM or SIGINT; a second one ends the process with exit code 1, as upstream's
   * `SetupSignalContext`. Returns a function removing the handlers.
   */
  installSignalHandlers(signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): () => void {
    return setupSignalHandler({
      signals,
      onFirst: (signal) => {
        this.logger.print('info', `received ${signal}, shutting down`);
        void this.shutdown();
      },
    });
  }
}
