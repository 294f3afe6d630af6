/**
 * `/debug/pprof/` and `/debug/flags/v` behind authorization, the profiles' pprof encoding, and the httplog `"HTTP"`
 * request lines at verbosity 3.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { privilegedGroupsAuthorizer } from '../../src/authorization/always-allow.js';
import { KlogLogger } from '../../src/logs/klog-logger.js';
import { decodePprofProfile, type PprofProfile } from '../../src/pprof/profile-proto.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import type { GenericAPIServerConfig } from '../../src/server/config.js';
import { fetchText, tempDir } from '../helpers.js';

const ADMIN = { Authorization: 'Bearer tok-admin' };
const DEV = { Authorization: 'Bearer tok-dev' };

async function start(t: Test, config: GenericAPIServerConfig = {}) {
  const { dir, cleanup } = tempDir();
  t.teardown(cleanup);
  const tokenAuthFile = join(dir, 'tokens.csv');
  writeFileSync(tokenAuthFile, 'tok-admin,admin,1,"system:masters"\ntok-dev,dev,2,"devs"\n');
  const lines: string[] = [];
  const logger = new KlogLogger({ verbosity: 0, write: (l) => lines.push(l) });
  const server = new GenericAPIServer({
    logger,
    panicLogger: () => undefined,
    authentication: { tokenAuthFile, anonymous: false },
    authorization: { authorizer: privilegedGroupsAuthorizer() },
    ...config,
  });
  const [url = ''] = await server.listen({ port: 0 });
  t.teardown(() => server.shutdown());
  return { url, logger, lines };
}

/** GETs a binary body. */
async function fetchBytes(url: string, headers: Record<string, string>): Promise<{ status: number; type: string | null; body: Buffer }> {
  const response = await fetch(url, { headers });
  return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

/** The consistency pprof's readers rely on: string 0 empty, no duplicates, every index and ID resolvable. */
function checkConsistency(t: Test, p: PprofProfile): void {
  t.equal(p.string_table[0], '', 'string table starts with the empty string');
  t.equal(new Set(p.string_table).size, p.string_table.length, 'no string twice');
  const inTable = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < p.string_table.length;
  const functionIds = new Set(p.function.map((f) => f.id));
  const locationIds = new Set(p.location.map((l) => l.id));
  t.ok(p.function.every((f) => inTable(f.name) && inTable(f.filename) && inTable(f.system_name)), 'function strings resolve');
  t.ok([...p.sample_type, p.period_type].every((v) => inTable(v.type) && inTable(v.unit)), 'value types resolve');
  t.ok(p.location.every((l) => l.line.every((line) => functionIds.has(line.function_id))), 'locations name known functions');
  t.ok(p.sample.every((s) => s.location_id.every((id) => locationIds.has(id)) && s.value.length === p.sample_type.length), 'samples resolve');
}

const typesOf = (p: PprofProfile): string[] => p.sample_type.map((v) => `${p.string_table[v.type]}/${p.string_table[v.unit]}`);
const functionNames = (p: PprofProfile): string[] => p.function.map((f) => p.string_table[f.name] ?? '');

function spinForTheProfiler(millis: number): number {
  let x = 0;
  const end = Date.now() + millis;
  while (Date.now() < end) x += Math.sqrt(x + 1);
  return x;
}

t.test('the debug routes are non-resource URLs: 403 without a grant, served to system:masters', async (t) => {
  const { url } = await start(t);
  for (const path of ['/debug/pprof/', '/debug/pprof/heap', '/debug/pprof/profile?seconds=1', '/debug/flags/v']) {
    const denied = await fetchText(`${url}${path}`, { method: path.endsWith('/v') ? 'PUT' : 'GET', headers: DEV, body: '5' });
    t.equal(denied.status, 403, `${path}: forbidden`);
    t.match(denied.body, /"reason":"Forbidden"/);
  }
  const index = await fetchText(`${url}/debug/pprof/`, { headers: ADMIN });
  t.equal(index.status, 200);
  t.match(index.body, /<a href='heap'>heap<\/a>/);
  const redirect = await fetchText(`${url}/debug/pprof`, { headers: ADMIN });
  t.equal(redirect.status, 302);
  t.equal(redirect.headers.location, '/debug/pprof/');
  const unknown = await fetchText(`${url}/debug/pprof/cmdline`, { headers: ADMIN });
  t.same([unknown.status, unknown.body, unknown.headers['x-go-pprof']], [404, 'Unknown profile\n', '1'], "as Go's pprof.Index in kube-apiserver");
});

t.test('/debug/flags/v sets the verbosity (PUT only)', async (t) => {
  const { url, logger } = await start(t);
  const set = await fetchText(`${url}/debug/flags/v`, { method: 'PUT', headers: ADMIN, body: '4' });
  t.same([set.status, set.headers['content-type'], set.body], [200, 'text/plain', 'successfully set klog.logging.verbosity to 4\n']);
  t.equal(logger.verbosity, 4);
  const bad = await fetchText(`${url}/debug/flags/v`, { method: 'PUT', headers: ADMIN, body: 'loud' });
  t.same([bad.status, bad.body], [400, 'failed set klog.logging.verbosity loud: strconv.ParseInt: parsing "loud": invalid syntax\n']);
  t.equal(logger.verbosity, 4, 'unchanged by a bad value');
  const get = await fetchText(`${url}/debug/flags/v`, { headers: ADMIN });
  t.same([get.status, get.body], [406, 'unsupported http method\n']);
  const index = await fetchText(`${url}/debug/flags/`, { headers: ADMIN });
  t.equal(index.status, 200);
  t.match(index.body, /flags:<br>\n<table>\n\n<tr>v<br>\n\n<\/table>/);
});

t.test('/debug/pprof/profile: a gzipped pprof CPU profile naming the busy function', async (t) => {
  const { url } = await start(t);
  const pending = fetchBytes(`${url}/debug/pprof/profile?seconds=1`, ADMIN);
  setTimeout(() => spinForTheProfiler(600), 100);
  const reply = await pending;
  t.equal(reply.status, 200);
  t.equal(reply.type, 'application/octet-stream');
  const profile = decodePprofProfile(gunzipSync(reply.body));
  t.same(typesOf(profile), ['samples/count', 'cpu/nanoseconds']);
  t.same(
    [profile.string_table[profile.period_type.type], profile.string_table[profile.period_type.unit], profile.period],
    ['cpu', 'nanoseconds', 1_000_000],
  );
  t.ok(functionNames(profile).includes('spinForTheProfiler'), 'the busy function was sampled');
  t.ok(profile.duration_nanos >= 900_000_000, `covers about a second (${profile.duration_nanos} ns)`);
  checkConsistency(t, profile);
});

t.test('one CPU profile at a time', async (t) => {
  const { url } = await start(t);
  const first = fetchBytes(`${url}/debug/pprof/profile?seconds=1`, ADMIN);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const second = await fetchText(`${url}/debug/pprof/profile?seconds=1`, { headers: ADMIN });
  t.same([second.status, second.body], [500, 'Could not enable CPU profiling: cpu profiling already in use\n']);
  t.equal((await first).status, 200);
});

const retained: unknown[] = [];
function allocateRetainedForTheHeapProfile(): void {
  for (let i = 0; i < 40_000; i++) retained.push({ index: i, text: `object number ${i} `.repeat(8) });
}

t.test('/debug/pprof/heap: a gzipped pprof profile of sampled live objects', async (t) => {
  const { url } = await start(t);
  allocateRetainedForTheHeapProfile();
  const reply = await fetchBytes(`${url}/debug/pprof/heap`, ADMIN);
  t.equal(reply.status, 200);
  const profile = decodePprofProfile(gunzipSync(reply.body));
  t.same(typesOf(profile), ['inuse_objects/count', 'inuse_space/bytes']);
  t.equal(profile.period, 512 * 1024);
  t.ok(functionNames(profile).includes('allocateRetainedForTheHeapProfile'), 'the allocating function holds live samples');
  t.ok(profile.sample.every((s) => (s.value[0] ?? 0) > 0 && (s.value[1] ?? 0) > 0), 'positive objects and bytes');
  checkConsistency(t, profile);
  retained.length = 0;
});

t.test('enableProfiling: false serves neither', async (t) => {
  const { url } = await start(t, { enableProfiling: false });
  t.equal((await fetchText(`${url}/debug/pprof/`, { headers: ADMIN })).status, 404);
  t.equal((await fetchText(`${url}/debug/flags/v`, { method: 'PUT', headers: ADMIN, body: '3' })).status, 404);
});

t.test('httplog: the "HTTP" line of every request at -v=3, none below', async (t) => {
  const { url, logger, lines } = await start(t);
  await fetchText(`${url}/healthz`, { headers: { ...ADMIN, 'User-Agent': 'spec/1.0' } });
  logger.setVerbosity(2);
  await fetchText(`${url}/healthz`, { headers: ADMIN });
  t.equal(lines.filter((l) => l.includes('"HTTP"')).length, 0, 'nothing per request at 2');
  logger.setVerbosity(3);
  const reply = await fetchText(`${url}/healthz?verbose`, { headers: { ...ADMIN, 'User-Agent': 'spec/1.0' } });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const http = lines.filter((l) => l.includes('"HTTP"'));
  t.equal(http.length, 1);
  const line = http[0] ?? '';
  t.match(line, /^I\d{4} [\d:.]+ +\d+ httplog\.[jt]s:\d+\] "HTTP" verb="GET" URI="\/healthz\?verbose" latency="[\d.]+(ns|µs|ms|s)" /);
  t.match(line, new RegExp(`userAgent="spec/1.0" audit-ID="${reply.headers['audit-id']}" srcIP="127\\.0\\.0\\.1:\\d+" resp=200\\n$`));
  await fetchText(`${url}/debug/pprof/`, { headers: DEV });
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.match(lines.at(-1), /"HTTP" verb="GET" URI="\/debug\/pprof\/" .* resp=403\n$/, 'refused requests too');
});

t.test('httplog in the JSON format', async (t) => {
  const lines: string[] = [];
  const logger = new KlogLogger({ format: 'json', verbosity: 3, write: (l) => lines.push(l) });
  const { url } = await start(t, { logger });
  await fetchText(`${url}/nothing-here`, { headers: ADMIN });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const entry = JSON.parse(lines.find((l) => l.includes('"msg":"HTTP"')) ?? '{}') as Record<string, unknown>;
  t.same(Object.keys(entry), ['ts', 'caller', 'msg', 'v', 'verb', 'URI', 'latency', 'userAgent', 'audit-ID', 'srcIP', 'resp']);
  t.same([entry.v, entry.verb, entry.URI, entry.resp], [3, 'GET', '/nothing-here', 404]);
  t.match(entry.latency, /^[\d.]+(ns|µs|ms|s)$/);
});
