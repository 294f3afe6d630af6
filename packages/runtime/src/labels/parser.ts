/**
 * The label-selector parser (`labels.Parser`), a recursive descent over the lexer's tokens
 * with upstream's error texts.
 *
 * @module
 */
import { aggregateMessage } from '../validation/field/errors.js';
import { compareCodePoints } from './byte-order.js';
import { Lexer, type ScannedItem, type TokenKind } from './lexer.js';
import { Requirement, type SelectionOperatorValue, validateLabelKey, validateRequirement } from './requirement.js';

/** A selector syntax or validation error; callers turn it into a BadRequest. */
export class SelectorParseError extends Error {
  /** Creates the error with upstream's message. */
  constructor(message: string) {
    super(message);
    this.name = 'SelectorParseError';
  }
}

type Context = 'keyAndOperator' | 'values';

const OPERATOR_TOKENS: Partial<Record<TokenKind, SelectionOperatorValue>> = {
  in: 'in',
  '=': '=',
  '==': '==',
  '>': 'gt',
  '<': 'lt',
  notin: 'notin',
  '!=': '!=',
};

const EOS: ScannedItem = { tok: 'eos', literal: '' };
const fail = (message: string): never => {
  throw new SelectorParseError(message);
};

class Parser {
  readonly #items: ScannedItem[] = [];
  #position = 0;

  constructor(selector: string) {
    const lexer = new Lexer(selector);
    for (;;) {
      const item = lexer.lex();
      this.#items.push(item);
      if (item.tok === 'eos') break;
    }
  }

  #at(i: number, context: Context): ScannedItem {
    const item = this.#items[i] ?? EOS;
    if (context === 'values' && (item.tok === 'in' || item.tok === 'notin')) return { tok: 'identifier', literal: item.literal };
    return item;
  }

  lookahead(context: Context): ScannedItem {
    return this.#at(this.#position, context);
  }

  consume(context: Context): ScannedItem {
    return this.#at(this.#position++, context);
  }

  parse(): Requirement[] {
    const requirements: Requirement[] = [];
    for (;;) {
      const { tok, literal } = this.lookahead('values');
      if (tok === 'eos') return requirements;
      if (tok !== 'identifier' && tok !== '!') fail(`found '${literal}', expected: !, identifier, or 'end of string'`);
      try {
        requirements.push(this.parseRequirement());
      } catch (e) {
        if (e instanceof SelectorParseError) fail(`unable to parse requirement: ${e.message}`);
        throw e;
      }
      const t = this.consume('values');
      if (t.tok === 'eos') return requirements;
      if (t.tok !== ',') fail(`found '${t.literal}', expected: ',' or 'end of string'`);
      const t2 = this.lookahead('values');
      if (t2.tok !== 'identifier' && t2.tok !== '!') fail(`found '${t2.literal}', expected: identifier after ','`);
    }
  }

  parseRequirement(): Requirement {
    const [key, inferred] = this.parseKeyAndInferOperator();
    if (inferred !== undefined) return build(key, inferred, []);
    const op = this.parseOperator();
    const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
    return build(key, op, [...values].sort(compareCodePoints));
  }

  parseKeyAndInferOperator(): [string, SelectionOperatorValue | undefined] {
    let operator: SelectionOperatorValue | undefined;
    let item = this.consume('values');
    if (item.tok === '!') {
      operator = '!';
      item = this.consume('values');
    }
    if (item.tok !== 'identifier') fail(`found '${item.literal}', expected: identifier`);
    const keyErr = validateLabelKey(item.literal, undefined);
    if (keyErr) fail(keyErr.toString());
    const next = this.lookahead('values').tok;
    if ((next === 'eos' || next === ',') && operator === undefined) operator = 'exists';
    return [item.literal, operator];
  }

  parseOperator(): SelectionOperatorValue {
    const { tok, literal } = this.consume('keyAndOperator');
    return OPERATOR_TOKENS[tok] ?? fail(`found '${literal}', expected: in, notin, =, ==, !=, gt, lt`);
  }

  parseValues(): Set<string> {
    const open = this.consume('values');
    if (open.tok !== '(') fail(`found '${open.literal}' expected: '('`);
    const { tok, literal } = this.lookahead('values');
    if (tok === ')') {
      this.consume('values');
      return new Set(['']);
    }
    if (tok !== 'identifier' && tok !== ',') fail(`found '${literal}', expected: ',', ')' or identifier`);
    const set = this.parseIdentifiersList();
    if (this.consume('values').tok !== ')') fail(`found '${literal}', expected: ')'`);
    return set;
  }

  parseIdentifiersList(): Set<string> {
    const set = new Set<string>();
    for (;;) {
      const { tok, literal } = this.consume('values');
      if (tok === 'identifier') {
        set.add(literal);
        const next = this.lookahead('values');
        if (next.tok === ')') return set;
        if (next.tok !== ',') fail(`found '${next.literal}', expected: ',' or ')'`);
        continue;
      }
      if (tok !== ',') fail(`found '${literal}', expected: ',', or identifier`);
      if (set.size === 0) set.add('');
      const next = this.lookahead('values').tok;
      if (next === ')') {
        set.add('');
        return set;
      }
      if (next === ',') {
        this.consume('values');
        set.add('');
      }
    }
  }

  parseExactValue(): Set<string> {
    const ahead = this.lookahead('values').tok;
    if (ahead === 'eos' || ahead === ',') return new Set(['']);
    const { tok, literal } = this.consume('values');
    if (tok !== 'identifier') fail(`found '${literal}', expected: identifier`);
    return new Set([literal]);
  }
}

function build(key: string, op: SelectionOperatorValue, values: readonly string[]): Requirement {
  const errs = validateRequirement(key, op, values);
  const message = aggregateMessage(errs);
  if (message !== undefined) fail(message);
  return new Requirement(key, op, values);
}

/** Parses a label selector into requirements sorted by key; throws {@link SelectorParseError}. */
export function parseRequirements(selector: string): Requirement[] {
  return parseRequirementsInOrder(selector).sort((a, b) => compareCodePoints(a.key, b.key));
}

/** Parses a label selector into requirements in the order written; throws {@link SelectorParseError}. */
export function parseRequirementsInOrder(selector: string): Requirement[] {
  return new Parser(selector).parse();
}
