/**
 * Two rewrites of a parsed expression for CEL's optional values, as cel-go evaluates them:
 * - before checking, the `optMap` and `optFlatMap` macros (`@bufbuild/cel` parses them as plain calls) are expanded
 *   as cel-go expands them: `o.optMap(v, e)` is `o.hasValue() ? optional.of(<e with v bound to o.value()>) :
 *   optional.none()`, and `optFlatMap` the same without `optional.of`; `v` is bound by a comprehension over no
 *   items whose accumulator is `v` (how cel-go's `cel.bind` expands);
 * - after checking, a field selection or an index on a value the checker typed as an optional becomes the
 *   optional access of `.?` and `[?`: once a chain meets an optional, every later step yields none when what it
 *   asks for is absent (cel-go's `applyQualifiers`), as `oldSelf.spec.x` does when `oldSelf` is optional, and
 *   `has(o.f)` on an optional `o` tells whether `f` is there.
 *
 * @module
 */
import { parse } from '@bufbuild/cel';
import type { CelType } from './check/cel-type.js';
import { callNode, childrenOf, type Expr, type ExprKind, mapChildren, withKind } from './expr-walk.js';
import { OPTIONAL_INDEX, OPTIONAL_SELECT } from './optional-syntax.js';

type Parsed = ReturnType<typeof parse>;

const MACROS = new Set(['optMap', 'optFlatMap']);

function maxId(e: Expr | undefined): bigint {
  if (e === undefined) return 0n;
  let max = BigInt(e.id);
  for (const c of childrenOf(e)) {
    const m = maxId(c);
    if (m > max) max = m;
  }
  return max;
}

/** The template of an expansion, parsed once: `__o` and `__b` stand for the optional and the bound body. */
let templates: { readonly optMap: Expr; readonly optFlatMap: Expr; readonly bind: Expr } | undefined;

function template(source: string): Expr {
  const expr = parse(source).expr;
  if (expr === undefined) throw new Error(`no template: ${source}`);
  return expr;
}

/** A copy of `t` with fresh ids from `next` and the placeholders replaced. */
function instantiate(t: Expr, next: () => bigint, replace: Readonly<Record<string, Expr>>): Expr {
  const k = t.exprKind;
  if (k.case === 'identExpr' && replace[k.value.name] !== undefined) return replace[k.value.name] as Expr;
  return mapChildren({ ...t, id: next() }, (c) => instantiate(c, next, replace));
}

/**
 * `cel.bind(v, init, body)`: a comprehension over an empty list whose accumulator `v` starts as `init`, whose loop
 * never runs, and whose result is `body` (`template` is any parsed comprehension, for the node's shape).
 */
function bind(template: Expr, v: string, init: Expr, body: Expr, next: () => bigint): Expr {
  const c = template.exprKind.value as ExprKind<'comprehensionExpr'>;
  const node = (kind: Expr['exprKind']['case'], value: unknown) => withKind({ ...init, id: next() }, kind, value as never);
  return withKind({ ...template, id: next() }, 'comprehensionExpr', {
    ...c,
    iterVar: '#unused',
    iterVar2: '',
    iterRange: node('listExpr', { elements: [], optionalIndices: [] }),
    accuVar: v,
    accuInit: init,
    loopCondition: node('constExpr', { constantKind: { case: 'boolValue', value: false } }),
    loopStep: node('identExpr', { name: v }),
    result: body,
  } as ExprKind<'comprehensionExpr'>);
}

/** Expands `optMap` and `optFlatMap` calls (see the module comment). */
export function expandOptionalMacros(parsed: Parsed): Parsed {
  if (parsed.expr === undefined) return parsed;
  let id = maxId(parsed.expr);
  const next = () => ++id;
  const t = (templates ??= {
    optMap: template('__o.hasValue() ? optional.of(__b) : optional.none()'),
    optFlatMap: template('__o.hasValue() ? __b : optional.none()'),
    bind: template('[].all(__v, false)'),
  });
  const visit = (e: Expr): Expr => {
    const expanded = mapChildren(e, visit);
    const k = expanded.exprKind;
    if (k.case !== 'callExpr' || !MACROS.has(k.value.function) || k.value.target === undefined || k.value.args.length !== 2) return expanded;
    const [variable, body] = k.value.args as [Expr, Expr];
    if (variable.exprKind.case !== 'identExpr') return expanded;
    const target = k.value.target;
    const value = callNode({ ...target, id: next() }, 'value', target, []);
    const bound = bind(t.bind, variable.exprKind.value.name, value, body, next);
    return instantiate(k.value.function === 'optMap' ? t.optMap : t.optFlatMap, next, { __o: target, __b: bound });
  };
  return { ...parsed, expr: visit(parsed.expr) };
}

const isOptional = (t: CelType | undefined): boolean => t?.k === 'opaque' && t.name === 'optional_type';

/** Turns selections and indexes on optionals into optional accesses, by the checker's types (`typeOf`). */
export function optionalChains(parsed: Parsed, typeOf: (e: Expr) => CelType | undefined): Parsed {
  if (parsed.expr === undefined) return parsed;
  const visit = (e: Expr): Expr => {
    const k = e.exprKind;
    if (k.case === 'selectExpr' && k.value.operand !== undefined && isOptional(typeOf(k.value.operand))) {
      const field = withKind(k.value.operand, 'constExpr', { constantKind: { case: 'stringValue', value: k.value.field } } as ExprKind<'constExpr'>);
      const select = callNode(e, OPTIONAL_SELECT, visit(k.value.operand), [field]);
      // has(o.f) on an optional: whether the field is there (none has nothing).
      return k.value.testOnly ? callNode(e, 'hasValue', select, []) : select;
    }
    if (k.case === 'callExpr' && k.value.function === '_[_]' && k.value.target === undefined && isOptional(typeOf(k.value.args[0] as Expr))) {
      const [container, index] = k.value.args as [Expr, Expr];
      return callNode(e, OPTIONAL_INDEX, visit(container), [visit(index)]);
    }
    return mapChildren(e, visit);
  };
  return { ...parsed, expr: visit(parsed.expr) };
}
