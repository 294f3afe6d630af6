/** Validation of documents against the OpenAPI Initiative's JSON Schemas (test/fixtures, see README there). */
import { readFileSync } from 'node:fs';
import AjvDraft04 from 'ajv-draft-04';

// A CommonJS module: its default export is the module object, whose `default` is the Ajv class.
const Ajv = AjvDraft04.default;

function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const v2 = ajv.compile(fixture('openapi-2.0.schema.json'));
const v3 = ajv.compile(fixture('openapi-3.0.schema.json'));

/** The schema errors of a Swagger 2.0 document (`[]`: valid). */
export function swaggerErrors(doc: unknown): string[] {
  return v2(doc) ? [] : (v2.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** The schema errors of an OpenAPI 3.0 document (`[]`: valid). */
export function openAPIV3Errors(doc: unknown): string[] {
  return v3(doc) ? [] : (v3.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** A built or served document, read field by field in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: documents are read field by field in assertions
export type Doc = Record<string, any>;
