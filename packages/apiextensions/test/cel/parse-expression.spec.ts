// cel-go's parser limits: an expression too long or nested too deep is a compile error at a location-less
// `ERROR: <input>:-1:0`, never a stack overflow (a 5,000-term sum once failed the CRD request with a 500).
import t from 'tap';
import { admissionVariableDeclarations, compileAdmissionExpression, compileRules, newStructural } from '../../src/index.js';
import { parseExpression } from '../../src/cel/parse-expression.js';

const ruleError = (rule: string) => compileRules(newStructural({ type: 'string', 'x-kubernetes-validations': [{ rule }] }), false)[0]?.error;

t.test('nesting deeper than 250 levels is refused', async (t) => {
  const sum = (n: number) => `${Array.from({ length: n }, () => '1').join(' + ')} > 0`;
  t.equal(ruleError(sum(200)), undefined);
  t.equal(ruleError(sum(300)), 'compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded');
  t.equal(ruleError(sum(20_000)), 'compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded', 'no stack overflow');
  t.equal(ruleError(`${'('.repeat(5000)}true${')'.repeat(5000)}`), 'compilation failed: ERROR: <input>:-1:0: expression recursion limit exceeded: 250', 'the parser itself');
  t.same(compileAdmissionExpression(sum(5000), admissionVariableDeclarations(), ['bool']), {
    expression: sum(5000),
    error: 'compilation failed: ERROR: <input>:-1:0: max recursion depth exceeded',
  });
});

t.test('a chain of && or || counts as cel-go balances it', async (t) => {
  const chain = (n: number, op: string) => Array.from({ length: n }, (_, i) => `self == '${i}'`).join(` ${op} `);
  t.equal(ruleError(chain(1000, '||')), undefined, '1,000 terms are 10 levels');
  t.equal(ruleError(chain(1000, '&&')), undefined);
});

t.test('more than 100,000 code points are refused', async (t) => {
  const long = `'${'é'.repeat(100_000)}' == self`;
  t.equal(ruleError(long), 'compilation failed: ERROR: <input>:-1:0: expression code point size exceeds limit: size: 100010, limit 100000');
  t.ok('parsed' in parseExpression(`'${'é'.repeat(99_000)}' == self`), 'code points, not UTF-16 units or bytes, are counted');
});

t.test("syntax errors keep the parser's position", async (t) => {
  t.same(parseExpression('self = 1'), { issues: [{ offset: 5, message: 'Syntax error: found = but expecting end of input' }] });
});
