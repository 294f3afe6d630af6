/**
 * The simple JSON paths CRDs use for printer columns and scale (`.spec.replicas`,
 * `.status.conditions[0].type`): dotted field names and numeric indexes.
 *
 * @module
 */

/** Splits `.a.b[0].c` into `['a', 'b', 0, 'c']`; undefined when the path is not of that form. */
export function parseSimpleJSONPath(path: string): (string | number)[] | undefined {
  const trimmed = path.startsWith('{') && path.endsWith('}') ? path.slice(1, -1) : path;
  const re = /\.([^.[\]]+)|\[(\d+)\]/gy;
  const out: (string | number)[] = [];
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(trimmed)) !== null) {
    out.push(m[1] !== undefined ? m[1] : Number(m[2]));
    end = re.lastIndex;
  }
  return end === trimmed.length && out.length > 0 ? out : undefined;
}

/** The value at a simple JSON path, or undefined when absent. */
export function valueAtJSONPath(obj: unknown, path: string): unknown {
  return valueAtSegments(obj, parseSimpleJSONPath(path) ?? []);
}

/** The value at already parsed path segments (field names, list indexes), or undefined when absent. */
export function valueAtSegments(obj: unknown, segments: readonly (string | number)[]): unknown {
  let current = obj;
  for (const seg of segments) {
    if (typeof seg === 'number') current = Array.isArray(current) ? current[seg] : undefined;
    else current = typeof current === 'object' && current !== null && !Array.isArray(current) ? (current as Record<string, unknown>)[seg] : undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

/** Sets the value at a dotted path (no indexes), creating objects on the way. */
export function setAtJSONPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const segs = parseSimpleJSONPath(path) ?? [];
  let current: Record<string, unknown> = obj;
  for (const [i, seg] of segs.entries()) {
    const key = String(seg);
    if (i === segs.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
}
