/**
 * fast-check arbitraries of the property-based hostile suite (issue #19): requests over content types (JSON, YAML,
 * protobuf, the four patch types) × verbs × resources (the built-in templates and a custom resource) × query
 * parameters and headers. Every write is `dryRun=All`, so no generated request can change stored data.
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { FIXTURE_NAMESPACE, MERGE_PATCH, PROTOBUF, YAML } from './hostile-input.js';
import type { Probe } from './http-probe.js';
import { itemPath, type JsonValue, jsonPaths, nameOf, replaceAt, type Template, TEMPLATES } from './templates.js';

/** The CRD the property suite creates: group hostile.example.com, kind Widget, a typed spec and a free-form part. */
export const WIDGET_CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.hostile.example.com' },
  spec: {
    group: 'hostile.example.com',
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  size: { type: 'integer', format: 'int64' },
                  color: { type: 'string', maxLength: 64 },
                  tags: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
                  ports: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, port: { type: 'integer' } } }, 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['name'] },
                  extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                },
              },
            },
          },
        },
      },
    ],
  },
};

/** A Widget custom resource. */
export const WIDGET: Template = {
  kind: 'Widget',
  collection: (ns) => `/apis/hostile.example.com/v1/namespaces/${ns}/widgets`,
  object: {
    apiVersion: 'hostile.example.com/v1',
    kind: 'Widget',
    metadata: { name: 'widget-fixture', labels: { app: 'hostile' } },
    spec: { size: 3, color: 'blue', tags: ['a', 'b'], ports: [{ name: 'http', port: 80 }], extra: { free: { form: [1, 'x'] } } },
  },
};

/** The resources of the property suite: built-ins and the custom resource. */
export const RESOURCES: readonly Template[] = [...TEMPLATES, WIDGET];

/** A marker for an integer JSON.stringify cannot write (beyond 2^53); {@link withRawNumbers} puts the digits in. */
const RAW_NUMBER = '\u0000NUM:';
const RAW_NUMBERS = ['9007199254740993', '9223372036854775807', '9223372036854775808', '-9223372036854775809', '1e30', '1e400', '-0', '0.1e-400'];

/** `text` with every raw-number marker (as JSON or YAML writes the string) replaced by its bare number. */
function withRawNumbers(text: string): string {
  return text.replace(/"\\(?:u0000|0)NUM:([-0-9.e+]+)"/g, '$1');
}

const hostileKey = fc.oneof(
  fc.constantFrom('constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', '日本', '😀', '', 'a.b', 'a/b', '$patch', '$retainKeys', '$setElementOrder/tags', 'kind', 'name'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>,
  fc.constant(null),
  fc.constantFrom(...RAW_NUMBERS).map((n) => `${RAW_NUMBER}${n}`),
  fc.dictionary(hostileKey, fc.oneof(fc.constant(null), fc.string({ unit: 'grapheme', maxLength: 4 })), { maxKeys: 3 }) as fc.Arbitrary<JsonValue>,
  fc.array(fc.constant(null), { minLength: 1, maxLength: 2 }),
);

/** One change of an object: a value replaced at an existing path, or a new (hostile) key added under one. */
function mutation(template: Template): fc.Arbitrary<(o: JsonValue) => JsonValue> {
  const paths = jsonPaths(template.object);
  const replace = fc.tuple(fc.constantFrom(...paths), hostileValue).map(([path, v]) => (o: JsonValue) => replaceAt(o, path, v));
  const add = fc.tuple(fc.constantFrom([], ['metadata'], ['metadata', 'labels'], ['spec'], ['data']), hostileKey, hostileValue).map(([path, k, v]) => (o: JsonValue) => replaceAt(o, [...path, k], v));
  return fc.oneof(replace, add);
}

/** `template`'s object with one to three mutations. */
function mutatedObject(template: Template): fc.Arbitrary<JsonValue> {
  return fc.array(mutation(template), { minLength: 1, maxLength: 3 }).map((ms) => ms.reduce((o, m) => m(o), template.object as JsonValue));
}

/** Query parameters (never dryRun: the caller adds `dryRun=All` to writes). */
const query = fc.record(
  {
    pretty: fc.constantFrom('true', '1', 'x', ''),
    fieldValidation: fc.constantFrom('Strict', 'Warn', 'Ignore', 'strict', 'bogus', ''),
    fieldManager: fc.string({ unit: 'grapheme', maxLength: 140 }),
    force: fc.constantFrom('true', 'false', 'x'),
    labelSelector: fc.constantFrom('app=hostile', 'app in (a,b)', '!app', 'a!=', '日本=x', 'x'.repeat(70)),
    fieldSelector: fc.constantFrom('metadata.name=configmap-fixture', 'spec.nodeName=x', 'bogus=1', '=', 'metadata.namespace!=x'),
    limit: fc.constantFrom('1', '0', '-1', '9223372036854775808', 'x'),
    // Not beyond the current revision: that waits 3 s for it and answers 504 ResourceVersionTooLarge, as upstream.
    resourceVersion: fc.constantFrom('0', '1', '-1', 'x', ''),
    resourceVersionMatch: fc.constantFrom('NotOlderThan', 'Exact', 'bogus'),
    gracePeriodSeconds: fc.constantFrom('0', '-1', '9223372036854775808', 'x'),
    propagationPolicy: fc.constantFrom('Foreground', 'Background', 'Orphan', 'bogus'),
  },
  { requiredKeys: [] },
);

const ACCEPTS = ['application/json', YAML, PROTOBUF, 'application/json;as=Table;v=v1;g=meta.k8s.io', 'application/json;as=PartialObjectMetadata;v=v1;g=meta.k8s.io', 'text/html', '*/*', 'application/json;stream=watch', 'application/json;q=x'];

const headers = fc.record({ accept: fc.constantFrom(...ACCEPTS), 'user-agent': fc.string({ minLength: 1, maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, 'x')) }, { requiredKeys: [] });

function target(path: string, q: Readonly<Record<string, string>>, write: boolean): string {
  const params = new URLSearchParams(Object.entries(q));
  if (write) params.set('dryRun', 'All');
  const s = params.toString();
  return s === '' ? path : `${path}?${s}`;
}

/** A create or update of a mutated object, as JSON or YAML. */
function writes(template: Template): fc.Arbitrary<Probe> {
  const item = itemPath(template, FIXTURE_NAMESPACE, nameOf(template));
  return fc
    .tuple(fc.constantFrom('POST', 'PUT'), fc.constantFrom('application/json', YAML), mutatedObject(template), query, headers)
    .map(([method, type, object, q, h]) => ({
      method,
      path: target(method === 'POST' ? template.collection(FIXTURE_NAMESPACE) : item, q, true),
      body: withRawNumbers(type === YAML ? stringify(object) : JSON.stringify(object)),
      headers: { ...h, 'content-type': type },
    }));
}

const PATCH_TYPES = ['application/json-patch+json', MERGE_PATCH, 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'] as const;

/** A patch of each type: JSON-patch operations on the template's paths, or a mutated (partial) object. */
function patches(template: Template): fc.Arbitrary<Probe> {
  const paths = jsonPaths(template.object).map((p) => `/${p.join('/')}`);
  const op = fc.record({ op: fc.constantFrom('add', 'remove', 'replace', 'move', 'copy', 'test'), path: fc.constantFrom(...paths, '/metadata/labels/-', '/spec/tags/-'), from: fc.constantFrom(...paths), value: hostileValue }, { requiredKeys: ['op', 'path'] });
  return fc.tuple(fc.constantFrom(...PATCH_TYPES), fc.array(op, { minLength: 1, maxLength: 4 }), mutatedObject(template), query, headers).map(([type, ops, object, q, h]) => {
    const text = type === 'application/json-patch+json' ? JSON.stringify(ops) : type === 'application/apply-patch+yaml' ? stringify(object) : JSON.stringify(object);
    return { method: 'PATCH', path: target(itemPath(template, FIXTURE_NAMESPACE, nameOf(template)), q, true), body: withRawNumbers(text), headers: { ...h, 'content-type': type } };
  });
}

/** A protobuf body: the fixture's own protobuf encoding with a few bytes changed and maybe truncated. */
function protobufWrites(template: Template, encoded: Buffer): fc.Arbitrary<Probe> {
  const item = itemPath(template, FIXTURE_NAMESPACE, nameOf(template));
  const change = fc.tuple(fc.nat({ max: Math.max(0, encoded.length - 1) }), fc.integer({ min: 0, max: 255 }));
  return fc.tuple(fc.array(change, { maxLength: 4 }), fc.option(fc.nat({ max: encoded.length })), fc.constantFrom('POST', 'PUT'), query).map(([changes, cut, method, q]) => {
    const body = Buffer.from(encoded);
    for (const [i, b] of changes) body[i] = b;
    return { method, path: target(method === 'POST' ? template.collection(FIXTURE_NAMESPACE) : item, q, true), body: cut === null ? body : body.subarray(0, cut), headers: { 'content-type': PROTOBUF } };
  });
}

/** GET, LIST and DELETE (dry) with hostile parameters and headers. */
function reads(template: Template): fc.Arbitrary<Probe> {
  const item = itemPath(template, FIXTURE_NAMESPACE, nameOf(template));
  return fc
    .tuple(fc.constantFrom(['GET', item], ['GET', template.collection(FIXTURE_NAMESPACE)], ['GET', template.collection('')], ['DELETE', item], ['DELETE', template.collection(FIXTURE_NAMESPACE)]), query, headers)
    .map(([[method, path], q, h]) => ({ method: method as string, path: target(path as string, q, method === 'DELETE'), headers: h }));
}

/** The request arbitrary of one family, over every resource; `protobufOf` gives a fixture's protobuf encoding. */
export function requests(family: 'writes' | 'patches' | 'protobuf' | 'reads', protobufOf: (t: Template) => Buffer | undefined): fc.Arbitrary<Probe> {
  const per = (t: Template): fc.Arbitrary<Probe> | undefined => {
    if (family === 'writes') return writes(t);
    if (family === 'patches') return patches(t);
    if (family === 'reads') return reads(t);
    const encoded = protobufOf(t);
    return encoded === undefined ? undefined : protobufWrites(t, encoded);
  };
  return fc.oneof(...RESOURCES.map(per).filter((a): a is fc.Arbitrary<Probe> => a !== undefined));
}
