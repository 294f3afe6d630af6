// User-supplied regular expressions (issue #19): a CRD's OpenAPI `pattern` and CEL's find/findAll run on RE2
// (re2js), as kube-apiserver runs them on Go's `regexp`. Table 1: the catastrophic pattern `^(a+)+$` against
// n × `a` + `!`, through `validateCustomResource`, with JavaScript's backtracking RegExp (what ran before) as the
// peer: it grows 4x per two characters, RE2 with the length. Table 2: RE2 at size n and 2n (CPU time, median of
// rounds); the growth ratio (2n / n) tells linear (~2x) work, and the per-character cost of a pattern the lazy DFA
// cannot cache. Run: `npm run bench -- hostile-patterns`.
import { compileGoRegexp, newStructural, validateCustomResource } from '@apiserver/apiextensions';
import { median, printTable, writeResults } from './lib/results.mjs';

const ROUNDS = Number(process.env.PATTERN_BENCH_ROUNDS ?? 5);
const CATASTROPHIC = '^(a+)+$';

function cpuMs(f) {
  const before = process.cpuUsage();
  f();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const medianMs = (f) => median(Array.from({ length: ROUNDS }, () => cpuMs(f)));

function catastrophic() {
  const schema = newStructural({ type: 'object', properties: { spec: { type: 'object', properties: { s: { type: 'string', pattern: CATASTROPHIC } } } } });
  const rows = [];
  // The same pattern on JavaScript's RegExp: what validate-value ran before. A fixed, program-author pattern here.
  const backtracking = /^(a+)+$/;
  for (const n of [20, 22, 24, 26]) {
    const s = `${'a'.repeat(n)}!`;
    rows.push({ name: `JavaScript RegExp, n=${n}`, value: medianMs(() => backtracking.test(s)) });
  }
  for (const n of [26, 40, 100_000, 1_000_000]) {
    const obj = { spec: { s: `${'a'.repeat(n)}!` } };
    const value = medianMs(() => validateCustomResource(schema, obj));
    rows.push({ name: `RE2 validateCustomResource, n=${n.toLocaleString('en-US')}`, value });
  }
  return { title: `Pattern ${CATASTROPHIC} against n × a + !: CPU ms`, unit: 'ms', baseline: 'RE2 validateCustomResource, n=26', better: 'lower', rows };
}

/** n pseudo-random `a`/`b` (a fixed linear congruential sequence): the DFA of `[ab]*a[ab]{14}` needs 2^15 states. */
function randomAB(n) {
  let x = 1;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    s += x & 1024 ? 'a' : 'b';
  }
  return s;
}

/** Each case: a name, the pattern, the input at size n, how it runs, and n. */
const LINEAR_CASES = [
  ['pattern ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$, n chars', '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$', (n) => `${'a-'.repeat(n / 2)}!`, 'match', 1_000_000],
  ['findAll [0-9]+ over n chars', '[0-9]+', (n) => '12 ab '.repeat(n / 6), 'findAll', 300_000],
  ['pattern [ab]*a[ab]{14}[\\pL\\pN]{500}$ (DFA-hostile), n random a/b', '[ab]*a[ab]{14}[\\pL\\pN]{500}$', randomAB, 'match', 20_000],
];

function linear() {
  const rows = [];
  for (const [name, pattern, input, how, n] of LINEAR_CASES) {
    const re = compileGoRegexp(pattern);
    const run = (s) => (how === 'match' ? re.matchString(s) : re.findAllString(s, -1));
    const [s1, s2] = [input(n), input(2 * n)];
    const [t1, t2] = [medianMs(() => run(s1)), medianMs(() => run(s2))];
    rows.push({ name: `${name} (n=${n.toLocaleString('en-US')})`, value: t1, note: `2n: ${t2.toFixed(1)} ms, growth ${(t2 / t1).toFixed(2)}x` });
  }
  const table = { title: 'RE2 at size n: CPU ms', unit: 'ms', baseline: rows[0].name, better: 'lower', rows };
  return table;
}

const tables = [catastrophic(), linear()];
writeResults('hostile-patterns', {
  title: 'Hostile regular expressions',
  tables,
  notes: [
    'JavaScript RegExp grows about 4x for every two more characters (n=40 would take hours); RE2 answers n=40 in well under a millisecond.',
    'RE2 is linear in the input, times a factor of the pattern when its lazy DFA gives up and the NFA runs: a DFA-hostile pattern of m positions costs O(m × n).',
  ],
});
for (const table of tables) printTable(table);
