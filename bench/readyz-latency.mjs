// Issue #19's heavy requests (bodies up to the 3 MiB limit: YAML maps of 100k+ keys, strategic merges of 100k
// finalizers, json-patch copy storms) against a kube-lite process, while a client polls /readyz every 50 ms: the
// slowest poll during each request (a long synchronous step freezes the event loop and shows here). Peer in the
// same run: the same polling of the idle server for 3 s. The heavy requests and the polling are the tests' own
// (packages/kube-lite/test/reliability/readyz-under-load.ts), loaded through the tests' TypeScript hooks.
// Run: `npm run bench -- readyz-latency` (needs the build: `npm run build`).
import { median, printTable, writeResults } from './lib/results.mjs';

await import('../scripts/typescript/register.mjs');
const { heavyRequests } = await import('../packages/kube-lite/test/hostile/heavy-requests.ts');
const { keepAliveAgent } = await import('../packages/kube-lite/test/hostile/http-probe.ts');
const { pollReadyz, runHeavy, startHeavyServer } = await import('../packages/kube-lite/test/reliability/readyz-under-load.ts');

const NAMESPACE = 'heavy';
let kl = await startHeavyServer(NAMESPACE);
const agent = keepAliveAgent();
const idle = await pollReadyz(kl.url, agent, new Promise((r) => setTimeout(r, 3000)));
const rows = [{ name: 'idle server', value: Math.max(...idle), note: `median ${median(idle).toFixed(1)} ms, ${idle.length} polls` }];
for (const heavy of heavyRequests(NAMESPACE)) {
  const { answer, bodyBytes, millis, latencies } = await runHeavy(kl.url, heavy, agent);
  const note = `${(bodyBytes / 1024).toFixed(0)} KiB, answered ${answer.status} in ${millis.toFixed(0)} ms, median poll ${median(latencies).toFixed(1)} ms`;
  rows.push({ name: heavy.name, value: Math.max(...latencies), note });
  if (answer.status === 0) {
    await kl.kill();
    kl = await startHeavyServer(NAMESPACE);
  }
}
agent.destroy();
await kl.kill();
const table = { title: 'Slowest /readyz poll while a heavy request runs', unit: 'ms', baseline: 'idle server', better: 'lower', rows };
writeResults('readyz-latency', { title: '/readyz under heavy requests', tables: [table], notes: ['Issue #19 aims at 500 ms or less for every heavy request.'] });
printTable(table);
