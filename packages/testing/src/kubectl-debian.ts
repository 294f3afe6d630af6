/**
 * @module kubectl-debian — Debian's `kubernetes-client` (kubectl 1.20) unpacked into a cache dir,
 * without installing it (installing would replace the kubectl on PATH).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errnoCode } from './etcd-binary.js';
import type { KubectlLookup } from './kubectl.js';

/** Options of {@link debianKubectl120}; the defaults are what the e2e tests use. */
export interface DebianKubectlOptions {
  /** Cache directory (default `os.tmpdir()/apiserver-ts-kubectl-1.20`); reused when it holds the binary. */
  readonly cacheDir?: string;
  /** Debian package to download (default `kubernetes-client`). */
  readonly packageName?: string;
  /** `version --client` must print this (default `v1.20.`). */
  readonly expectedVersion?: string;
  /** Bound on each apt-get/dpkg command, in ms (default 120 000). */
  readonly commandTimeoutMs?: number;
}

/** The default cache directory of {@link debianKubectl120}. */
export const DEBIAN_KUBECTL_CACHE = path.join(os.tmpdir(), 'apiserver-ts-kubectl-1.20');

const BINARY = path.join('root', 'usr', 'bin', 'kubectl');

interface CommandOutcome {
  readonly ok: boolean;
  readonly output: string;
}

function run(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<CommandOutcome> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], {
      cwd,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const append = (chunk: Buffer): void => {
      output = (output + chunk.toString('utf8')).slice(-8192);
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, output: `${command}: ${err.message}` });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const status = code === 0 ? '' : `\n${command} ${args.join(' ')} exited ${String(code ?? signal)}`;
      resolve({ ok: code === 0, output: output + status });
    });
  });
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Downloads the package into `dir` (running `apt-get update` once when the lists are missing). */
async function download(dir: string, pkg: string, timeoutMs: number): Promise<string | undefined> {
  // The download runs as root into a root-only dir; tell apt not to drop to its `_apt` sandbox user.
  const get = ['-o', 'APT::Sandbox::User=root', 'download', pkg];
  let outcome = await run('apt-get', get, dir, timeoutMs);
  if (!outcome.ok) {
    const update = await run('apt-get', ['update'], dir, timeoutMs);
    if (!update.ok) return `apt-get download ${pkg} failed (${outcome.output.trim()}) and apt-get update failed (${update.output.trim()})`;
    outcome = await run('apt-get', get, dir, timeoutMs);
    if (!outcome.ok) return `apt-get download ${pkg} failed after apt-get update: ${outcome.output.trim()}`;
  }
  return undefined;
}

/** Fills a fresh staging dir with the unpacked package; returns a reason on failure. */
async function stage(staging: string, options: Required<DebianKubectlOptions>): Promise<string | undefined> {
  const failure = await download(staging, options.packageName, options.commandTimeoutMs);
  if (failure !== undefined) return failure;
  const debs = (await readdir(staging)).filter((f) => f.endsWith('.deb'));
  if (debs.length !== 1) return `expected one .deb after apt-get download, found ${JSON.stringify(debs)}`;
  const unpack = await run('dpkg', ['-x', debs[0]!, 'root'], staging, options.commandTimeoutMs);
  if (!unpack.ok) return `dpkg -x failed: ${unpack.output.trim()}`;
  const binary = path.join(staging, BINARY);
  if (!(await isExecutable(binary))) return `${options.packageName} has no usr/bin/kubectl`;
  const version = await run(binary, ['version', '--client'], staging, options.commandTimeoutMs);
  if (!version.output.includes(options.expectedVersion)) {
    return `unpacked kubectl is not ${options.expectedVersion}: ${version.output.trim()}`;
  }
  return undefined;
}

/**
 * Returns Debian's kubectl 1.20 (`kubernetes-client`), downloading and unpacking it on first use. The
 * package is staged in a private sibling dir and renamed into the cache in one step, so parallel
 * callers never see a half-unpacked binary: the first rename wins, the others drop their copy.
 * Returns `{ reason }` when it cannot be obtained (no apt, no network, not Debian…).
 */
export async function debianKubectl120(options: DebianKubectlOptions = {}): Promise<KubectlLookup> {
  const opts: Required<DebianKubectlOptions> = {
    cacheDir: options.cacheDir ?? DEBIAN_KUBECTL_CACHE,
    packageName: options.packageName ?? 'kubernetes-client',
    expectedVersion: options.expectedVersion ?? 'v1.20.',
    commandTimeoutMs: options.commandTimeoutMs ?? 120_000,
  };
  const cached = path.join(opts.cacheDir, BINARY);
  if (await isExecutable(cached)) return { binary: cached };
  const staging = await mkdtemp(`${opts.cacheDir}.staging-`);
  try {
    const failure = await stage(staging, opts);
    if (failure !== undefined) return { reason: failure };
    try {
      await rename(staging, opts.cacheDir);
    } catch (err) {
      // Another caller renamed its copy in first (ENOTEMPTY/EEXIST): use theirs.
      const code = errnoCode(err);
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    }
    return (await isExecutable(cached)) ? { binary: cached } : { reason: `${opts.cacheDir} holds no ${BINARY}` };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
