import { startKubeLite } from '../src/testing/index.js';
const times: number[] = [];
for (let i = 0; i < 12; i++) {
  const t0 = performance.now();
  const kl = await startKubeLite();
  times.push(performance.now() - t0);
  await kl.stop();
}
console.log(times.map((x) => x.toFixed(0)).join(' '));
process.exit(0);
