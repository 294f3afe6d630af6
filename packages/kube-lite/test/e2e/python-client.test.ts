/**
 * The Kubernetes Python client (Debian's `python3-kubernetes` 22.6 on Debian's `/usr/bin/python3`, installed with apt
 * when missing) against kube-lite on the memory backend: one run of `python/run_checks.py`, one JSON line per check,
 * each compared here with `python-client-checks.ts`.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOrInstallPythonKubernetes } from '@apiserver/testing';
import t, { type Test } from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { apiVersionOf, fixtureKey, fixtureName, kindFixtures, writableResources } from '../fixtures/every-kind.js';
import { field, isRecord } from './harness.js';
import { type KindEntry, pythonClientExpectations, type ServerVersion } from './python-client-checks.js';

/** The configmaps watch cache window: the expired-watch check writes this many events to leave it. */
const WATCH_CACHE_EVENTS = 50;
const SCRIPT = fileURLToPath(new URL('./python/run_checks.py', import.meta.url));
const RUN_TIMEOUT_MS = 100_000;
const INSTALL_TIMEOUT_MS = 300_000;
/** The namespace of the every-kind check's namespaced objects. */
const EVERY_KIND_NAMESPACE = 'py-kinds';

interface PythonRun {
  readonly code: number | string;
  readonly stdout: string;
  readonly stderr: string;
}

function runScript(python: string, args: readonly string[]): Promise<PythonRun> {
  return new Promise((resolve) => {
    // No .pyc files in the source tree; unbuffered so a killed run still shows its last lines.
    const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' };
    const child = spawn(python, [SCRIPT, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.once('error', (err) => {
      clearTimeout(timer);
      resolve({ code: err.message, stdout, stderr });
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? `signal ${String(signal)}`, stdout, stderr });
    });
  });
}

/** The script's report lines, by check name (a line that is not a report is kept under its text, so it fails). */
function reports(stdout: string): Map<string, Record<string, unknown>> {
  const byName = new Map<string, Record<string, unknown>>();
  for (const line of stdout.split('\n').filter((l) => l !== '')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    const name = field(parsed, 'check');
    if (isRecord(parsed) && typeof name === 'string') byName.set(name, parsed);
    else byName.set(line, { error: 'not a report line' });
  }
  return byName;
}

/** Every writable resource from discovery with its fixture (test/fixtures/every-kind.ts), written to `file`. */
async function writeKindFixtures(url: string, file: string): Promise<KindEntry[]> {
  const fixtures = kindFixtures(EVERY_KIND_NAMESPACE);
  const entries = (await writableResources(url)).map((r): KindEntry => {
    const apiVersion = apiVersionOf(r.gvPath);
    const name = fixtureName(r, 'py');
    const metadata = r.namespaced ? { name, namespace: EVERY_KIND_NAMESPACE } : { name };
    return { apiVersion, kind: r.kind, namespaced: r.namespaced, name, body: { apiVersion, kind: r.kind, metadata, ...fixtures[fixtureKey(r)] } };
  });
  await writeFile(file, JSON.stringify(entries));
  return entries;
}

async function serverVersion(url: string): Promise<ServerVersion> {
  const body: unknown = await (await fetch(`${url}/version`)).json();
  return { major: String(field(body, 'major')), minor: String(field(body, 'minor')), gitVersion: String(field(body, 'gitVersion')) };
}

function assertReports(t: Test, run: PythonRun, expected: Record<string, unknown>): void {
  const got = reports(run.stdout);
  for (const [name, want] of Object.entries(expected)) {
    const report = got.get(name);
    if (report === undefined) t.fail(`${name}: not reported (exit ${run.code}; stderr: ${run.stderr})`);
    else if ('error' in report) t.fail(`${name}: ${String(report.error)}\n${String(report.trace ?? '')}`);
    else t.same(report.result, want, name);
  }
  const unexpected = [...got.entries()].filter(([name]) => !(name in expected));
  t.same(unexpected, [], 'every report line is an expected check');
  t.equal(run.code, 0, `the script exits 0${run.code === 0 ? '' : `: ${run.stderr}`}`);
}

// An apt install (and maybe an apt-get update) may run first, each command bounded by INSTALL_TIMEOUT_MS: tap's
// 120 s per file starts again once the client is there.
t.setTimeout(INSTALL_TIMEOUT_MS * 3 + 60_000);
const lookup = await findOrInstallPythonKubernetes({ commandTimeoutMs: INSTALL_TIMEOUT_MS });
t.setTimeout(120_000);
if ('skip' in lookup) {
  t.comment(`skipping the Python client e2e: ${lookup.skip}`);
  t.test('the Kubernetes Python client against kube-lite', { skip: lookup.skip }, () => undefined);
} else {
  t.test(`kubernetes (Python) ${lookup.version} on memory`, async (t) => {
    const kl = await startKubeLite({ storageBackend: 'memory', watchCacheSizes: [`configmaps#${WATCH_CACHE_EVENTS}`] });
    t.teardown(() => kl.stop());
    const kindsFile = path.join(t.testdir(), 'kinds.json');
    const kinds = await writeKindFixtures(kl.url, kindsFile);
    const expected = pythonClientExpectations(await serverVersion(kl.url), kinds);
    const run = await runScript(lookup.python, [kl.kubeconfigPath, String(WATCH_CACHE_EVENTS), kindsFile, EVERY_KIND_NAMESPACE]);
    // PYTHON_CLIENT_OUTPUT=<file> keeps the script's report lines for a look at what it saw.
    if (process.env.PYTHON_CLIENT_OUTPUT !== undefined) await writeFile(process.env.PYTHON_CLIENT_OUTPUT, run.stdout);
    assertReports(t, run, expected);
  });
}
