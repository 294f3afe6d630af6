/**
 * Regression tests of issue #19 for YAML request bodies: deep nesting, non-string keys, huge mappings,
 * aliases and multi-document bodies are answered with Go's errors, in time linear in the body, and never
 * crash the process.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { decodeApplyConfiguration, duplicateKeyProblem } from '../../src/managedfields/apply-configuration.js';
import { DecodeError } from '../../src/runtime/scheme-errors.js';
import { MAX_NESTING_DEPTH } from '../../src/serializer/nesting-depth.js';
import { YAMLSerializer } from '../../src/serializer/yaml.js';
import { yamlToJSON, YAMLToJSONError } from '../../src/serializer/yaml-to-json.js';

const yaml = new YAMLSerializer(newBuiltinScheme());
const decode = (text: string) => yaml.decode(Buffer.from(text));
const decodeError = (text: string): string => {
  try {
    decode(text);
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
    return err.message;
  }
  throw new Error('decoded');
};
const depthError = `yaml: exceeded max depth of ${MAX_NESTING_DEPTH}`;
const nestedFlow = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

function runChild(depth: number): Promise<{ code: number | null; lines: { name: string; attempt: number; outcome: string; ms: number }[]; stderr: string }> {
  const script = fileURLToPath(new URL('./yaml-deep-child.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script, String(depth)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code, stderr, lines: stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) }));
  });
}

t.test('2,000-deep YAML twice in a fresh process: a 400 both times, no RegExpCompiler out-of-memory crash', async (t) => {
  const { code, lines, stderr } = await runChild(2000);
  t.equal(code, 0, `child exits cleanly (stderr: ${stderr.slice(0, 300)})`);
  t.equal(lines.length, 8, 'four bodies, two attempts each');
  for (const line of lines) {
    t.match(line.outcome, /^DecodeError: yaml: exceeded max depth of 512$/, `${line.name} #${line.attempt}`);
    t.comment(`${line.name} #${line.attempt}: ${line.ms} ms`);
  }
});

t.test('nesting: 512 levels decode, 513 are refused with yaml.v2 message, before the parser recurses', async (t) => {
  t.same(decode(`x: ${nestedFlow(MAX_NESTING_DEPTH - 1)}`).x !== undefined, true);
  t.equal(decodeError(`x: ${nestedFlow(MAX_NESTING_DEPTH)}`), depthError);
  t.equal(decodeError(nestedFlow(100_000)), depthError, '100,000 levels: still the same 400');
  t.equal(decodeError(`a: 1\n${Array.from({ length: 600 }, (_, i) => `${' '.repeat(i)}b:\n`).join('')}`), depthError);
  const viaAliases = `a: &a ${nestedFlow(300)}\nb: {c: &b [*a]}\n${'{"d":'.repeat(250)}*b${'}'.repeat(250)}: 1\n`;
  t.throws(() => decode(`r:\n  x: &a ${'['.repeat(300)}1${']'.repeat(300)}\n  y: ${'['.repeat(300)}*a${']'.repeat(300)}\n`), { message: depthError }, 'aliases count at their depth of use');
  t.throws(() => decode(viaAliases), DecodeError);
});

t.test('!!binary ~ as a key inside metadata: the 400 of yaml.v2, not a 500', async (t) => {
  t.equal(decodeError('metadata:\n  name: x\n  !!binary ~: 1\n'), 'yaml: !!binary value contains invalid base64 data');
  t.equal(decodeError('metadata:\n  labels:\n    ~: 1\n'), 'Unsupported map key of type: %!s(<nil>), key: <nil>, value: 1');
  t.equal(decodeError('metadata:\n  ? [1, "b"]\n  : x\n'), 'yaml: invalid map key: []interface {}{1, "b"}');
  t.equal(decodeError('metadata:\n  {a: [1, ~]}: x\n'), 'yaml: invalid map key: map[interface {}]interface {}{"a":[]interface {}{1, interface {}(nil)}}');
  t.equal(decodeError('a: !!binary "a=b="\n'), 'yaml: !!binary value contains invalid base64 data');
  t.same(decode('a: !!binary aGk=\n!!binary aGk=: b\n'), { a: 'hi', hi: 'b' }, 'valid !!binary is decoded, as key or value');
});

t.test('implicit block keys are at most 1,024 characters, as libyaml simple keys; explicit keys have no limit', async (t) => {
  t.match(decodeError(`${'k'.repeat(1025)}: v\n`), /^yaml: line 1: /);
  t.equal(Object.keys(decode(`${'k'.repeat(1000)}: v\n`))[0]?.length, 1000);
  t.equal(Object.keys(decode(`? ${'k'.repeat(5000)}\n: v\n`))[0]?.length, 5000);
});

t.test('numbers and bools as keys become strings the way sigs.k8s.io/yaml writes them', async (t) => {
  t.same(decode('1: a\n0x1F: b\n1.5: c\n1000000.0: d\n0.1: e\ntrue: f\nno: g\n.inf: h\n-.inf: i\n.nan: j\n'), {
    '1': 'a',
    '31': 'b',
    '1.5': 'c',
    '1e+06': 'd',
    '0.1': 'e',
    true: 'f',
    false: 'g',
    '.inf': 'h',
    '-.inf': 'i',
    '.nan': 'j',
  });
  t.same(decode('a: 2001-12-14\nb: 2001-12-14t21:59:43.10-05:00\n'), { a: '2001-12-14', b: '2001-12-14t21:59:43.10-05:00' }, 'timestamps stay text');
  t.equal(decodeError('a: .inf\n'), 'json: unsupported value: +Inf');
});

t.test('duplicate keys: the last wins; the strict error is yaml.v2 key "a" already set in map', async (t) => {
  const body = Buffer.from('metadata:\n  name: x\ndata:\n  a: "1"\n  b: "2"\n  a: "3"\n');
  t.same(yaml.decode(body), { metadata: { name: 'x' }, data: { a: '3', b: '2' } });
  t.same(yaml.decodeStrict(body).strictErrors, ['yaml: unmarshal errors:\n  line 6: key "a" already set in map']);
  t.same(yaml.decodeStrict(Buffer.from('a: 1\n1: 2\n"1": 3\n1: 4\n')).strictErrors, ['yaml: unmarshal errors:\n  line 4: key 1 already set in map'], 'int 1 and "1" are different keys to yaml.v2');
  t.same(yaml.decodeStrict(Buffer.from('a: 1\nb: 2\n')).strictErrors, []);
});

t.test('a map of 24,000 keys decodes in linear time (the library check was quadratic: 8 s)', async (t) => {
  const body = (n: number) => `metadata:\n  name: big\ndata:\n${Array.from({ length: n }, (_, i) => `  key-${i}: value-${i}\n`).join('')}`;
  const time = (text: string) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      decode(text);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const small = time(body(3000));
  const large = time(body(24_000));
  t.comment(`3,000 keys: ${small.toFixed(0)} ms, 24,000 keys (${body(24_000).length} bytes): ${large.toFixed(0)} ms`);
  t.ok(large / small < 32, `8x the keys take ${(large / small).toFixed(1)}x the time (quadratic would be 64x)`);
  t.equal(Object.keys(decode(body(24_000)).data as object).length, 24_000);
});

t.test('billion laughs: yaml.v2 alias ratio limit (CVE-2019-11253)', async (t) => {
  const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].entries()) {
    const prev = String.fromCharCode(97 + i);
    levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  const started = performance.now();
  t.equal(decodeError(`${levels.join('\n')}\n`), 'yaml: document contains excessive aliasing');
  t.ok(performance.now() - started < 2000, 'refused before the expansion is built');
  t.same(decode('base: &b {x: 1}\nuses: [*b, *b, *b]\n').uses, [{ x: 1 }, { x: 1 }, { x: 1 }], 'ordinary aliases still work');
  t.equal(decodeError('a: &a [1, *a]\n'), "yaml: anchor 'a' value contains itself");
  t.equal(decodeError('a: *nope\n'), "yaml: unknown anchor 'nope' referenced");
});

t.test('merge keys as yaml.v2 applies them', async (t) => {
  t.same(decode('base: &b {x: 1, z: 1}\nm:\n  <<: *b\n  z: 2\n').m, { x: 1, z: 2 });
  t.same(decode('a: &a {x: 1}\nb: &b {x: 2, w: 2}\nm:\n  <<: [*a, *b]\n').m, { x: 1, w: 2 }, 'earlier maps of a list take precedence');
  t.equal(decodeError('m:\n  <<: 1\n'), 'yaml: map merge requires map or sequence of maps as the value');
  t.same(decode('m:\n  "<<": 1\n').m, { '<<': 1 }, 'a quoted << is an ordinary key');
});

t.test('a body with a second document: only the first is read, as yaml.v2 Unmarshal', async (t) => {
  t.same(decode('metadata:\n  name: one\n---\nmetadata:\n  name: two\n'), { metadata: { name: 'one' } });
  t.same(decode('a: 1\n---\n{{{{ not yaml\n'), { a: 1 }, 'the rest is never read');
  t.same(decode(`a: 1\n---\n${nestedFlow(5000)}\n`), { a: 1 }, 'nor measured');
  t.same(decode('a: 1\n...\n'), { a: 1 });
});

t.test('__proto__ keys are own properties; the prototype is untouched', async (t) => {
  const obj = decode('__proto__: {polluted: 1}\nconstructor: x\n');
  t.equal(Object.getPrototypeOf(obj), Object.prototype);
  t.same(Object.keys(obj), ['__proto__', 'constructor']);
  t.equal(({} as Record<string, unknown>).polluted, undefined);
});

t.test('every YAML failure is a DecodeError with a yaml: message', async (t) => {
  for (const body of ['a: [1\n', 'a: b: c\n', '\t- x\n', 'a: "unterminated\n', '- 1\n- 2\n', '']) t.throws(() => decode(body), DecodeError, JSON.stringify(body));
  t.match(decodeError('a: [1\n'), /^yaml: line \d+: /);
  t.throws(() => yaml.decode(new Uint8Array([0x61, 0x3a, 0x20, 0xff])), DecodeError, 'invalid UTF-8');
  t.throws(() => yamlToJSON(nestedFlow(600)), YAMLToJSONError);
});

t.test('apply configurations (apply-patch+yaml) go through the same bounded reader, in sigs.k8s.io/yaml Unmarshal words', async (t) => {
  t.throws(() => decodeApplyConfiguration(nestedFlow(2000)), { name: 'ApplyConfigurationError', message: `error converting YAML to JSON: ${depthError}` });
  t.throws(() => decodeApplyConfiguration('metadata:\n  !!binary ~: 1\n'), { message: 'error converting YAML to JSON: yaml: !!binary value contains invalid base64 data' });
  t.throws(() => decodeApplyConfiguration('- a\n'), {
    message: 'error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}',
  });
  t.same(decodeApplyConfiguration(''), {});
  t.same(decodeApplyConfiguration('base: &b {x: 1}\nm:\n  <<: *b\n'), { base: { x: 1 }, m: { x: 1 } });
  t.equal(duplicateKeyProblem('a: 1\nb: 2\n'), undefined);
  t.equal(duplicateKeyProblem('data:\n  a: "1"\n  a: "2"\n'), 'error converting YAML to JSON: yaml: unmarshal errors:\n  line 3: key "a" already set in map');
});
