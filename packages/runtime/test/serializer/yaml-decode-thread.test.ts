/**
 * Issue #19: large YAML bodies are converted in a worker thread, leaving the event loop free. The thread gives
 * what the in-place conversion gives (values, strict errors, Go's error messages), is used from
 * YAML_OFF_THREAD_CHARS characters on, and never keeps a process alive.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { decodeApplyConfiguration, decodeApplyConfigurationAsync, duplicateKeyProblem } from '../../src/managedfields/apply-configuration.js';
import { DecodeError } from '../../src/runtime/scheme-errors.js';
import { MAX_NESTING_DEPTH } from '../../src/serializer/nesting-depth.js';
import { YAMLSerializer } from '../../src/serializer/yaml.js';
import { YAML_OFF_THREAD_CHARS, YAMLDecodeThread, YAMLDecodeThreadError, yamlDecodeThread, yamlToJSONAsync } from '../../src/serializer/yaml-decode-thread.js';
import { yamlToJSON } from '../../src/serializer/yaml-to-json.js';

/** `text` followed by a comment that takes it to the thread's threshold (a comment changes no value or line). */
const padded = (text: string): string => `${text}\n#${'x'.repeat(Math.max(0, YAML_OFF_THREAD_CHARS - text.length))}\n`;
const mapOf = (keys: number): string => `data:\n${Array.from({ length: keys }, (_, i) => `  k${i}: v${i}`).join('\n')}\n`;

function billionLaughs(): string {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].entries()) levels.push(`${name}: &${name} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`);
  return levels.join('\n');
}

/** Each input, and what its in-place conversion must give (so that the comparison below compares something). */
const inputs: [name: string, text: string, expected: RegExp | ((value: unknown, strictErrors: readonly string[]) => boolean)][] = [
  ['a manifest', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n', (v) => (v as { kind: string }).kind === 'ConfigMap'],
  ['a syntax error with its line', 'a: b\nc: [1, 2\nd: e\n', /^yaml: line \d+: /],
  ['duplicate keys (strict)', 'data:\n  a: "1"\n  b: "2"\n  a: "3"\n', (_, s) => s.join() === 'yaml: unmarshal errors:\n  line 4: key "a" already set in map'],
  ['aliases over the ratio limit', billionLaughs(), /^yaml: document contains excessive aliasing$/],
  ['an anchor inside its own value', 'a: &a [1, *a]\n', /^yaml: anchor 'a' value contains itself$/],
  ['nesting over the limit', `x: ${'['.repeat(MAX_NESTING_DEPTH + 5)}1${']'.repeat(MAX_NESTING_DEPTH + 5)}\n`, /^yaml: exceeded max depth of /],
  ['a null key', 'metadata:\n  labels:\n    ~: 1\n', /^Unsupported map key of type: %!s\(<nil>\)/],
  ['invalid !!binary', 'a: !!binary "a=b="\n', /^yaml: !!binary value contains invalid base64 data$/],
  ['.inf value', 'a: .inf\n', /^json: unsupported value: \+Inf$/],
  ['merge keys, binary, typed keys', 'base: &b {x: 1, z: 1}\nm:\n  <<: *b\n  z: 2\nb: !!binary aGk=\n1.5: f\nno: g\n', (v) => (v as { m: { x: number } }).m.x === 1],
  ['a __proto__ key and -0', '__proto__: {polluted: true}\nz: -0.0\n', (v) => Object.hasOwn(v as object, '__proto__') && Object.is((v as { z: number }).z, -0)],
  ['a __proto__ key (the answer as JSON text)', 'a:\n  __proto__: {polluted: true}\n  z: 0\n', (v) => Object.hasOwn((v as { a: object }).a, '__proto__')],
];

type Outcome = { value: unknown; strictErrors: readonly string[] } | { error: { name: string; message: string } };
const outcome = (run: () => { value: unknown; strictErrors: readonly string[] }): Outcome => {
  try {
    return run();
  } catch (err) {
    return { error: { name: (err as Error).name, message: (err as Error).message } };
  }
};
const settled = async (run: Promise<{ value: unknown; strictErrors: readonly string[] }>): Promise<Outcome> => {
  try {
    return await run;
  } catch (err) {
    return { error: { name: (err as Error).name, message: (err as Error).message } };
  }
};

t.test('from YAML_OFF_THREAD_CHARS on, the thread converts: same values, strict errors and errors as in place', async (t) => {
  const thread = yamlDecodeThread();
  for (const [name, text, expected] of inputs) {
    const big = padded(text);
    const inPlace = outcome(() => yamlToJSON(big));
    if (expected instanceof RegExp) t.match('error' in inPlace ? inPlace.error.message : '', expected, `${name}: the in-place error`);
    else t.ok('value' in inPlace && expected(inPlace.value, inPlace.strictErrors), `${name}: the in-place value`);
    const before = thread.conversions;
    const offThread = await settled(yamlToJSONAsync(big));
    t.equal(thread.conversions, before + 1, `${name}: converted by the thread`);
    t.same(offThread, inPlace, `${name}: the same outcome`);
    if ('value' in offThread && 'value' in inPlace) t.equal(JSON.stringify(offThread.value), JSON.stringify(inPlace.value), `${name}: the same JSON`);
  }
  t.not(thread.threadId, undefined, 'the thread runs');
  t.not(thread.threadId, 0, 'and is not the main thread');
});

t.test('an answer as JSON text is parsed on the event loop; a structured value (for -0) is taken as it is', async (t) => {
  const worker = [
    "import { parentPort } from 'node:worker_threads';",
    "parentPort.on('message', (r) => parentPort.postMessage(r.text === 'json'",
    "  ? { id: r.id, json: '{\"a\":[1,{\"b\":null}],\"__proto__\":{\"x\":1}}', strictErrors: ['s'] }",
    '  : { id: r.id, value: { z: -0 }, strictErrors: [] }));',
  ].join('\n');
  const thread = new YAMLDecodeThread(new URL(`data:text/javascript,${encodeURIComponent(worker)}`));
  t.teardown(() => thread.close());
  const fromJSON = await thread.decode('json');
  t.same(fromJSON, { value: { a: [1, { b: null }], ['__proto__']: { x: 1 } }, strictErrors: ['s'] });
  t.ok(Object.hasOwn(fromJSON.value as object, '__proto__'), '__proto__ stays an own key');
  const structured = await thread.decode('value');
  t.ok(Object.is((structured.value as { z: number }).z, -0), '-0 kept');
});

t.test('below YAML_OFF_THREAD_CHARS the conversion stays in place', async (t) => {
  const thread = yamlDecodeThread();
  const before = thread.conversions;
  const small = 'a: 1\n'.repeat(10);
  t.same(await yamlToJSONAsync(`${small}b: [1, 2]\n`), yamlToJSON(`${small}b: [1, 2]\n`));
  await t.rejects(yamlToJSONAsync('a: [1\n'), { name: 'YAMLToJSONError', message: /^yaml: line/ });
  t.equal(thread.conversions, before, 'the thread was not asked');
});

t.test('the YAML serializer and the apply configuration decode large bodies through the thread, with the same errors', async (t) => {
  const yaml = new YAMLSerializer(newBuiltinScheme());
  const thread = yamlDecodeThread();
  const before = thread.conversions;
  const duplicates = padded('metadata:\n  name: x\ndata:\n  a: "1"\n  a: "2"\n');
  t.same(await yaml.decodeStrictAsync(Buffer.from(duplicates)), yaml.decodeStrict(Buffer.from(duplicates)));
  t.same(await yaml.decodeAsync(Buffer.from(duplicates)), yaml.decode(Buffer.from(duplicates)));
  const bad = padded('a: b\nc: [1, 2\n');
  const inPlace = t.throws(() => yaml.decode(Buffer.from(bad)), DecodeError) as unknown as Error;
  await t.rejects(yaml.decodeAsync(Buffer.from(bad)), { name: 'DecodeError', message: inPlace.message });
  await t.rejects(yaml.decodeAsync(Buffer.from(padded('- 1\n- 2\n'))), { name: 'DecodeError', message: 'error converting YAML to JSON: the document is not an object' });
  t.same(await decodeApplyConfigurationAsync(duplicates), { configuration: decodeApplyConfiguration(duplicates), duplicateKeyProblem: duplicateKeyProblem(duplicates) });
  await t.rejects(decodeApplyConfigurationAsync(padded('- 1\n')), { name: 'ApplyConfigurationError', message: /cannot unmarshal array into Go value/ });
  const applyError = t.throws(() => decodeApplyConfiguration(bad), { message: /^error converting YAML to JSON: yaml: line \d+: / }) as unknown as Error;
  await t.rejects(decodeApplyConfigurationAsync(bad), { name: 'ApplyConfigurationError', message: applyError.message });
  t.equal(thread.conversions, before + 7, 'every large body went to the thread');
});

t.test('the event loop keeps turning while a 1 MiB YAML body converts', async (t) => {
  const text = mapOf(60_000);
  const started = performance.now();
  yamlToJSON(text);
  const inPlaceMillis = performance.now() - started;
  let beats = 0;
  let last = performance.now();
  let longestGap = 0;
  const heartbeat = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    beats++;
  }, 5);
  const { value } = await yamlToJSONAsync(text);
  clearInterval(heartbeat);
  longestGap = Math.max(longestGap, performance.now() - last);
  t.comment(`${text.length} characters: ${inPlaceMillis.toFixed(0)} ms in place; off the thread ${beats} heartbeats, the longest gap ${longestGap.toFixed(0)} ms`);
  t.equal(Object.keys((value as { data: object }).data).length, 60_000);
  t.ok(beats >= 5, `the heartbeat ran during the conversion (${beats} beats)`);
  t.ok(longestGap < inPlaceMillis / 2, `the longest gap (${longestGap.toFixed(0)} ms) is well under the in-place conversion (${inPlaceMillis.toFixed(0)} ms)`);
});

t.test('the thread never keeps a process alive, but a pending conversion does', async (t) => {
  const script = fileURLToPath(new URL('./yaml-decode-thread-child.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const timeout = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 60_000).unref());
  const code = await Promise.race([exited, timeout]);
  if (code === 'hung') child.kill('SIGKILL');
  t.equal(code, 0, `the child exits by itself (stderr: ${stderr.slice(0, 300)})`);
  const expectedKeys = Math.ceil(YAML_OFF_THREAD_CHARS / 10) * 2;
  t.same(JSON.parse(stdout.trim() || '{}'), { keys: expectedKeys, conversions: 1 }, 'after printing the thread’s conversion');
});

t.test('close fails pending conversions with YAMLDecodeThreadError; the next decode starts a new thread', async (t) => {
  const thread = new YAMLDecodeThread();
  const first = await thread.decode('a: 1\n');
  t.same(first, { value: { a: 1 }, strictErrors: [] }, 'a thread converts any text it is given');
  const firstId = thread.threadId;
  const pending = t.rejects(thread.decode(mapOf(50_000)), YAMLDecodeThreadError);
  await thread.close();
  await pending;
  t.equal(thread.threadId, undefined);
  t.same((await thread.decode('b: 2\n')).value, { b: 2 });
  t.not(thread.threadId, firstId, 'a new thread');
  await thread.close();
});

t.test('a thread that cannot start fails its conversions with YAMLDecodeThreadError instead of hanging', async (t) => {
  const thread = new YAMLDecodeThread(new URL('./no-such-worker.js', import.meta.url));
  await t.rejects(thread.decode('a: 1\n'), { name: 'YAMLDecodeThreadError', message: /^the YAML decoding thread (failed|exited)/ });
  await thread.close();
  const exits = new YAMLDecodeThread(new URL('data:text/javascript,1'));
  await t.rejects(exits.decode('a: 1\n'), { name: 'YAMLDecodeThreadError', message: 'the YAML decoding thread exited with code 0' }, 'nor when it exits unanswered');
  const notAFile = new YAMLDecodeThread(new URL('http://localhost/yaml-decode-worker.js'));
  await t.rejects(notAFile.decode('a: 1\n'), { name: 'YAMLDecodeThreadError', message: /^the YAML decoding thread failed: / }, 'nor when it cannot be constructed');
});
