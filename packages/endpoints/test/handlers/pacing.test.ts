/**
 * Pacing of heavy request bodies (issue #19): a large body yields to the event loop between the phases of its
 * processing, a small one runs straight through; JSON patches yield whenever their operations ran for a while.
 */
import t from 'tap';
import { applyJSONPatch, applyJSONPatchPaced, JSON_PATCH_SLICE_MILLIS } from '../../src/patch/json-patch.js';
import { duplicateFields, duplicateFieldsSteps } from '../../src/handlers/field-validation.js';
import { PACED_BODY_BYTES, paceFor, yieldToEventLoop } from '../../src/handlers/pacing.js';
import { startTestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';
const JSON_CT = { 'Content-Type': 'application/json' };

t.test('paceFor yields for large bodies only', async (t) => {
  t.equal(paceFor(PACED_BODY_BYTES - 1)(), undefined, 'a small body runs straight through');
  const order: string[] = [];
  setImmediate(() => order.push('other work'));
  const pending = paceFor(PACED_BODY_BYTES)();
  t.ok(pending instanceof Promise);
  await pending;
  order.push('resumed');
  t.same(order, ['other work', 'resumed'], 'work queued before the pause runs first');
  const timers: string[] = [];
  setTimeout(() => timers.push('timer'), 0);
  await new Promise((r) => setTimeout(r, 5));
  await yieldToEventLoop();
  t.same(timers, ['timer']);
});

/**
 * Runs `work` while a setImmediate loop ticks: the longest time the loop did not get to run, and the total, in CPU
 * time of this process (`process.cpuUsage`), so that a busy machine that deschedules the process between two ticks
 * does not count as a stall (wall time did: CI saw a 245 ms stall of 438 ms, paced slices being ~25 ms when quiet).
 */
async function longestStall(work: () => Promise<unknown>): Promise<{ stall: number; total: number }> {
  const cpuMs = (): number => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let done = false;
  let last = cpuMs();
  let stall = 0;
  const tick = (): void => {
    const now = cpuMs();
    stall = Math.max(stall, now - last);
    last = now;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  const started = cpuMs();
  await work();
  done = true;
  return { stall, total: cpuMs() - started };
}

t.test('a large body is processed in slices: the event loop runs between its phases', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  t.equal((await s.request('POST', base, { body: '{"metadata":{"name":"f"}}', headers: JSON_CT })).status, 201);
  const finalizers = Array.from({ length: 60_000 }, (_, i) => `example.com/f${i}`);
  const requests: [string, () => Promise<number>][] = [
    ['strategic merge patch', async () => (await s.request('PATCH', `${base}/f?dryRun=All`, { body: JSON.stringify({ metadata: { finalizers } }), headers: { 'Content-Type': 'application/strategic-merge-patch+json' } })).status],
    ['update', async () => (await s.request('PUT', `${base}/f?dryRun=All`, { body: JSON.stringify({ metadata: { name: 'f', finalizers } }), headers: JSON_CT })).status],
    ['create', async () => (await s.request('POST', `${base}?dryRun=All`, { body: JSON.stringify({ metadata: { name: 'g' }, data: Object.fromEntries(finalizers.map((f, i) => [`k${i}`, f])) }), headers: JSON_CT })).status],
  ];
  for (const [name, send] of requests) {
    let status = 0;
    const { stall, total } = await longestStall(async () => {
      status = await send();
    });
    t.ok(status === 200 || status === 201, `${name}: answered ${status}`);
    // Unpaced, one stall held nearly the whole request (all but the transfer of the body).
    t.ok(stall < total / 2, `${name}: longest stall ${stall.toFixed(0)} ms of ${total.toFixed(0)} ms CPU`);
  }
});

t.test('applyJSONPatchPaced applies as applyJSONPatch does, pausing once a slice of operations ran long', async (t) => {
  const map = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, `v${i}`]));
  const ops = [{ op: 'add', path: '/m', value: map }, ...Array.from({ length: 30 }, (_, i) => ({ op: 'copy', from: '/m', path: `/c${i % 2}` }))];
  let pauses = 0;
  const started = performance.now();
  const paced = await applyJSONPatchPaced({}, ops, { accumulatedCopySizeLimit: 0 }, () => {
    pauses++;
    return yieldToEventLoop();
  });
  const took = performance.now() - started;
  t.same(paced, applyJSONPatch({}, ops, { accumulatedCopySizeLimit: 0 }));
  t.ok(pauses >= 1, `${pauses} pauses in ${took.toFixed(0)} ms (a slice is ${JSON_PATCH_SLICE_MILLIS} ms)`);
  t.ok(pauses <= ops.length, 'at most one pause per operation');
  // A clock that stands still: however long the machine takes, no slice ever ran long, so no pause.
  let still = 0;
  const twoOps = [
    { op: 'replace', path: '/a', value: 2 },
    { op: 'add', path: '/b', value: 3 },
  ];
  t.same(await applyJSONPatchPaced({ a: 1 }, twoOps, {}, () => {
    still++;
    return undefined;
  }, () => 0), { a: 2, b: 3 });
  t.equal(still, 0, 'a patch whose slices stay short does not pause');
  // A clock that moves a slice on at every reading: every operation ends a slice, so a pause follows each one.
  let clock = 0;
  let every = 0;
  t.same(await applyJSONPatchPaced({ a: 1 }, twoOps, {}, () => {
    every++;
    return undefined;
  }, () => (clock += JSON_PATCH_SLICE_MILLIS)), { a: 2, b: 3 });
  t.equal(every, twoOps.length, 'a pause whenever a slice reached its length');
  await t.rejects(applyJSONPatchPaced({}, [{ op: 'remove', path: '/x' }], {}, () => undefined), { name: 'JSONPatchError' }, 'errors are thrown as by applyJSONPatch');
});

t.test('duplicateFields decodes escaped keys and skips string values', async (t) => {
  t.same(duplicateFields('{"a":1, "\\u0061" : 2}'), ['a']);
  t.same(duplicateFields('{"x":"a\\"b:\\"","x":{"y":["\\"y\\"",{"z":1,"z":2}]}}'), ['x', 'x.y[1].z']);
  t.same(duplicateFields('{"k":"v","l":["k","k"]}'), []);
  t.same(duplicateFields('{"a\\\\":1,"a\\\\" :2}'), ['a\\']);
  const backslashes = { 'q\\"': 1, v: 'ends in a backslash \\', w: 'two \\\\', 'k"\\': 'an escaped quote " then \\' };
  const text = JSON.stringify(backslashes).slice(0, -1);
  t.same(duplicateFields(`${text},"q\\\\\\"":2,"w":3,"k\\"\\\\":4}`), ['q\\"', 'w', 'k"\\'], 'quotes after runs of backslashes');
});

t.test('duplicateFieldsSteps finds the duplicates duplicateFields finds', (t) => {
  const texts = [
    '{"a":1,"a":2,"b":{"c":[{"d":1,"d":2}],"c":3}}',
    '{"x\\u0041":1,"xA":2,"s":"{\\"a\\":1,\\"a\\":2}"}',
    '[{"a":1},{"a":1,"a":1}]',
    JSON.stringify({ data: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, `v${i}`])) }).replace('"k7"', '"k9"'),
  ];
  for (const text of texts) {
    const steps = duplicateFieldsSteps(text);
    let step = steps.next();
    while (step.done !== true) step = steps.next();
    t.same(step.value, duplicateFields(text), text.slice(0, 40));
  }
  t.end();
});

t.test('a large request answers the bytes of a small one: plain and gzipped (zlib thread pool)', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  const data = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, `v${i}<&>`]));
  const body = JSON.stringify({ metadata: { name: 'big', labels: { b: '1', a: '2' } }, data });
  t.ok(Buffer.byteLength(body) >= PACED_BODY_BYTES);
  const plain = await s.request('POST', `${base}?dryRun=All`, { body, headers: JSON_CT });
  const zipped = await s.request('POST', `${base}?dryRun=All`, { body, headers: { ...JSON_CT, 'Accept-Encoding': 'gzip' } });
  t.equal(plain.status, 201);
  t.equal(zipped.headers['content-encoding'], 'gzip');
  t.equal(zipped.headers.vary, 'Accept-Encoding');
  const { gunzipSync } = await import('node:zlib');
  const strip = (text: string) => text.replace(/"(uid|creationTimestamp|time)":"[^"]*"/g, '');
  t.equal(strip(gunzipSync(zipped.body).toString()), strip(Buffer.from(plain.body).toString()), 'same JSON gzipped');
  const decoded = JSON.parse(Buffer.from(plain.body).toString()) as { data: Record<string, string>; metadata: { labels: Record<string, string> } };
  t.same(Object.keys(decoded.metadata.labels), ['a', 'b'], 'map keys sorted as Go writes them');
  t.equal(decoded.data['k7'], 'v7<&>');
  t.ok(Buffer.from(plain.body).toString().includes('\\u003c\\u0026\\u003e'), 'HTML characters escaped as Go does');
});
