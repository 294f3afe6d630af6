/**
 * Finds Debian's `chromium` for the browser test, installing it with apt-get (as root) when it is missing,
 * as the etcd harness does for `etcd-server`. Every command is bounded; a machine where it cannot be installed
 * gets a reason to print instead of a browser.
 */
import { execFile } from 'node:child_process';
import { findExecutable } from '@apiserver/testing';

/** A browser to drive, or why there is none. */
export type ChromiumLookup = { readonly executablePath: string } | { readonly skip: string };

/** Flags the browser test starts Chromium with (no sandbox in containers, nothing reaching the network). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

function run(command: string, args: readonly string[], timeoutMs: number, pathEnv: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      command,
      [...args],
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20, env: { ...process.env, PATH: pathEnv, DEBIAN_FRONTEND: 'noninteractive' } },
      (err, _stdout, stderr) => resolve(err === null ? undefined : `${command} ${args.join(' ')}: ${err.message} ${String(stderr).slice(-400)}`),
    );
  });
}

/**
 * `/usr/bin/chromium` (or `chromium` on PATH), installing the Debian package first when needed and possible.
 * `pathEnv` is where `chromium` and `apt-get` are looked for (default `$PATH`).
 */
export async function findOrInstallChromium(timeoutMs = 300_000, pathEnv = process.env.PATH ?? ''): Promise<ChromiumLookup> {
  const found = await findExecutable('chromium', pathEnv);
  if (found !== undefined) return { executablePath: found };
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    return { skip: 'chromium is not installed and installing it with apt-get needs root' };
  }
  // apt waits for another apt/dpkg run (an etcd install in a parallel test) instead of failing on its lock.
  const lock = ['-o', `DPkg::Lock::Timeout=${Math.floor(timeoutMs / 1000)}`];
  const update = await run('apt-get', [...lock, 'update'], timeoutMs, pathEnv);
  if (update !== undefined) return { skip: `cannot install chromium: ${update}` };
  const install = await run('apt-get', [...lock, 'install', '-y', '--no-install-recommends', 'chromium'], timeoutMs, pathEnv);
  if (install !== undefined) return { skip: `cannot install chromium: ${install}` };
  const installed = await findExecutable('chromium', pathEnv);
  return installed === undefined ? { skip: 'chromium was installed but is not on PATH' } : { executablePath: installed };
}
