// Records the V8 code cache of the bundle (dist/bundle/kube-lite.cjs.cache, read by bin/load-bundle.js): runs the
// bin once through start-up — on the in-memory backend, on a free port, until /readyz answers 200 — and stops
// it; the bin writes the cache of every function compiled by then as it exits. A cache that could not be
// recorded is a warning, not a failed build: the bin then compiles the bundle from source.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY_TIMEOUT_MS = 60_000;

/** Whether GET `url`/readyz answers 200. */
function ready(url) {
  return new Promise((resolve) => {
    const req = request(`${url}/readyz`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Runs `bin` until /readyz is 200, then stops it; resolves to its exit code and what it wrote to stderr. */
async function runThroughStartup(bin, env) {
  const child = spawn(process.execPath, [bin, '--port', '0', '--storage-backend', 'memory'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d) => {
    errors += d;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), READY_TIMEOUT_MS);
  let running = true;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code))).finally(() => {
    running = false;
    clearTimeout(timer);
  });
  let output = '';
  const url = await Promise.race([
    new Promise((resolve) => {
      child.stdout.on('data', (d) => {
        output += d;
        const m = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
        if (m) resolve(m[0]);
      });
    }),
    exited.then(() => undefined),
  ]);
  while (url !== undefined && running && !(await ready(url))) await new Promise((r) => setTimeout(r, 10));
  child.kill('SIGTERM');
  return { code: await exited, errors };
}

/** Records the code cache for the bundle that `bin` runs, next to the bundle. */
export async function recordCodeCache(bin, cacheFile) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kube-lite-code-cache-'));
  try {
    // TMPDIR: the kubeconfig the server writes goes to the directory removed below.
    const { code, errors } = await runThroughStartup(bin, { ...process.env, KUBE_LITE_RECORD_CODE_CACHE: '1', TMPDIR: dataDir });
    if (code !== 0 || !existsSync(cacheFile)) process.stderr.write(`${errors}warning: no code cache recorded for kube-lite (exit code ${code}); it starts slower\n`);
    // V8 takes a cache only from its own version: say which Node recorded it (another Node compiles from source).
    else writeFileSync(`${cacheFile}.node-version`, process.version);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
