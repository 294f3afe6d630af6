// Profiles the server benchmark's GET (or LIST, or CREATE) case: starts the full-stack child of bench/server.mjs under
// `--cpu-prof`, loads it with autocannon, then prints the server's CPU per request and the self time by
// function and by package, counting only the samples taken during the measured run.
// Run: `node bench/tools/profile-server.mjs [seconds] [path]` (after `npx tsc -b`); profiles go to
// $PROFILE_DIR (default a new directory under the OS temp dir). `PROFILE_METHOD=POST` profiles the CREATE case
// instead: POSTs of a new ~1 KiB ConfigMap each (bench/server.mjs's create rows) to `path`'s collection.
// Samples are wall-clock: a sample taken while the process waits in a syscall (writev on loopback wakes the
// client) counts for that syscall, so compare JavaScript frames with each other, not with `writev`.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { configMap } from '../lib/full-server.mjs';

const serverScript = join(dirname(fileURLToPath(import.meta.url)), '..', 'server.mjs');
const seconds = Number(process.argv[2] ?? 8);
const method = process.env.PROFILE_METHOD ?? 'GET';
const path = process.argv[3] ?? (method === 'POST' ? '/api/v1/namespaces/create/configmaps' : '/api/v1/namespaces/default/configmaps/app-config');
const dir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'server-profile-'));

function cpuOf(child) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (m?.cpu === undefined) return;
      child.off('message', onMessage);
      resolve(m.cpu);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

const child = fork(serverScript, ['--serve=full'], {
  execArgv: ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '200'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const { port } = await new Promise((resolve) => child.once('message', resolve));
let created = 0;
const namespace = /\/namespaces\/([^/]+)\//.exec(path)?.[1] ?? 'create';
const post = {
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  requests: [{ path, setupRequest: (req) => ({ ...req, body: JSON.stringify(configMap(`p-${created++}`, namespace)) }) }],
};
const options = {
  url: `http://127.0.0.1:${port}${path}`,
  connections: 50,
  ...(method === 'POST' ? post : { headers: { accept: 'application/json' } }),
};
await autocannon({ ...options, duration: 1 });
const before = await cpuOf(child);
// The profile's clock is the monotonic clock process.hrtime reads, in µs.
const from = Number(process.hrtime.bigint() / 1000n);
const result = await autocannon({ ...options, duration: seconds });
const to = Number(process.hrtime.bigint() / 1000n);
const after = await cpuOf(child);
child.disconnect();
await new Promise((resolve) => child.once('exit', resolve));

const n = result.requests.total;
const perRequest = (field) => ((after[field] - before[field]) / n).toFixed(1);
console.log(`${Math.round(result.requests.average)} req/s; server CPU per request: user ${perRequest('user')} µs, system ${perRequest('system')} µs`);

const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().at(-1);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunction = new Map();
const byPackage = new Map();
let busy = 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i];
  if (at < from || at > to) return;
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  if (functionName === '(idle)') return;
  busy++;
  const where = url.replace(/^.*\/packages\//, '').replace(/^file:\/\/.*\/node_modules\//, '');
  const fn = `${functionName || '(anonymous)'} ${where}${where === '' ? '' : `:${lineNumber + 1}`}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
  const pkg = /\/packages\/([^/]+)\//.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node' : url === '' ? functionName : 'other');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
});
const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => `${((100 * samples) / busy).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`\nself time by package (${busy} busy samples)\n${top(byPackage, 15)}`);
console.log(`\nself time by function\n${top(byFunction, Number(process.env.PROFILE_TOP ?? 40))}`);
console.log(`\nprofile: ${join(dir, file)}`);
