/**
 * A kube-lite started as its own process through the `kube-lite` command users run (`bin/kube-lite.js`, the
 * esbuild bundle of src/cli/main.ts with its code cache), for tests that need two servers on one etcd or a
 * `kill -9` of the server itself. (The unbundled `dist/cli/main.js` loaded ~1,300 modules before the packages
 * shipped bundles: under the test runner's Node 20 loader thread it took ~5.7 s of CPU to become ready, the CLI's
 * bundle ~1.6 s.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';
import { KUBE_LITE_BIN } from '../cli/cli-process.js';

/** One spawned kube-lite. */
export interface KubeLiteProcess {
  readonly url: string;
  readonly kubeconfigPath: string;
  readonly pid: number;
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** SIGKILL (a crash); resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), SIGKILL after `graceMillis`; resolves when the process is gone. */
  stop(graceMillis?: number): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return once(child, 'exit').then(() => undefined);
}

/**
 * Removes the directory kube-lite made in the OS temp dir for its kubeconfig (`kube-lite-<pid>-<ms>`, when it was
 * given no `--data-dir`). A server that shuts down removes it itself; one killed with SIGKILL cannot.
 */
function removeTemporaryKubeconfigDir(kubeconfigPath: string): void {
  const dir = dirname(kubeconfigPath);
  if (dirname(dir) === tmpdir() && /^kube-lite-\d+-\d+(-\d+)?$/.test(basename(dir))) rmSync(dir, { recursive: true, force: true });
}

/** Polls `/readyz` until it answers 200 (bounded). */
async function untilReady(url: string, timeoutMillis: number): Promise<void> {
  const deadline = Date.now() + timeoutMillis;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then(
      (r) => r.arrayBuffer().then(() => r.status),
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`kube-lite at ${url} not ready within ${timeoutMillis} ms (last /readyz ${status})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Spawns kube-lite with `args` (plus `--port=0`) and resolves once it printed its URL and kubeconfig path and `/readyz` is 200.
 * The bound only catches a server that never comes up: the tests start several servers at once, and in
 * `npm test` other packages' suites (npm installs of every tarball among them) share the two cores and the disk.
 * `nodeArgs` go to node itself (e.g. `--max-old-space-size=768`).
 */
export async function spawnKubeLite(args: readonly string[], startTimeoutMillis = 45_000, nodeArgs: readonly string[] = []): Promise<KubeLiteProcess> {
  const child = spawn(process.execPath, [...nodeArgs, KUBE_LITE_BIN, '--port=0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let out = '';
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err = (err + d).slice(-20_000);
  });
  const started = new Promise<{ url: string; kubeconfigPath: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kube-lite did not start in ${startTimeoutMillis} ms: ${err}`)), startTimeoutMillis);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`kube-lite exited (${code ?? signal}) before listening: ${err}`));
    });
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const url = /listening on (http:\/\/\S+?)[, ]/.exec(out)?.[1];
      const kubeconfigPath = /^kubeconfig: (\S+)$/m.exec(out)?.[1];
      if (url !== undefined && kubeconfigPath !== undefined) {
        clearTimeout(timer);
        resolve({ url, kubeconfigPath });
      }
    });
  });
  let info: { url: string; kubeconfigPath: string };
  try {
    info = await started;
    // Listening comes before the post-start hooks (system namespaces, bootstrap roles): clients wait for /readyz.
    await untilReady(info.url, startTimeoutMillis);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  const kill = async (): Promise<void> => {
    child.kill('SIGKILL');
    await exited(child);
    removeTemporaryKubeconfigDir(info.kubeconfigPath);
  };
  return {
    ...info,
    pid: child.pid ?? -1,
    stderr: () => err,
    kill,
    stop: async (graceMillis = 5_000) => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMillis);
      await exited(child);
      clearTimeout(timer);
      removeTemporaryKubeconfigDir(info.kubeconfigPath);
    },
  };
}
