/**
 * Generated hostile request bodies (fast-check, seeded): broken JSON, YAML and protobuf, a wrong JSON type at
 * every path of every template (the "field kinds"), and random or malformed patches of every patch type.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { ABSENT, FIXTURE_NAMESPACE, type HostileInput, PROTOBUF, YAML } from './hostile-input.js';
import { CONFIG_MAP, itemPath, type JsonValue, jsonPaths, jsonType, nameOf, replaceAt, TEMPLATES, valueAt } from './templates.js';

function post(body: string | Buffer, contentType: string, category: string): HostileInput {
  return { category, probe: { method: 'POST', path: CONFIG_MAP.collection(ABSENT), body, headers: { 'content-type': contentType } } };
}

/** Truncated and random JSON, YAML with junk spliced in, random protobuf payloads and broken `k8s\0` envelopes. */
export function brokenBodies(seed: number, runs: number): HostileInput[] {
  const json = JSON.stringify(CONFIG_MAP.object);
  const yaml = stringify(CONFIG_MAP.object);
  const truncatedJSON = fc.integer({ min: 0, max: json.length - 1 }).map((n) => post(json.slice(0, n), 'application/json', 'broken JSON'));
  const garbageJSON = fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => post(Buffer.from(b), 'application/json', 'broken JSON'));
  const brokenYAML = fc
    .tuple(fc.integer({ min: 0, max: yaml.length - 1 }), fc.constantFrom('[', '{', ': :', '\t', '&a *b', '- ', '"', '!!binary ~'))
    .map(([n, junk]) => post(`${yaml.slice(0, n)}${junk}${yaml.slice(n)}`, YAML, 'broken YAML'));
  const protobuf = fc.uint8Array({ minLength: 0, maxLength: 300 }).map((b) => post(Buffer.concat([Buffer.from('k8s\0'), b]), PROTOBUF, 'broken protobuf'));
  const envelope = fc
    .constantFrom('', 'k', 'k8', 'k8s', 'k8t\0', '{"kind":"ConfigMap"}', 'K8S\0')
    .map((prefix) => post(Buffer.from(prefix), PROTOBUF, 'broken protobuf'));
  return fc.sample(fc.oneof(truncatedJSON, garbageJSON, brokenYAML, protobuf, envelope), { seed, numRuns: runs });
}

const wrongValues: readonly JsonValue[] = ['x', 7, -1.5, true, {}, [], [1, 'a'], { a: { b: 1 } }, null];

/** Each template with one value (at any path) replaced by a value of another JSON type. */
export function wrongTypes(seed: number, runs: number): HostileInput[] {
  const cases = TEMPLATES.flatMap((template) =>
    jsonPaths(template.object).flatMap((path) =>
      wrongValues.filter((v) => jsonType(v) !== jsonType(valueAt(template.object, path))).map((v) => ({ template, path, v })),
    ),
  );
  const arb = fc.constantFrom(...cases).map(
    ({ template, path, v }): HostileInput => ({
      category: 'wrong JSON type',
      probe: { method: 'POST', path: template.collection(ABSENT), body: JSON.stringify(replaceAt(template.object, path, v)) },
    }),
  );
  return fc.sample(arb, { seed: seed + 1, numRuns: runs });
}

const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

/** Random JSON patches, random JSON as any patch type, and malformed strategic-merge directives, all `dryRun=All`. */
export function patches(seed: number, runs: number): HostileInput[] {
  const op = fc.record(
    {
      op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test', 'bogus', ''),
      path: fc.constantFrom('/metadata/name', '/metadata/labels/x', '/spec', '/data/key', '/~2', '/a/b/c', '', '/metadata/resourceVersion', '/kind', '/apiVersion', '/metadata/labels/-'),
      from: fc.constantFrom('/data', '/metadata', '/nope'),
      value: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: ['op'] },
  );
  const body = fc.oneof(
    fc.array(op, { maxLength: 4 }).map((ops) => JSON.stringify(ops)),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.constantFrom('{"$patch":"bogus"}', '{"metadata":{"$patch":"delete"}}', '{"spec":{"$setElementOrder/containers":5}}', '{"$retainKeys":"x"}', '{"data":{"$patch":"replace","key":5}}', '{', 'null', '[', 'x'),
  );
  const arb = fc.tuple(body, fc.constantFrom(...PATCH_TYPES), fc.constantFrom(...TEMPLATES)).map(
    ([text, type, template]): HostileInput => ({
      category: 'bad patch',
      probe: { method: 'PATCH', path: `${itemPath(template, FIXTURE_NAMESPACE, nameOf(template))}?dryRun=All`, body: text, headers: { 'content-type': type } },
      // A random patch is sometimes valid: under dryRun=All it answers 200 and stores nothing.
      alsoAllowed: [200],
    }),
  );
  return fc.sample(arb, { seed: seed + 6, numRuns: runs });
}
