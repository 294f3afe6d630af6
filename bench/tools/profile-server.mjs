// Profiles the server benchmark's GET (or LIST, or CREATE) case: starts the full-stack child of bench/server.mjs under
// `--cpu-prof`, loads it with autocannon, then prints the server's CPU per request and the self time by
// function and by package, counting only the samples taken during the measured run.
// Run: `node bench/tools/profile-server.mjs [seconds] [path]` (after `npx tsc -b`); profiles go to
// $PROFILE_DIR (default a new directory under the OS temp dir). `PROFILE_METHOD=POST` profiles the CREATE case
// instead: POSTs of a new ~1 KiB ConfigMap each (bench/server.mjs's create rows) to `path`'s collection.
// Samples are wall-clock: a sample taken while the process waits in a syscall (writev on loopback wakes the
// client) counts for that syscall, so compare JavaScript frames with each other, not with `writev`.
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { selfTime, topLines } from '../lib/cpu-profile.mjs';
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

const { file, busy, byFunction, byPackage } = selfTime(dir, from, to);
console.log(`\nself time by package (${busy} busy samples)\n${topLines(byPackage, busy, 15)}`);
console.log(`\nself time by function\n${topLines(byFunction, busy, Number(process.env.PROFILE_TOP ?? 40))}`);
console.log(`\nprofile: ${file}`);
