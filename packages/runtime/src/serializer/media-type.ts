/** Accept and Content-Type header parsing (the goautoneg rules kube-apiserver uses). */

/** One clause of an Accept header. */
export interface AcceptClause {
  /** Type, e.g. `application` or `*`. */
  readonly type: string;
  /** Subtype, e.g. `json` or `*`. */
  readonly subType: string;
  /** Quality, 0..1 (default 1). */
  readonly q: number;
  /** Parameters other than `q`, keys lower-cased. */
  readonly params: Readonly<Record<string, string>>;
}

function parseParams(parts: readonly string[]): { q: number; params: Record<string, string> } {
  let q = 1;
  const params: Record<string, string> = {};
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (key === '') continue;
    if (key === 'q') {
      const n = Number.parseFloat(value);
      q = Number.isNaN(n) ? 0 : n;
    } else params[key] = value;
  }
  return { q, params };
}

/** Parses an Accept header into clauses sorted by q, then specific types before wildcards (stable). */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const raw of header.split(',')) {
    const [mime = '', ...rest] = raw.split(';');
    const trimmed = mime.trim();
    if (trimmed === '') continue;
    const slash = trimmed.indexOf('/');
    const type = slash < 0 ? trimmed : trimmed.slice(0, slash);
    const subType = slash < 0 ? '*' : trimmed.slice(slash + 1);
    if (slash < 0 && trimmed !== '*') continue;
    const { q, params } = parseParams(rest);
    clauses.push({ type: type.trim().toLowerCase(), subType: subType.trim().toLowerCase(), q, params });
  }
  const rank = (c: AcceptClause) => (c.type === '*' ? 2 : c.subType === '*' ? 1 : 0);
  return clauses
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.q - a.c.q || rank(a.c) - rank(b.c) || a.i - b.i)
    .map((x) => x.c);
}

/** A parsed Content-Type: lower-cased `type/subtype` plus parameters. */
export interface ParsedMediaType {
  /** `type/subtype`, lower-cased. */
  readonly mediaType: string;
  /** Parameters, keys lower-cased. */
  readonly params: Readonly<Record<string, string>>;
}

/** Parses a Content-Type header; returns undefined when it has no `type/subtype`. */
export function parseMediaType(header: string): ParsedMediaType | undefined {
  const [mime = '', ...rest] = header.split(';');
  const mediaType = mime.trim().toLowerCase();
  const slash = mediaType.indexOf('/');
  if (slash <= 0 || slash === mediaType.length - 1) return undefined;
  return { mediaType, params: parseParams(rest).params };
}
