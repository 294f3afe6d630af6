/**
 * Reading the first YAML document of a text, bounded: the `yaml` library's lexer, parser and composer driven
 * token by token, so that
 * - nesting is limited before anything recursive sees it: the parser's stack of open collections is checked
 *   after every lexer token (yaml.v2 checks its scanner's flow levels and indents the same way), and its
 *   parser and composer recurse per level, so a document nested deeper than the limit costs one linear pass
 *   and a `yaml: exceeded max depth of N`, never the stack;
 * - only the first document is read, as yaml.v2's `Unmarshal` does: lexing stops where it ends;
 * - key uniqueness is not checked by the library (its check is quadratic in the size of a mapping): the
 *   conversion to JSON detects duplicates with a Set (see yaml-to-json.ts).
 */
import { Composer, type Document, Lexer, LineCounter, Parser, type Tags } from 'yaml';
import { MAX_NESTING_DEPTH } from './nesting-depth.js';

/** A YAML text Go's yaml.v2 would refuse; the message is Go's (`yaml: …`). */
export class YAMLToJSONError extends Error {
  /** Creates the error with Go's message. */
  constructor(message: string) {
    super(message);
    this.name = 'YAMLToJSONError';
  }
}

/**
 * The message for a document nested past `max` levels: yaml.v2's text (which also names the line when it is
 * not the first: `yaml: line 3: exceeded max depth of 10000`), kept without the line like the JSON one.
 */
export function depthMessage(max: number): string {
  return `yaml: exceeded max depth of ${max}`;
}

/**
 * Tags of the library's YAML 1.1 schema that yaml.v2 does not resolve into `interface{}` values the same way:
 * `!!binary` is decoded by the conversion (Go's strict base64), `!!timestamp` stays a string (yaml.v2 keeps the
 * text for backward compatibility), `<<` merges are applied by the conversion, and `!!set`, `!!omap`, `!!pairs`
 * are ordinary mappings and sequences to Go.
 */
const GO_UNRESOLVED_TAGS = /:(binary|timestamp|merge|set|omap|pairs)$/;

function goTags(tags: Tags): Tags {
  return tags.filter((t) => typeof t === 'string' || !GO_UNRESOLVED_TAGS.test(t.tag));
}

/** The first document of a YAML text and the line counter of its positions. */
export interface FirstDocument {
  /** The composed document (its `errors` hold the syntax errors). */
  readonly doc: Document.Parsed;
  /** Line numbers of offsets, for Go's `line N:` messages. */
  readonly lines: LineCounter;
}

/** Reads the first document of `text` as YAML 1.1; throws YAMLToJSONError when it nests deeper than `max`. */
export function readFirstDocument(text: string, max = MAX_NESTING_DEPTH): FirstDocument {
  const lines = new LineCounter();
  const parser = new Parser(lines.addNewLine);
  const composer = new Composer({ version: '1.1', uniqueKeys: false, merge: false, prettyErrors: false, customTags: goTags });
  lines.addNewLine(0);
  /** Composes one parser token; false once the first document is complete (the parser yields it at its end). */
  const feed = (token: Parameters<Composer['next']>[0]): boolean => {
    // Documents are yielded when the next one starts, which is never fed: this only composes.
    const steps = composer.next(token);
    while (steps.next().done !== true);
    return token.type !== 'document';
  };
  // Open collections on the parser's stack, besides the document and the scalar being read.
  const limit = max + 2;
  let more = true;
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) more &&= feed(token);
    if (!more) break;
    if (parser.stack.length > limit) throw new YAMLToJSONError(depthMessage(max));
  }
  if (more) for (const token of parser.end()) if (!feed(token)) break;
  let doc: Document.Parsed | undefined;
  for (const d of composer.end(true, text.length)) doc ??= d;
  if (doc === undefined) throw new YAMLToJSONError('yaml: unknown problem parsing YAML content');
  return { doc, lines };
}
