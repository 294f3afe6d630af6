/**
 * A reader of Kubernetes' gofmt-formatted `types.go` files: struct types with their fields (Go type, struct
 * tags, comment markers), named non-struct types (with their `+enum` marker) and typed string constants.
 * It reads only the shapes those files use; anything else it cannot place is an error, never skipped silently.
 */

/** Drops `/* ... *\/` comments that begin a line (not `/*` inside `//` comments), keeping the line count. */
function stripBlockComments(text) {
  return text.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, (m) => m.replace(/[^\n]/g, ''));
}

/** Parses a Go struct tag (the text between back quotes) into key -> value. */
export function parseTag(tag) {
  const out = {};
  for (const m of tag.matchAll(/(\w+):"([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

/** `+name=value` and `+name` markers of comment lines, as name -> list of values. */
export function markersOf(comments) {
  const out = {};
  for (const line of comments) {
    const m = /^\+([\w:.-]+)(?:=(.*))?$/.exec(line.trim());
    if (m === null) continue;
    (out[m[1]] ??= []).push(m[2] === undefined ? '' : m[2].trim());
  }
  return out;
}

function parseImports(lines) {
  const imports = {};
  let inBlock = false;
  for (const line of lines) {
    if (/^import \($/.test(line)) inBlock = true;
    else if (inBlock && line === ')') break;
    const m = /^\s*(?:import\s+)?(\w+)?\s*"([^"]+)"$/.exec(line);
    if (m !== null && (inBlock || line.startsWith('import'))) imports[m[1] ?? m[2].split('/').at(-1)] = m[2];
  }
  return imports;
}

const FIELD = /^\t(?:(\w+)\s+)?([^\s`]+)\s*(?:`([^`]*)`)?\s*(?:\/\/.*)?$/;

function parseStruct(name, lines, start, comments) {
  const fields = [];
  let pending = [];
  let i = start;
  for (; lines[i] !== '}'; i++) {
    const line = lines[i];
    if (line === undefined) throw new Error(`struct ${name}: no closing brace`);
    const trimmed = line.trim();
    if (trimmed === '') pending = [];
    else if (trimmed.startsWith('//')) pending.push(trimmed.slice(2).trim());
    else {
      const m = FIELD.exec(line);
      if (m === null || trimmed.includes('struct {')) throw new Error(`struct ${name}: cannot read field line ${i + 1}: ${line}`);
      fields.push({ goName: m[1], goType: m[2], tags: parseTag(m[3] ?? ''), markers: markersOf(pending), line: i + 1 });
      pending = [];
    }
  }
  return { type: { kind: 'struct', name, fields, markers: markersOf(comments) }, end: i };
}

function parseConsts(lines, i, consts) {
  const single = /^const (\w+) (\w+) = "([^"]*)"/.exec(lines[i]);
  if (single !== null) {
    consts.push({ name: single[1], type: single[2], value: single[3] });
    return i;
  }
  if (lines[i] !== 'const (') return i;
  for (i++; lines[i] !== ')'; i++) {
    const m = /^\t(\w+)\s+(\w+)\s*=\s*"([^"]*)"/.exec(lines[i]);
    if (m !== null) consts.push({ name: m[1], type: m[2], value: m[3] });
  }
  return i;
}

/**
 * Reads one `types.go`: `{ imports, types: Map<name, struct|named>, consts }`. A struct is
 * `{ kind: 'struct', name, fields: [{ goName, goType, tags, markers }], markers }`; a named type is
 * `{ kind: 'named', name, goType, markers }`.
 */
export function parseGoTypes(text) {
  const lines = stripBlockComments(text).split('\n');
  const types = new Map();
  const consts = [];
  let comments = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('//')) {
      comments.push(line.slice(2).trim());
      continue;
    }
    const struct = /^type (\w+) struct \{$/.exec(line);
    const named = /^type (\w+) (?:= )?([^\s{]+)$/.exec(line);
    if (struct !== null) {
      const { type, end } = parseStruct(struct[1], lines, i + 1, comments);
      types.set(type.name, type);
      i = end;
    } else if (/^type \w+ struct \{\}$/.test(line)) {
      const name = /^type (\w+)/.exec(line)[1];
      types.set(name, { kind: 'struct', name, fields: [], markers: markersOf(comments) });
    } else if (named !== null) {
      types.set(named[1], { kind: 'named', name: named[1], goType: named[2], markers: markersOf(comments) });
    } else if (line.startsWith('const ')) {
      i = parseConsts(lines, i, consts);
    } else if (line.startsWith('type ')) {
      throw new Error(`cannot read type declaration line ${i + 1}: ${line}`);
    }
    comments = [];
  }
  return { imports: parseImports(lines), types, consts };
}
