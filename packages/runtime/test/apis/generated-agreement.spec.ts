import { readFileSync } from 'node:fs';
import t from 'tap';
import type { TSchema } from 'typebox';
import * as generated from '../../src/apis/generated/index.js';
import { node, typeNameOf, X_GVK } from '../../src/schema/extensions.js';
import { collectFacts, compareFacts, type Disagreement, type FactsTable } from '../helpers/schema-agreement.js';

// The facts of the hand-written schemas the generated ones replaced (see the fixture's `source`).
const hand = JSON.parse(readFileSync(new URL('../fixtures/hand-written-schema-facts.json', import.meta.url), 'utf8')) as {
  kinds: Record<string, unknown>;
  types: FactsTable;
};

const generatedByName = new Map<string, TSchema>();
for (const ns of Object.values(generated)) {
  if (Array.isArray(ns)) continue;
  for (const v of Object.values(ns as Record<string, unknown>)) {
    const name = typeof v === 'object' && v !== null ? typeNameOf(v as TSchema) : undefined;
    if (name !== undefined) generatedByName.set(name, v as TSchema);
  }
}
const genFacts: FactsTable = {};
for (const s of generatedByName.values()) collectFacts(s, genFacts);

t.ok(generatedByName.size >= 480, `generated schemas: ${generatedByName.size}`);
t.equal(Object.keys(hand.kinds).length, 42, 'hand-written kinds in the fixture');

// Facts corrected to upstream's after the fixture was written: metav1.LabelSelector and metav1.OwnerReference are
// `+structType=atomic` in apimachinery's types.go, so the structs and every field holding one are
// `x-kubernetes-map-type: atomic` (server-side apply owns them whole).
const ATOMIC_SINCE = new Set(['io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector', 'io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference']);

/** The fixture's facts of the field at `path` (`<type>.<field>`, or `<type>.<field>[]` for its items). */
function handFieldAt(path: string): Record<string, unknown> | undefined {
  const items = path.endsWith('[]');
  const bare = items ? path.slice(0, -2) : path;
  const dot = bare.lastIndexOf('.');
  const field = hand.types[bare.slice(0, dot)]?.fields[bare.slice(dot + 1)];
  return items ? (field?.items as Record<string, unknown> | undefined) : field;
}

/** A disagreement that is one of the corrections above. */
function correctedSince(d: Disagreement): boolean {
  if (d.hand !== undefined || d.generated !== 'atomic') return false;
  if (d.what === 'structType') return ATOMIC_SINCE.has(d.path);
  return d.what === 'x-kubernetes-map-type' && ATOMIC_SINCE.has(String(handFieldAt(d.path)?.ref));
}

const all: Disagreement[] = [];
const corrected: Disagreement[] = [];
let fields = 0;
const seen = new Set<string>();
for (const [name, gvk] of Object.entries(hand.kinds)) {
  t.test(name, async (t) => {
    const gen = generatedByName.get(name);
    t.ok(gen, 'generated');
    t.same(gen && node(gen)[X_GVK], gvk, 'group, version and kind');
    const out: Disagreement[] = [];
    const n = compareFacts(name, hand.types, genFacts, out, seen);
    fields += n;
    corrected.push(...out.filter(correctedSince));
    const rest = out.filter((d) => !correctedSince(d));
    all.push(...rest);
    t.same(rest, [], `${n} fields agree`);
  });
}

t.test('the corrections since the fixture are in the generated schemas', async (t) => {
  t.same(new Set(corrected.filter((d) => d.what === 'structType').map((d) => d.path)), ATOMIC_SINCE);
  t.ok(corrected.some((d) => d.path === 'io.k8s.api.apps.v1.DeploymentSpec.selector'), 'a field holding a LabelSelector');
});

t.test('totals', async (t) => {
  t.comment(`${Object.keys(hand.kinds).length} kinds, ${seen.size} types, ${fields} fields compared; ${all.length} disagreements`);
  t.equal(seen.size, Object.keys(hand.types).length, 'every hand-written type compared');
  t.equal(all.length, 0);
});

t.test('a changed fact is a disagreement', async (t) => {
  const changed: FactsTable = structuredClone(genFacts);
  const spec = changed['io.k8s.api.core.v1.PodSpec'];
  if (spec === undefined) throw new Error('no PodSpec facts');
  (spec.fields.containers as Record<string, unknown>).protobuf = 99;
  const out: Disagreement[] = [];
  compareFacts('io.k8s.api.core.v1.Pod', hand.types, changed, out);
  t.same(out.filter((d) => !correctedSince(d)), [{ path: 'io.k8s.api.core.v1.PodSpec.containers', what: 'protobuf', hand: 2, generated: 99 }]);
});
