// The checker against the CEL conformance data that @bufbuild/cel-spec ships (cel-spec's conformance tests and
// cel-go's checker tests, with the types and errors cel-go gives them):
// - every conformance expression that cel-go checks (no `disableCheck`) and whose variables have types this checker
//   has (no protobuf messages) must check without an issue, and where cel-go's type is given, get that type;
// - cel-go's checker tests with such variables must give cel-go's errors, text, line, column and caret included.
// Both run in cel-go's own environment (no homogeneous literals; the checking tests without cross-type numeric
// comparisons, as cel-go's test environment declares them), not in Kubernetes' one.
import { type CelEnv, parse } from '@bufbuild/cel';
import { getCheckingSuite, getConformanceSuite, type IncrementalTest, type IncrementalTestSuite } from '@bufbuild/cel-spec/testdata/tests.js';
import t from 'tap';
import {
  BOOL,
  BYTES,
  type CelType,
  DOUBLE,
  DURATION,
  DYN,
  formatCelType,
  INT,
  listOf,
  mapOf,
  NULL,
  STRING,
  TIMESTAMP,
  typeOf,
  UINT,
} from '../../src/cel/check/cel-type.js';
import { declare, type FunctionDecls, global, member } from '../../src/cel/check/function-decl.js';
import { kubernetesDecls } from '../../src/cel/check/kubernetes-decls.js';
import { standardDecls } from '../../src/cel/check/standard-decls.js';
import { type Binding, Checker } from '../../src/cel/checker.js';
import { formatIssues } from '../../src/cel/issues.js';

type DeclaredType = NonNullable<Extract<IncrementalTest['original']['typeEnv'][number]['declKind'], { case: 'ident' }>['value']['type']>;

const PRIMITIVES: Readonly<Record<number, CelType>> = { 1: BOOL, 2: INT, 3: UINT, 4: DOUBLE, 5: STRING, 6: BYTES };
const WELL_KNOWN: Readonly<Record<number, CelType>> = { 2: TIMESTAMP, 3: DURATION };

/** The checker's type of a declared `cel.expr.Type`, or `undefined` for the kinds it has not (messages). */
function declared(type: DeclaredType | undefined): CelType | undefined {
  const k = type?.typeKind;
  switch (k?.case) {
    case 'primitive':
      return PRIMITIVES[k.value];
    case 'wellKnown':
      return WELL_KNOWN[k.value];
    case 'dyn':
      return DYN;
    case 'null':
      return NULL;
    case 'listType': {
      const elem = declared(k.value.elemType);
      return elem && listOf(elem);
    }
    case 'mapType': {
      const key = declared(k.value.keyType);
      const value = declared(k.value.valueType);
      return key && value && mapOf(key, value);
    }
    case 'type': {
      if (k.value.typeKind.case === undefined) return typeOf();
      const of = declared(k.value);
      return of && typeOf(of);
    }
    default:
      return undefined;
  }
}

function* tests(suite: IncrementalTestSuite, path = ''): Generator<readonly [string, IncrementalTest]> {
  for (const test of suite.tests) yield [`${path}/${suite.name}`, test];
  for (const child of suite.suites) yield* tests(child, `${path}/${suite.name}`);
}

/** The test's variables, or `undefined` when one has a type the checker has not. */
function variables(test: IncrementalTest, base: ReadonlyArray<readonly [string, CelType]> = []): Map<string, Binding> | undefined {
  const scope = new Map<string, Binding>(base.map(([name, type]) => [name, { type }]));
  for (const decl of test.original.typeEnv) {
    const type = decl.declKind.case === 'ident' ? declared(decl.declKind.value.type) : undefined;
    if (type === undefined) return undefined;
    scope.set(decl.name, { type });
  }
  return scope;
}

const resolver = (decls: FunctionDecls): CelEnv['funcs'] => ({ find: (name: string) => (decls.has(name) ? {} : undefined) }) as unknown as CelEnv['funcs'];

/** Runs the checker on `expr` with `scope`; `undefined` when it does not parse with @bufbuild/cel. */
function run(expr: string, scope: Map<string, Binding>, decls: FunctionDecls) {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(expr);
  } catch {
    return undefined;
  }
  const checker = new Checker(expr, parsed, resolver(decls), { type: DYN }, { decls, homogeneousAggregateLiterals: false });
  const type = checker.resultType(checker.check(parsed.expr, scope));
  return { type, issues: checker.issues, error: checker.issues.length === 0 ? undefined : formatIssues(expr, checker.issues) };
}

const hasError = (type: CelType): boolean => formatCelType(type).includes('!error!');

t.test('conformance expressions cel-go checks are checked without an issue, to cel-go\'s type', async (t) => {
  const decls = declare(standardDecls(true), kubernetesDecls);
  let checked = 0;
  let typed = 0;
  for (const [path, test] of tests(getConformanceSuite())) {
    if (test.original.disableCheck || test.original.container !== '') continue;
    const scope = variables(test);
    const result = scope === undefined ? undefined : run(test.original.expr, scope, decls);
    // Expressions naming messages or functions of extensions Kubernetes does not have are not for this checker.
    if (result === undefined || result.issues.some((i) => /undeclared reference|undefined field/.test(i.message))) continue;
    checked++;
    if (result.error !== undefined) t.fail(`${path} ${test.name}: ${test.original.expr}\n${result.error}`);
    if (test.type === undefined || hasError(result.type)) continue;
    typed++;
    // cel-go's legacy nullable case: a list of an optional and null is list(null) there, list(dyn) here.
    if (test.name === 'null_assignable_to_abstract_parameter_candidate') continue;
    if (formatCelType(result.type) !== test.type) t.fail(`${path} ${test.name}: ${test.original.expr}: ${formatCelType(result.type)}, cel-go ${test.type}`);
  }
  t.ok(checked > 1200, `${checked} expressions checked`);
  t.ok(typed > 1200, `${typed} compared with cel-go's type`);
});

t.test("cel-go's checker tests: the same errors and types", async (t) => {
  // cel-go's checker test environment: these variables and two functions (fg_s(): string, string.fi_s_s(): string).
  const base: ReadonlyArray<readonly [string, CelType]> = [['is', STRING], ['ii', INT], ['iu', UINT], ['iz', BOOL], ['ib', BYTES], ['id', DOUBLE], ['ix', NULL]];
  const decls = declare(standardDecls(false), kubernetesDecls, [['fg_s', [global([], STRING)]], ['fi_s_s', [member([STRING], STRING)]]]);
  let errors = 0;
  let passes = 0;
  for (const [, test] of tests(getCheckingSuite())) {
    const scope = variables(test, base);
    if (scope === undefined || test.original.container !== '' || test.original.expr.startsWith('.')) continue;
    const result = run(test.original.expr, scope, decls);
    if (result === undefined) continue;
    if (test.error !== undefined) {
      errors++;
      t.equal(result.error, test.error, test.original.expr);
    } else {
      passes++;
      t.equal(result.error, undefined, test.original.expr);
      if (test.type !== undefined && !hasError(result.type)) t.equal(formatCelType(result.type), test.type, `${test.original.expr}: type`);
    }
  }
  t.ok(errors >= 17, `${errors} errors compared`);
  t.ok(passes >= 50, `${passes} expressions that check`);
});
