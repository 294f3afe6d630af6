/**
 * Issue #19's decoding findings: YAML that crashed the process or answered 500, JSON-patch copy bombs, `null`
 * where Go decodes a zero value, unknown fields whose names are not Latin-1, int64 values beyond 2^53, JavaScript
 * prototype keys, and annotations over 256 KiB counted in bytes.
 */
import { call, configMap, configMaps, expectRefused, expectStatus, type Finding, type FindingContext } from './finding.js';
import { MERGE_PATCH, PROTOBUF, YAML } from './hostile-input.js';

const JSON_PATCH = 'application/json-patch+json';
/** Cases that must be refused run dry, so that a wrong success stores nothing and cannot collide with the next. */
const DRY_RUN = '?dryRun=All';

function yamlPost(ctx: FindingContext, body: string) {
  return call(ctx, { method: 'POST', path: configMaps(ctx), body, headers: { 'content-type': YAML } });
}

/** The YAML findings. */
export const YAML_FINDINGS: readonly Finding[] = [
  {
    // Must run first on a fresh process: the second POST crashed it.
    name: 'yaml-2000-nested-flow-mappings-twice',
    async check(ctx) {
      const body = `metadata:\n  name: deep\ndata: ${'{a: '.repeat(2000)}1${'}'.repeat(2000)}\n`;
      const first = await yamlPost(ctx, body);
      const second = await yamlPost(ctx, body);
      return [...expectStatus(first, 400, 'first POST'), ...expectStatus(second, 400, 'second POST')];
    },
  },
  {
    // Seed 304658434: `!!binary ~` spliced before a metadata key.
    name: 'yaml-binary-key-header-crash',
    async check(ctx) {
      const spliced = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: binary-key\n  labels:\n    app: hostile\n  !!binary ~  annotations:\n    note: n\n`;
      const plain = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: binary-key-2\n  !!binary ~: x\n`;
      return [...expectRefused(await yamlPost(ctx, spliced), 'spliced !!binary key', [201]), ...expectRefused(await yamlPost(ctx, plain), '!!binary ~ key', [201])];
    },
  },
];

/** `doublings` copies of a container holding a `size`-byte value, each doubling it (dryRun). */
function copyBomb(size: number, doublings: number): string {
  const ops: object[] = [{ op: 'add', path: '/metadata/annotations', value: { a: 'x'.repeat(size) } }];
  for (let i = 0; i < doublings; i++) ops.push({ op: 'copy', from: '/metadata/annotations', path: `/metadata/annotations/c${i}` });
  return JSON.stringify(ops);
}

/** The JSON-patch copy bombs (heap OOM before the fix). */
export const COPY_FINDINGS: readonly Finding[] = [
  { name: 'json-patch-512k-value-14-doubling-copies', size: 512 * 1024, doublings: 14 },
  { name: 'json-patch-1k-value-24-doubling-copies', size: 1024, doublings: 24 },
].map(({ name, size, doublings }) => ({
  name,
  async check(ctx: FindingContext) {
    const path = `${configMaps(ctx)}/heavy-target?dryRun=All`;
    const answer = await call(ctx, { method: 'PATCH', path, body: copyBomb(size, doublings), headers: { 'content-type': JSON_PATCH } });
    return expectRefused(answer, `${doublings} doubling copies of ${size} B`);
  },
}));

/** GETs `name` as JSON and returns its text (or a problem). */
async function storedText(ctx: FindingContext, name: string): Promise<string> {
  const answer = await call(ctx, { method: 'GET', path: `${configMaps(ctx)}/${name}` });
  return answer.status === 200 ? answer.body : `GET ${name}: ${answer.status}`;
}

/** POSTs a ConfigMap that must be created (201) and stored with `stored` in its JSON text. */
async function createdWith(ctx: FindingContext, name: string, body: string, stored: string): Promise<string[]> {
  const answer = await call(ctx, { method: 'POST', path: configMaps(ctx), body });
  const created = expectStatus(answer, 201, `create ${name}`);
  if (created.length > 0) return created;
  const text = await storedText(ctx, name);
  return text.includes(stored) ? [] : [`${name} stored without ${stored}: …${text.slice(-200)}`];
}

/**
 * An int64 past 2^53 is never stored rounded: either kept exactly (upstream) or refused with a 400 before precision
 * is lost — runtime's documented deviation (`this server holds integers exactly only between …`).
 */
async function exactOrRefused(ctx: FindingContext, name: string, generation: string): Promise<string[]> {
  const answer = await call(ctx, { method: 'POST', path: configMaps(ctx), body: generationBody(name, generation) });
  if (answer.status === 400) {
    return /cannot unmarshal number \d+ into Go struct field ObjectMeta\.metadata\.generation of type int64: this server holds integers exactly/.test(answer.body)
      ? []
      : [`${name}: 400 without the int64 message: ${answer.body.slice(0, 300)}`];
  }
  const created = expectStatus(answer, 201, `create ${name}`);
  if (created.length > 0) return created;
  const text = await storedText(ctx, name);
  return text.includes(`"generation":${generation}`) ? [] : [`${name} stored rounded: …${text.slice(-200)}`];
}

async function protobufReads(ctx: FindingContext, name: string): Promise<string[]> {
  const headers = { accept: PROTOBUF };
  const get = await call(ctx, { method: 'GET', path: `${configMaps(ctx)}/${name}`, headers });
  const list = await call(ctx, { method: 'GET', path: configMaps(ctx), headers });
  return [...expectStatus(get, 200, 'protobuf GET'), ...expectStatus(list, 200, 'protobuf LIST of the namespace')];
}

/** `null` where Go's decoder stores a zero value (the empty string, a zero struct). */
export const NULL_FINDINGS: readonly Finding[] = [
  { name: 'null-label-value', check: (ctx) => createdWith(ctx, 'null-label', configMap('null-label', {}, { labels: { a: null } }), '"labels":{"a":""}') },
  { name: 'null-annotation-value', check: (ctx) => createdWith(ctx, 'null-annotation', configMap('null-annotation', {}, { annotations: { a: null } }), '"annotations":{"a":""}') },
  {
    name: 'null-configmap-data-value-then-protobuf-reads',
    async check(ctx) {
      const created = await createdWith(ctx, 'null-data', configMap('null-data', { data: { a: null } }), '"data":{"a":""}');
      return [...created, ...(await protobufReads(ctx, 'null-data'))];
    },
  },
  {
    // Go decodes [null] to [""], which validation refuses (422).
    name: 'null-finalizer',
    async check(ctx) {
      const body = configMap('null-finalizer', {}, { finalizers: [null] });
      return expectStatus(await call(ctx, { method: 'POST', path: configMaps(ctx, DRY_RUN), body }), 422, 'finalizers [null]');
    },
  },
  {
    name: 'null-owner-reference',
    async check(ctx) {
      const body = configMap('null-owner', {}, { ownerReferences: [null] });
      return expectStatus(await call(ctx, { method: 'POST', path: configMaps(ctx, DRY_RUN), body }), 422, 'ownerReferences [null]');
    },
  },
];

function warningOf(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const w = headers.warning;
  // Header bytes arrive as latin1; a UTF-8 name (as Go writes it) reads back through this.
  return Buffer.from(Array.isArray(w) ? w.join(', ') : (w ?? ''), 'latin1').toString('utf8');
}

async function createdWithWarning(ctx: FindingContext, what: string, body: string): Promise<string[]> {
  const answer = await call(ctx, { method: 'POST', path: configMaps(ctx), body });
  const created = expectStatus(answer, 201, what);
  if (created.length > 0) return created;
  return /unknown field/.test(warningOf(answer.headers)) ? [] : [`${what}: no unknown-field Warning (got ${JSON.stringify(answer.headers.warning)})`];
}

/** Unknown fields named outside Latin-1: created with a Warning (upstream's default `fieldValidation=Warn`). */
export const UNKNOWN_FIELD_FINDINGS: readonly Finding[] = [
  { name: 'unknown-field-named-日本', check: (ctx) => createdWithWarning(ctx, 'field 日本', configMap('unknown-nihon', { 日本: 1 })) },
  { name: 'unknown-field-named-emoji', check: (ctx) => createdWithWarning(ctx, 'field 😀', configMap('unknown-emoji', {}, { '😀': 'x' })) },
  {
    name: 'unknown-field-日本-duplicated',
    check: (ctx) => createdWithWarning(ctx, 'field 日本 twice', `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"unknown-dup"},"日本":1,"日本":2}`),
  },
  {
    name: 'unknown-field-日本-in-merge-patch',
    async check(ctx) {
      const answer = await call(ctx, { method: 'PATCH', path: `${configMaps(ctx)}/heavy-target?dryRun=All`, body: '{"日本":1,"metadata":{"😀":2}}', headers: { 'content-type': MERGE_PATCH } });
      const patched = expectStatus(answer, 200, 'merge patch');
      return patched.length > 0 || /unknown field/.test(warningOf(answer.headers)) ? patched : [`merge patch: no unknown-field Warning (got ${JSON.stringify(answer.headers.warning)})`];
    },
  },
];

function generationBody(name: string, generation: string): string {
  return `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"${name}","generation":${generation}}}`;
}

const PROTOTYPE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

/** int64 beyond 2^53, prototype keys, and the 256 KiB annotation limit in bytes. */
export const VALUE_FINDINGS: readonly Finding[] = [
  { name: 'int64-generation-2^53+1-exact-or-refused', check: (ctx) => exactOrRefused(ctx, 'gen-53', '9007199254740993') },
  { name: 'int64-generation-max-exact-or-refused', check: (ctx) => exactOrRefused(ctx, 'gen-max', '9223372036854775807') },
  ...[
    ['gen-2-63', '9223372036854775808'],
    ['gen-1e30', '1e30'],
  ].map(([name, value]) => ({
    name: `int64-generation-${value}-refused`,
    async check(ctx: FindingContext) {
      const body = generationBody(name as string, value as string);
      return expectStatus(await call(ctx, { method: 'POST', path: configMaps(ctx, DRY_RUN), body }), 400, `generation ${value}`);
    },
  })),
  {
    name: 'strict-refuses-prototype-named-fields',
    async check(ctx) {
      const problems: string[] = [];
      for (const key of PROTOTYPE_KEYS) {
        const top = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto"},"${key}":{}}`;
        const meta = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto","${key}":{}}}`;
        for (const [where, body] of [['top level', top], ['metadata', meta]] as const) {
          const answer = await call(ctx, { method: 'POST', path: configMaps(ctx, `${DRY_RUN}&fieldValidation=Strict`), body });
          problems.push(...expectStatus(answer, 400, `Strict, ${key} at ${where}`));
        }
      }
      return problems;
    },
  },
  { name: 'configmap-data-key-__proto__-round-trips', check: (ctx) => createdWith(ctx, 'proto-key', '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"proto-key"},"data":{"__proto__":"x"}}', '"__proto__":"x"') },
  {
    name: 'annotations-600kb-of-日-refused',
    async check(ctx) {
      const answer = await call(ctx, { method: 'POST', path: configMaps(ctx, DRY_RUN), body: configMap('big-annotations', {}, { annotations: { a: '日'.repeat(200_000) } }) });
      return expectStatus(answer, 422, 'annotations of 600 000 bytes');
    },
  },
];
