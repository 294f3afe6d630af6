import t from 'tap';
import type { TSchema } from 'typebox';
import * as handWritten from '../../src/apis/index.js';
import * as generated from '../../src/apis/generated/index.js';
import { node, typeNameOf, X_GVK } from '../../src/schema/extensions.js';
import { type Agreement, compareStruct } from '../helpers/schema-agreement.js';

function schemasOf(module: Record<string, unknown>): TSchema[] {
  return Object.values(module).filter((v): v is TSchema => typeof v === 'object' && v !== null && typeNameOf(v as TSchema) !== undefined);
}

const generatedByName = new Map<string, TSchema>();
for (const ns of Object.values(generated)) {
  if (Array.isArray(ns)) continue;
  for (const s of schemasOf(ns as Record<string, unknown>)) generatedByName.set(typeNameOf(s) ?? '', s);
}

const handKinds = new Map<string, TSchema>();
for (const s of schemasOf(handWritten)) {
  const name = typeNameOf(s) ?? '';
  if (name.startsWith('io.k8s.api.') && node(s)[X_GVK] !== undefined) handKinds.set(name, s);
}

t.ok(generatedByName.size >= 480, `generated schemas: ${generatedByName.size}`);
t.ok(handKinds.size >= 40, `hand-written kinds: ${handKinds.size}`);

const total: Agreement = { types: 0, fields: 0, disagreements: [] };
const seen = new Set<string>();
for (const [name, hand] of [...handKinds].sort(([a], [b]) => a.localeCompare(b))) {
  t.test(name, async (t) => {
    const gen = generatedByName.get(name);
    if (gen === undefined) {
      t.fail(`no generated schema for ${name}`);
      return;
    }
    t.same(node(gen)[X_GVK], node(hand)[X_GVK], 'group, version and kind');
    const out: Agreement = { types: 0, fields: 0, disagreements: [] };
    compareStruct(hand, gen, out, seen);
    total.types += out.types;
    total.fields += out.fields;
    total.disagreements.push(...out.disagreements);
    t.same(out.disagreements, [], `${out.types} types, ${out.fields} fields agree`);
  });
}

t.test('totals', async (t) => {
  t.comment(`${handKinds.size} kinds, ${total.types} types, ${total.fields} fields compared; ${total.disagreements.length} disagreements`);
  t.equal(total.disagreements.length, 0);
});
