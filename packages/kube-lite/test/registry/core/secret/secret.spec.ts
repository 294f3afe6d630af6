import t from 'tap';
import { newSecretStorage, newSecretStore, SECRET_FIELD_LABELS } from '../../../../src/registry/core/secret/storage.js';
import { normalizeSecret } from '../../../../src/registry/core/secret/strategy.js';
import { jsonObjectError, validateSecret, validateSecretUpdate } from '../../../../src/registry/core/secret/validation.js';
import { causesOf, ctxIn, fieldErrorStrings, memoryGetter, mutated, namesSelectedBy, statusErrorOf, update } from '../core-fixtures.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const secret = (name: string, fields: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, ...fields });

t.test('normalizeSecret merges stringData and defaults the type', async (t) => {
  const s = secret('a', { data: { a: b64('old'), b: b64('keep') }, stringData: { a: 'new', c: 'ç' } });
  normalizeSecret(s);
  t.same(s, secret('a', { data: { a: b64('new'), b: b64('keep'), c: b64('ç') }, type: 'Opaque' }));
  const plain = secret('b', { type: 'kubernetes.io/tls' });
  normalizeSecret(plain);
  t.same(plain, secret('b', { type: 'kubernetes.io/tls' }));
  const emptyType = secret('c', { type: '', stringData: {} });
  normalizeSecret(emptyType);
  t.same(emptyType, secret('c', { type: 'Opaque' }));
});

t.test('jsonObjectError follows json.Unmarshal into a map', async (t) => {
  t.equal(jsonObjectError(Buffer.from('{"auths":{}}')), undefined);
  t.equal(jsonObjectError(Buffer.from('null')), undefined);
  t.equal(jsonObjectError(Buffer.from('  ')), 'unexpected end of JSON input');
  t.equal(jsonObjectError(Buffer.from('[1]')), 'json: cannot unmarshal array into Go value of type map[string]interface {}');
  t.equal(jsonObjectError(Buffer.from('"x"')), 'json: cannot unmarshal string into Go value of type map[string]interface {}');
  t.equal(jsonObjectError(Buffer.from('true')), 'json: cannot unmarshal bool into Go value of type map[string]interface {}');
  t.match(jsonObjectError(Buffer.from('{')), /^invalid JSON: /);
});

t.test('validateSecret: type-specific rules', async (t) => {
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['opaque', { type: 'Opaque', data: { a: b64('x') } }, []],
    ['custom type', { type: 'example.com/thing' }, []],
    ['bad key', { type: 'Opaque', data: { 'a b': b64('x') } }, ['data[a b]: Invalid value: "a b": a valid config key']],
    ['sa token', { type: 'kubernetes.io/service-account-token' }, ['metadata.annotations[kubernetes.io/service-account.name]: Required value']],
    ['dockercfg missing', { type: 'kubernetes.io/dockercfg' }, ['data[.dockercfg]: Required value']],
    ['dockercfg bad', { type: 'kubernetes.io/dockercfg', data: { '.dockercfg': b64('[]') } }, ['data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal array']],
    ['dockerconfigjson ok', { type: 'kubernetes.io/dockerconfigjson', data: { '.dockerconfigjson': b64('{"auths":{}}') } }, []],
    ['dockerconfigjson missing', { type: 'kubernetes.io/dockerconfigjson' }, ['data[.dockerconfigjson]: Required value']],
    ['basic-auth none', { type: 'kubernetes.io/basic-auth' }, ['data[username]: Required value', 'data[password]: Required value']],
    ['basic-auth password only', { type: 'kubernetes.io/basic-auth', data: { password: '' } }, []],
    ['ssh-auth empty', { type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': '' } }, ['data[ssh-privatekey]: Required value']],
    ['ssh-auth ok', { type: 'kubernetes.io/ssh-auth', data: { 'ssh-privatekey': b64('k') } }, []],
    ['tls missing key', { type: 'kubernetes.io/tls', data: { 'tls.crt': b64('c') } }, ['data[tls.key]: Required value']],
    ['tls none', { type: 'kubernetes.io/tls' }, ['data[tls.crt]: Required value', 'data[tls.key]: Required value']],
  ];
  for (const [name, fields, want] of cases) {
    const got = fieldErrorStrings(validateSecret(secret('s', fields)));
    t.equal(got.length, want.length, name);
    for (const [i, w] of want.entries()) t.ok(got[i]?.startsWith(w), `${name}: ${got[i]}`);
  }
  const sa = secret('s', { type: 'kubernetes.io/service-account-token' });
  sa.metadata = { name: 's', annotations: { 'kubernetes.io/service-account.name': 'default' } } as typeof sa.metadata;
  t.same(validateSecret(sa), []);
  const huge = Buffer.alloc(1024 * 1024 + 1).toString('base64');
  t.match(fieldErrorStrings(validateSecret(secret('s', { data: { a: huge } }))), [/^data: Too long/]);
  t.same(fieldErrorStrings(validateSecretUpdate(secret('s', { type: 'A' }), secret('s', { type: 'B' }))), ['type: Invalid value: "A": field is immutable']);
});

t.test('secrets Store: printer, stringData, immutable, type field selector', async (t) => {
  const getter = memoryGetter(t);
  t.same(Object.keys(newSecretStorage(getter)), ['secrets']);
  const store = newSecretStore(getter, { now: () => Date.parse('2026-01-01T00:05:00Z') });
  t.same(store.shortNames(), []);
  t.equal(store.getSingularName(), 'secret');
  t.same(SECRET_FIELD_LABELS, ['type']);
  const ctx = ctxIn('ns1');
  const s1 = await store.create(ctx, secret('s1', { stringData: { user: 'me' } }));
  t.same(s1.data, { user: b64('me') });
  t.equal(s1.type, 'Opaque');
  t.equal(s1.stringData, undefined);
  await store.create(ctx, secret('tls', { type: 'kubernetes.io/tls', data: { 'tls.crt': b64('c'), 'tls.key': b64('k') } }));
  t.same(await namesSelectedBy(store, 'ns1', 'type=Opaque'), ['s1']);
  t.same(await namesSelectedBy(store, 'ns1', 'type!=Opaque'), ['tls']);
  t.same(await namesSelectedBy(store, 'ns1', 'metadata.name=tls'), ['tls']);

  const table = await store.convertToTable(ctx, { ...s1, metadata: { ...s1.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Type', 'Data', 'Age']);
  t.same(table.rows[0]?.cells, ['s1', 'Opaque', 1, '5m']);

  const changedType = await statusErrorOf(t, update(store, ctx, 's1', mutated((o) => { o.type = 'kubernetes.io/basic-auth'; })));
  t.same(causesOf(changedType), [
    'type: Invalid value: "kubernetes.io/basic-auth": field is immutable',
    'data[username]: Required value',
    'data[password]: Required value',
  ]);
  const merged = await update(store, ctx, 's1', mutated((o) => { o.stringData = { pass: 'pw' }; }));
  t.same(merged.data, { user: b64('me'), pass: b64('pw') });
  await update(store, ctx, 's1', mutated((o) => { o.immutable = true; }));
  const frozen = await statusErrorOf(t, update(store, ctx, 's1', mutated((o) => { o.stringData = { x: 'y' }; })));
  t.same(causesOf(frozen), ['data: Forbidden: field is immutable when `immutable` is set']);
  const invalid = await statusErrorOf(t, store.create(ctx, secret('bad', { type: 'kubernetes.io/ssh-auth' })));
  t.equal(invalid.status.code, 422);
  t.match(invalid.message, /^Secret "bad" is invalid: data\[ssh-privatekey\]: Required value/);
});
