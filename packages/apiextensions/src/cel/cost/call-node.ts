/**
 * What a call's cost estimate may look at (cel-go's `checker.AstNode` and the coster it runs in):
 * the type, field path and computed size of the target and each argument, and the size of
 * anything reached by path.
 *
 * @module
 */
import type { Range } from './estimate.js';
import type { ExprType } from './expr-type.js';

/** An argument or target of a call (`checker.AstNode`). */
export interface CallNode {
  readonly type: ExprType;
  /** The field path from a variable (`['self', 'spec', '@items']`), when the node has one. */
  readonly path: readonly string[] | undefined;
  /** `ComputedSize()`: the size known from the expression or the schema; `'unsure'` when our typing cannot tell. */
  readonly size: Range | undefined | 'unsure';
  /** The constant, when the node is a literal. */
  readonly constant?: unknown;
  /** The entry sizes of a literal list or map (or a value built from them). */
  readonly entry?: EntrySize;
}

/** `entrySizeEstimate`: the sizes of a container's keys (indices) and values. */
export interface EntrySize {
  readonly container: 'list' | 'map';
  readonly key: Range;
  readonly val: Range;
}

/** A call's estimate (`checker.CallEstimate`). */
export interface CallEstimate {
  readonly cost: Range;
  readonly resultSize?: Range;
  /** The result's entry sizes (list concatenation, conditionals). */
  readonly entry?: EntrySize;
}

/** The estimator's services to call estimates. */
export interface CallContext {
  /** The schema-declared size at a path (the size estimator), if any. */
  estimateSize(path: readonly string[] | undefined): Range | undefined;
  /** Records that the estimate depends on something our typing cannot tell. */
  unsure(reason: string): void;
}
