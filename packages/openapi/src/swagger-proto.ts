/**
 * Swagger 2.0 JSON → gnostic `openapi.v2.Document` protobuf (kube-openapi `handler.ToProtoBinary`, which parses
 * the JSON with gnostic and marshals the message). Maps keep their JSON order as gnostic's ordered named pairs;
 * extension and default values are carried as YAML text in `Any.yaml`.
 */
import { stringify } from 'yaml';
import { openAPIV2DocumentType } from './openapiv2-proto.js';

/** A JSON object. */
export type JsonObject = Record<string, unknown>;
type Json = JsonObject;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const records = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isRecord) : []);
const entries = (v: unknown): [string, unknown][] => (isRecord(v) ? Object.entries(v) : []);

/** An `Any` holding a value as YAML (gnostic `NewAny`). */
function any(value: unknown): Json {
  return { yaml: stringify(value) };
}

function vendorExtensions(o: Json): Json[] {
  return Object.entries(o)
    .filter(([k]) => k.startsWith('x-'))
    .map(([name, value]) => ({ name, value: any(value) }));
}

const SCHEMA_SCALARS: readonly (readonly [string, string])[] = [
  ['$ref', '_ref'],
  ['format', 'format'],
  ['title', 'title'],
  ['description', 'description'],
  ['multipleOf', 'multiple_of'],
  ['maximum', 'maximum'],
  ['exclusiveMaximum', 'exclusive_maximum'],
  ['minimum', 'minimum'],
  ['exclusiveMinimum', 'exclusive_minimum'],
  ['maxLength', 'max_length'],
  ['minLength', 'min_length'],
  ['pattern', 'pattern'],
  ['maxItems', 'max_items'],
  ['minItems', 'min_items'],
  ['uniqueItems', 'unique_items'],
  ['maxProperties', 'max_properties'],
  ['minProperties', 'min_properties'],
  ['discriminator', 'discriminator'],
  ['readOnly', 'read_only'],
];

/** A JSON schema as a gnostic `Schema` message object. */
export function schemaMessage(s: JsonObject): JsonObject {
  const m: Json = {};
  for (const [from, to] of SCHEMA_SCALARS) if (s[from] !== undefined) m[to] = s[from];
  if (s.default !== undefined) m.default = any(s.default);
  if (s.example !== undefined) m.example = any(s.example);
  if (Array.isArray(s.required)) m.required = strings(s.required);
  if (Array.isArray(s.enum)) m.enum = s.enum.map(any);
  if (typeof s.additionalProperties === 'boolean') m.additional_properties = { boolean: s.additionalProperties };
  else if (isRecord(s.additionalProperties)) m.additional_properties = { schema: schemaMessage(s.additionalProperties) };
  if (s.type !== undefined) m.type = { value: Array.isArray(s.type) ? strings(s.type) : strings([s.type]) };
  if (Array.isArray(s.items)) m.items = { schema: records(s.items).map(schemaMessage) };
  else if (isRecord(s.items)) m.items = { schema: [schemaMessage(s.items)] };
  if (Array.isArray(s.allOf)) m.all_of = records(s.allOf).map(schemaMessage);
  if (isRecord(s.properties)) {
    m.properties = { additional_properties: entries(s.properties).flatMap(([name, v]) => (isRecord(v) ? [{ name, value: schemaMessage(v) }] : [])) };
  }
  const ext = vendorExtensions(s);
  if (ext.length > 0) m.vendor_extension = ext;
  return m;
}

function parameterMessage(p: Json): Json {
  if (p.in === 'body') {
    const schema = isRecord(p.schema) ? { schema: schemaMessage(p.schema) } : {};
    return { parameter: { body_parameter: { description: str(p.description), name: str(p.name), in: 'body', required: p.required === true, ...schema } } };
  }
  const sub = {
    required: p.required === true,
    in: str(p.in),
    description: str(p.description),
    name: str(p.name),
    type: str(p.type),
    format: str(p.format),
    unique_items: p.uniqueItems === true,
  };
  const key = p.in === 'path' ? 'path_parameter_sub_schema' : p.in === 'header' ? 'header_parameter_sub_schema' : 'query_parameter_sub_schema';
  return { parameter: { non_body_parameter: { [key]: sub } } };
}

function operationMessage(op: Json): Json {
  const responses = entries(op.responses).flatMap(([code, r]) => {
    if (!isRecord(r)) return [];
    const schema = isRecord(r.schema) ? { schema: { schema: schemaMessage(r.schema) } } : {};
    return [{ name: code, value: { response: { description: str(r.description) ?? '', ...schema } } }];
  });
  return {
    tags: strings(op.tags),
    description: str(op.description),
    operation_id: str(op.operationId),
    produces: strings(op.produces),
    consumes: strings(op.consumes),
    parameters: records(op.parameters).map(parameterMessage),
    responses: { response_code: responses },
    schemes: strings(op.schemes),
    deprecated: op.deprecated === true,
    vendor_extension: vendorExtensions(op),
  };
}

function pathItemMessage(item: Json): Json {
  const m: Json = { parameters: records(item.parameters).map(parameterMessage) };
  for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch']) {
    const op = item[method];
    if (isRecord(op)) m[method] = operationMessage(op);
  }
  return m;
}

function securityMessage(doc: Json): Json {
  const defs = entries(doc.securityDefinitions).flatMap(([name, d]) =>
    isRecord(d) ? [{ name, value: { api_key_security: { type: str(d.type), name: str(d.name), in: str(d.in), description: str(d.description) } } }] : [],
  );
  const reqs = records(doc.security).map((r) => ({ additional_properties: entries(r).map(([name, v]) => ({ name, value: { value: strings(v) } })) }));
  return { security_definitions: { additional_properties: defs }, security: reqs };
}

/** The gnostic `Document` message object of a Swagger 2.0 JSON document. */
export function swaggerDocumentMessage(doc: JsonObject): JsonObject {
  const info = isRecord(doc.info) ? doc.info : {};
  return {
    swagger: str(doc.swagger),
    info: { title: str(info.title), version: str(info.version), description: str(info.description) },
    paths: { path: entries(doc.paths).flatMap(([name, item]) => (isRecord(item) ? [{ name, value: pathItemMessage(item) }] : [])) },
    definitions: { additional_properties: entries(doc.definitions).flatMap(([name, s]) => (isRecord(s) ? [{ name, value: schemaMessage(s) }] : [])) },
    ...securityMessage(doc),
  };
}

/** Encodes a Swagger 2.0 JSON document as gnostic `openapi.v2.Document` protobuf bytes. */
export function encodeSwaggerProto(doc: JsonObject): Uint8Array {
  const type = openAPIV2DocumentType();
  return type.encode(type.fromObject(swaggerDocumentMessage(doc))).finish();
}
