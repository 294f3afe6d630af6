/**
 * Builds gen-api's model of the generated group versions from the parsed sources: each struct with its
 * fields resolved to shapes (scalar, enum, special, struct reference, list, map), JSON name and omission,
 * protobuf number (from generated.proto, checked against the struct tag), and list/map/patch markers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGoTypes } from './go-source.mjs';
import { EXTERNAL, EXTERNAL_STRINGS, METAV1, packagePathOf } from './inputs.mjs';
import { parseProto } from './proto-source.mjs';
import { parseRegister } from './register-source.mjs';

const BUILTIN = { string: 'string', bool: 'bool', int32: 'int32', int64: 'int64', int: 'int64', float64: 'float64' };
const PROTO_SCALAR = { string: 'string', bool: 'bool', int32: 'int32', int64: 'int64', double: 'float64', bytes: 'bytes' };

/** Reads every group version's three sources under `root`. */
export function readSources(root, groupVersions) {
  const sources = new Map();
  for (const gv of groupVersions) {
    const read = (f) => readFileSync(join(root, gv, f), 'utf8');
    sources.set(gv, { go: parseGoTypes(read('types.go')), proto: parseProto(read('generated.proto')), register: parseRegister(read('register.go')) });
  }
  return sources;
}

function enumValues(src, typeName) {
  return [...new Set(src.go.consts.filter((c) => c.type === typeName).map((c) => c.value))].sort();
}

/** Resolves a Go type expression written in group version `gv` to a shape. */
function resolve(sources, gv, goType) {
  const src = sources.get(gv);
  if (goType.startsWith('*')) return resolve(sources, gv, goType.slice(1));
  if (goType === '[]byte') return { k: 'bytes' };
  if (goType.startsWith('[]')) return { k: 'array', items: resolve(sources, gv, goType.slice(2)) };
  const map = /^map\[([^\]]+)\](.+)$/.exec(goType);
  if (map !== null) {
    const key = resolve(sources, gv, map[1]);
    if (key.k !== 'string') throw new Error(`${gv}: map key ${map[1]} is not a string`);
    return { k: 'map', value: resolve(sources, gv, map[2]) };
  }
  const qualified = /^(\w+)\.(\w+)$/.exec(goType);
  if (qualified !== null) {
    const path = src.go.imports[qualified[1]];
    if (path === undefined) throw new Error(`${gv}: unknown package ${qualified[1]}`);
    const other = [...sources.keys()].find((g) => packagePathOf(g) === path);
    if (other !== undefined) return resolve(sources, other, qualified[2]);
    const ext = EXTERNAL[path]?.[qualified[2]];
    if (ext !== undefined) return { k: 'external', name: qualified[2], expr: ext[0], module: ext[1] };
    if (EXTERNAL_STRINGS[path]?.includes(qualified[2])) return { k: 'string', goType: `${path.slice(path.lastIndexOf('/') + 1)}.${qualified[2]}` };
    throw new Error(`${gv}: no mapping for ${path}.${qualified[2]}`);
  }
  if (BUILTIN[goType] !== undefined) return { k: BUILTIN[goType] };
  const t = src.go.types.get(goType);
  if (t === undefined) throw new Error(`${gv}: unknown type ${goType}`);
  if (t.kind === 'struct') return { k: 'struct', gv, name: goType };
  const under = resolve(sources, gv, t.goType);
  // What Go's reflection calls the named type (`v1.Protocol`): decode errors name it.
  const qualifiedName = `${gv.slice(gv.lastIndexOf('/') + 1)}.${goType}`;
  if (under.k === 'string' && t.markers.enum !== undefined) return { k: 'string', enum: enumValues(src, goType), named: goType, goType: qualifiedName };
  if (under.k === 'array' && src.proto.has(goType)) return { ...under, wrapped: true, goType: qualifiedName };
  if (under.k === 'string') return { k: 'string', named: goType, goType: qualifiedName };
  if (under.k !== 'array' && under.k !== 'map') throw new Error(`${gv}: named type ${goType} of ${under.k} has no schema form`);
  return { ...under, goType: qualifiedName };
}

function leafOf(shape) {
  return shape.k === 'array' && !shape.wrapped && shape.items.k !== 'bytes' ? leafOf(shape.items) : shape;
}

function checkWire(where, shape, protoField) {
  const scalar = PROTO_SCALAR[protoField.type];
  if (scalar === undefined) return;
  const leaf = leafOf(shape);
  const k = leaf.k === 'string' ? 'string' : leaf.k;
  if (k !== scalar) throw new Error(`${where}: Go type resolves to ${k}, generated.proto says ${protoField.type}`);
}

function protoNameOf(f) {
  const m = /name=(\w+)/.exec(f.tags.protobuf ?? '');
  if (m !== null) return m[1];
  return f.goType.replace(/^.*\./, '').replace(/^./, (c) => c.toLowerCase());
}

function protoNumber(where, f, message) {
  const name = protoNameOf(f);
  const pf = message?.get(name);
  if (pf === undefined) throw new Error(`${where}: no field ${name} in generated.proto`);
  const tagged = /^\w+,(\d+),/.exec(f.tags.protobuf ?? '');
  if (tagged !== null && Number(tagged[1]) !== pf.number) throw new Error(`${where}: struct tag says ${tagged[1]}, proto ${pf.number}`);
  return { name, number: pf.number, proto: pf };
}

function one(markers, name) {
  return markers[name]?.[0];
}

function facts(f, jsonName, omit) {
  const m = f.markers;
  const out = { omit };
  const listType = one(m, 'listType');
  if (listType !== undefined) out.listType = listType;
  if (m.listMapKey !== undefined) out.listMapKeys = [...m.listMapKey];
  const patchStrategy = f.tags.patchStrategy ?? one(m, 'patchStrategy');
  if (patchStrategy !== undefined) out.patchStrategy = patchStrategy;
  const patchMergeKey = f.tags.patchMergeKey ?? one(m, 'patchMergeKey');
  if (patchMergeKey !== undefined) out.patchMergeKey = patchMergeKey;
  const mapType = one(m, 'mapType');
  if (mapType !== undefined) out.mapType = mapType;
  if (jsonName === '') throw new Error('empty JSON name');
  return out;
}

function modelField(sources, gv, struct, f, message) {
  const where = `${gv} ${struct.name}.${f.goName ?? f.goType}`;
  const json = f.tags.json ?? '';
  if (json === '-') return undefined;
  const [jsonName, ...opts] = json.split(',');
  const pointer = f.goType.startsWith('*');
  const [pkg, local] = f.goType.split('.');
  if (opts.includes('inline') && local === 'TypeMeta' && sources.get(gv).go.imports[pkg] === METAV1) return { typeMeta: true };
  const shape = resolve(sources, gv, f.goType);
  if (opts.includes('inline')) {
    if (shape.k !== 'struct') throw new Error(`${where}: inline of a non-struct`);
    return { embedded: true, shape, ...protoNumber(where, f, message) };
  }
  const omitempty = opts.includes('omitempty');
  const omit = omitempty ? (pointer ? 'nil' : 'empty') : pointer ? 'null' : 'never';
  const optional = f.markers.required !== undefined ? false : f.markers.optional !== undefined || omitempty;
  const { number, proto } = protoNumber(where, f, message);
  checkWire(where, shape, proto);
  return { json: jsonName || f.goName, goType: f.goType, pointer, shape, optional, number, facts: facts(f, jsonName || f.goName, omit) };
}

/**
 * The model of every group version: Map<gv, { group, version, kinds: Set, structs: [{ name, kind?, fields }],
 * skipped: [names] }>. Structs keep Go declaration order.
 */
export function buildModel(sources) {
  const model = new Map();
  for (const [gv, src] of sources) {
    const version = gv.split('/')[1];
    const kinds = new Set(src.register.kinds);
    const structs = [];
    const skipped = [];
    for (const t of src.go.types.values()) {
      if (t.kind !== 'struct') continue;
      const message = src.proto.get(t.name);
      if (message === undefined) {
        skipped.push(t.name);
        continue;
      }
      const fields = t.fields.map((f) => modelField(sources, gv, t, f, message)).filter((f) => f !== undefined);
      const typeMeta = fields.some((f) => f.typeMeta);
      structs.push({
        name: t.name,
        kind: typeMeta && kinds.has(t.name) ? { group: src.register.group, version, kind: t.name } : undefined,
        typeMeta,
        structType: t.markers.structType?.[0],
        fields: fields.filter((f) => !f.typeMeta),
      });
    }
    model.set(gv, { group: src.register.group, version, kinds, structs, skipped });
  }
  return model;
}
