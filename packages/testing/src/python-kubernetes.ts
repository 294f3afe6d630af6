/**
 * @module python-kubernetes — Debian's Kubernetes Python client (`python3-kubernetes`, 22.6 on bookworm) on Debian's own
 * `/usr/bin/python3`, installed with apt-get (as root) when the module is missing.
 */
import { execFile } from 'node:child_process';

/** A Python interpreter that imports `kubernetes`, with the client's version, or why there is none. */
export type PythonKubernetesLookup = { readonly python: string; readonly version: string } | { readonly skip: string };

/** Options of {@link findOrInstallPythonKubernetes}; the defaults are what the e2e test uses. */
export interface PythonKubernetesOptions {
  /** Interpreter that must import `kubernetes` (default `/usr/bin/python3`: the package installs for Debian's Python). */
  readonly python?: string;
  /** Debian package to install (default `python3-kubernetes`). */
  readonly packageName?: string;
  /** Bound on each command, in ms (default 300 000; apt also waits this long for another apt's lock). */
  readonly commandTimeoutMs?: number;
  /** PATH that `apt-get` is looked up on (default `$PATH`). */
  readonly pathEnv?: string;
}

interface CommandOutcome {
  readonly ok: boolean;
  readonly stdout: string;
  /** The command line, its error and the tail of stderr, when it failed. */
  readonly failure: string;
}

function run(command: string, args: readonly string[], timeoutMs: number, pathEnv: string): Promise<CommandOutcome> {
  const env = { ...process.env, PATH: pathEnv, DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' };
  return new Promise((resolve) => {
    execFile(command, [...args], { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20, env }, (err, stdout, stderr) => {
      const failure = err === null ? '' : `${command} ${args.join(' ')}: ${err.message.trim()} ${String(stderr).slice(-400).trim()}`;
      resolve({ ok: err === null, stdout: String(stdout), failure });
    });
  });
}

/** The client's version as `python` imports it, or the failure. */
async function importedVersion(python: string, timeoutMs: number, pathEnv: string): Promise<CommandOutcome> {
  return run(python, ['-c', 'import kubernetes; print(kubernetes.__version__)'], timeoutMs, pathEnv);
}

/** apt-get's answer when its package lists are empty or stale (a fresh container): `apt-get update` first then. */
const MISSING_LISTS = /Unable to locate package|has no installation candidate/;

/** Installs the package, running `apt-get update` once first only when the install fails for lack of lists. */
async function aptInstall(pkg: string, timeoutMs: number, pathEnv: string): Promise<string | undefined> {
  // apt waits for another apt/dpkg run (an etcd or chromium install in a parallel test) instead of failing on its lock.
  const lock = ['-o', `DPkg::Lock::Timeout=${Math.floor(timeoutMs / 1000)}`];
  const install = [...lock, 'install', '-y', '--no-install-recommends', pkg];
  const first = await run('apt-get', install, timeoutMs, pathEnv);
  if (first.ok) return undefined;
  if (!MISSING_LISTS.test(first.failure)) return first.failure;
  const update = await run('apt-get', [...lock, 'update'], timeoutMs, pathEnv);
  if (!update.ok) return `${first.failure}; then ${update.failure}`;
  const second = await run('apt-get', install, timeoutMs, pathEnv);
  return second.ok ? undefined : second.failure;
}

/**
 * Returns a Python that imports the Kubernetes client and the client's version, installing Debian's
 * `python3-kubernetes` with apt-get first when the module is missing and we are root. A machine where it cannot be
 * had (not root, no apt, no package) gets `{ skip: reason }` instead of a failure.
 */
export async function findOrInstallPythonKubernetes(options: PythonKubernetesOptions = {}): Promise<PythonKubernetesLookup> {
  const python = options.python ?? '/usr/bin/python3';
  const pkg = options.packageName ?? 'python3-kubernetes';
  const timeoutMs = options.commandTimeoutMs ?? 300_000;
  const pathEnv = options.pathEnv ?? process.env.PATH ?? '';
  const found = await importedVersion(python, timeoutMs, pathEnv);
  if (found.ok) return { python, version: found.stdout.trim() };
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    return { skip: `${python} cannot import kubernetes and installing ${pkg} with apt-get needs root` };
  }
  const failure = await aptInstall(pkg, timeoutMs, pathEnv);
  if (failure !== undefined) return { skip: `cannot install ${pkg}: ${failure}` };
  const installed = await importedVersion(python, timeoutMs, pathEnv);
  return installed.ok ? { python, version: installed.stdout.trim() } : { skip: `${pkg} was installed but ${installed.failure}` };
}
