/**
 * E2E harness: one kube-lite per storage backend (memory, or etcd3 on a throwaway etcd), a temp work dir
 * with kubectl's cache dir, and a kubectl runner that asserts exit codes with the stderr in the message.
 */
import path from 'node:path';
import {
  type EtcdServer,
  type KubectlProcess,
  type KubectlResult,
  runKubectl,
  startEtcd,
  startKubectl,
  tempDir,
} from '@apiserver/testing';
import type { Test } from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

/** The storage backends every e2e body runs against. */
export type Backend = 'memory' | 'etcd3';

/** Both backends, in the order the suites run them. */
export const BACKENDS: readonly Backend[] = ['memory', 'etcd3'];

/** A running kube-lite for one backend, with a private work dir (removed at teardown). */
export interface KubeLiteEnv {
  readonly backend: Backend;
  readonly url: string;
  readonly kubeconfigPath: string;
  /** Scratch dir of this test file and backend (kubectl cache, editor scripts, manifests). */
  readonly workDir: string;
}

/** kube-lite options a suite adds to the backend's (e.g. a smaller watch cache, so a watch window expires sooner). */
export type EnvOptions = Omit<NonNullable<Parameters<typeof startKubeLite>[0]>, 'storageBackend' | 'etcdServers'>;

/** Starts kube-lite on `backend` (and etcd for etcd3); everything is stopped in `t`'s teardown. */
export async function startEnv(t: Test, backend: Backend, options: EnvOptions = {}): Promise<KubeLiteEnv> {
  const work = await tempDir(`kube-lite-e2e-${backend}-`);
  t.teardown(work.remove);
  let etcd: EtcdServer | undefined;
  if (backend === 'etcd3') {
    etcd = await startEtcd();
    t.teardown(() => etcd?.stop());
  }
  const kl =
    etcd === undefined
      ? await startKubeLite({ ...options, storageBackend: 'memory' })
      : await startKubeLite({ ...options, storageBackend: 'etcd3', etcdServers: [etcd.endpoint] });
  // Registered after etcd's teardown, so it runs first (tap runs teardowns in reverse order).
  t.teardown(() => kl.stop());
  return { backend, url: kl.url, kubeconfigPath: kl.kubeconfigPath, workDir: work.path };
}

/** Per-call options of {@link Kubectl}. */
export interface CallOptions {
  readonly input?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
}

/** One kubectl binary bound to one kube-lite's kubeconfig and a cache dir. */
export class Kubectl {
  readonly binary: string;
  readonly #kubeconfig: string;
  readonly #cacheDir: string;

  constructor(binary: string, env: KubeLiteEnv, cacheName = 'kubectl-cache') {
    this.binary = binary;
    this.#kubeconfig = env.kubeconfigPath;
    this.#cacheDir = path.join(env.workDir, cacheName);
  }

  /** Runs kubectl to completion (default bound 30 s). */
  run(args: readonly string[], options: CallOptions = {}): Promise<KubectlResult> {
    return runKubectl(this.binary, args, this.#options(options));
  }

  /** Starts a kubectl that keeps running (`get -w`, `wait`); bound 60 s unless given. */
  start(args: readonly string[], options: CallOptions = {}): KubectlProcess {
    return startKubectl(this.binary, args, { timeoutMs: 60_000, ...this.#options(options) });
  }

  /** Runs kubectl, asserts exit code 0 (the message carries stderr) and returns stdout. */
  async ok(t: Test, args: readonly string[], options: CallOptions = {}): Promise<string> {
    const res = await this.run(args, options);
    t.equal(res.code, 0, `kubectl ${args.join(' ')} exits 0${res.code === 0 ? '' : `: ${res.stderr}${res.stdout}`}`);
    return res.stdout;
  }

  /** Runs kubectl, asserts a non-zero exit code and stderr matching `stderr`; returns the result. */
  async fails(t: Test, args: readonly string[], stderr: RegExp, options: CallOptions = {}): Promise<KubectlResult> {
    const res = await this.run(args, options);
    t.not(res.code, 0, `kubectl ${args.join(' ')} fails (stdout: ${res.stdout})`);
    t.match(res.stderr, stderr, `kubectl ${args.join(' ')} stderr`);
    return res;
  }

  /** `get -o json` of one object (asserting success), parsed. */
  async getJson(t: Test, args: readonly string[]): Promise<Record<string, unknown>> {
    const out = await this.ok(t, ['get', ...args, '-o', 'json']);
    const parsed: unknown = JSON.parse(out === '' ? '{}' : out);
    return isRecord(parsed) ? parsed : {};
  }

  #options(options: CallOptions): { kubeconfig: string; cacheDir: string } & CallOptions {
    return { kubeconfig: this.#kubeconfig, cacheDir: this.#cacheDir, timeoutMs: 30_000, ...options };
  }
}

/** Type guard for plain JSON objects. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a nested field of parsed JSON by keys (undefined when any step is missing). */
export function field(obj: unknown, ...keys: readonly (string | number)[]): unknown {
  let cur: unknown = obj;
  for (const key of keys) {
    if (typeof key === 'number') cur = Array.isArray(cur) ? cur[key] : undefined;
    else cur = isRecord(cur) ? cur[key] : undefined;
  }
  return cur;
}
