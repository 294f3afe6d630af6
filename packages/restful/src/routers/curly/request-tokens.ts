import { isTrimRightSlashEnabled } from '../../path/trim-right-slash.js';

/**
 * A request path split into tokens as go-restful's `tokenizePath` splits it, but kept
 * as offsets into the path: matching compares text in place and slices strings only
 * for parameter values. Splitting into strings cost more than the rest of a selection.
 */
export class RequestTokens {
  /** The path the offsets point into. */
  path = '';
  /** The number of tokens. */
  count = 0;
  /** Token i spans [bounds[2i], bounds[2i+1]). */
  bounds = new Int32Array(64);

  /** Tokenizes `path` (leading slashes dropped, trailing ones too with TrimRightSlashEnabled; `/` has no token). */
  scan(path: string): this {
    this.path = path;
    this.count = 0;
    if (path === '/') return this;
    // A path of n characters has at most n + 1 tokens (empty segments count): size the
    // buffer once, so the loop below stores without bounds checks or calls.
    if (2 * (path.length + 1) > this.bounds.length) this.bounds = new Int32Array(2 * (path.length + 1));
    const bounds = this.bounds;
    let start = 0;
    let end = path.length;
    while (start < end && path.charCodeAt(start) === 47) start++;
    if (isTrimRightSlashEnabled()) while (end > start && path.charCodeAt(end - 1) === 47) end--;
    let at = 0;
    let from = start;
    let slash = path.indexOf('/', from);
    while (slash !== -1 && slash < end) {
      bounds[at++] = from;
      bounds[at++] = slash;
      from = slash + 1;
      slash = path.indexOf('/', from);
    }
    bounds[at++] = from;
    bounds[at++] = end;
    this.count = at >> 1;
    return this;
  }

  /** Token i as a string. */
  token(i: number): string {
    return this.path.slice(this.bounds[2 * i] ?? 0, this.bounds[2 * i + 1] ?? 0);
  }

  /** Whether token i equals `text`, compared in place. */
  equals(i: number, text: string): boolean {
    const start = this.bounds[2 * i] ?? 0;
    return (this.bounds[2 * i + 1] ?? 0) - start === text.length && this.path.startsWith(text, start);
  }

  /** Whether token i ends with `:verb` (go-restful's `:verb$` test), compared in place. */
  endsWithVerb(i: number, verb: string): boolean {
    const end = this.bounds[2 * i + 1] ?? 0;
    const colon = end - verb.length - 1;
    return colon >= (this.bounds[2 * i] ?? 0) && this.path.charCodeAt(colon) === 58 && this.path.startsWith(verb, colon + 1);
  }

  /** The text from token i to the end, joined by `/` (go-restful's `untokenizePath`). */
  rest(i: number): string {
    return this.path.slice(this.bounds[2 * i] ?? 0, this.bounds[2 * this.count - 1] ?? 0);
  }

  /** The tokens as strings (for the reference algorithms and tests). */
  toArray(): string[] {
    const tokens: string[] = [];
    for (let i = 0; i < this.count; i++) tokens.push(this.token(i));
    return tokens;
  }
}
