// Start-up A/B of kube-lite's CLI (issue #23): spawn → first 200 from /readyz, wall and CPU, for this checkout's
// bundle, optionally a baseline build's (SERVER_BENCH_BASELINE_ROOT, a folder holding a built kube-lite) and bare
// node:http (bench/lib/bare-startup.mjs), run interleaved so that the machine's load weighs on all alike. CPU is the
// child's CPU time, all threads, when /readyz first answers 200 (Linux only, see cpuMs), so it is what start-up
// costs whatever else runs beside it (though a busy machine still slows every contender's CPU a little).
// Run: `node bench/tools/startup-ab.mjs [runs]` (default 12; STARTUP_AB_BINS adds bins, see below).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 12);
const kubeLiteArgs = ['--port=0', '--storage-backend=memory'];
const contenders = [
  { name: 'bare node:http', args: [join(root, 'bench/lib/bare-startup.mjs')] },
  { name: 'kube-lite (this checkout)', args: [join(root, 'packages/kube-lite/bin/kube-lite.js'), ...kubeLiteArgs] },
];
const baseline = process.env.SERVER_BENCH_BASELINE_ROOT;
if (baseline) contenders.push({ name: 'kube-lite (baseline)', args: [join(baseline, 'packages/kube-lite/bin/kube-lite.js'), ...kubeLiteArgs] });
// STARTUP_AB_BINS: more kube-lite bins to compare (paths separated by `:`), e.g. variants built in side folders.
for (const bin of (process.env.STARTUP_AB_BINS ?? '').split(':').filter((b) => b !== '')) contenders.push({ name: bin.slice(-28), args: [bin, ...kubeLiteArgs] });

/** Status code of GET `path`, or 0 when the connection fails. */
function status(port, path) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * The process's CPU time in ms: the sum over its threads of the nanoseconds each ran (first field of
 * /proc/<pid>/task/<tid>/schedstat), else user + system time (fields 14 and 15 of /proc/<pid>/stat, in ticks of
 * 10 ms, too coarse to tell changes of a few ms apart).
 */
function cpuMs(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }
}

/** The port a child prints in its `listening http://…:<port>` line. */
function listeningPort(child) {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk) => {
      out += chunk;
      const match = /https?:\/\/[^\s:]+:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

/** One spawn: wall ms and CPU ms from spawn to the first 200 from /readyz. */
async function once(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const port = await listeningPort(child);
    while ((await status(port, '/readyz')) !== 200) {
      if (performance.now() - started > 20_000) throw new Error('not ready in 20 s');
      await new Promise((r) => setTimeout(r, 2));
    }
    return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
  } finally {
    child.kill();
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const samples = contenders.map(() => ({ wall: [], cpu: [] }));
for (let i = 0; i < runs; i++) {
  for (const [k, c] of contenders.entries()) {
    const { wall, cpu } = await once(c.args);
    samples[k].wall.push(wall);
    samples[k].cpu.push(cpu);
  }
}
const bare = samples[0];
for (const [k, c] of contenders.entries()) {
  const wall = median(samples[k].wall);
  const cpu = median(samples[k].cpu);
  const ratio = k === 0 ? '' : `  ${(wall / median(bare.wall)).toFixed(2)}x wall, ${(cpu / median(bare.cpu)).toFixed(2)}x CPU of bare`;
  console.log(`${c.name.padEnd(28)} wall ${wall.toFixed(0).padStart(5)} ms  CPU ${cpu.toFixed(0).padStart(5)} ms  (min ${Math.min(...samples[k].wall).toFixed(0)} / ${Math.min(...samples[k].cpu).toFixed(0)})${ratio}`);
}
