/**
 * The component schemas of one document and the schema of each route model: a model a configured resolver knows, a
 * JSON Schema (typebox or plain, named by `$id`), or a sample value whose schema is inferred
 * ({@link inferSchema}). References always point into `#/components/schemas/`; the v2 builder rewrites them.
 */
import { COMPONENTS_REF } from './component-name.js';
import { isJSONSchema, toOpenAPISchema } from './json-schema.js';
import type { OpenAPISchema } from './openapi-config.js';
import { inferSchema } from './sample-schema.js';

/**
 * Resolves a route model to its schema, adding the components it refers to; `undefined` leaves the model to the
 * built-in resolution. Called for every model, `undefined` (no model) included.
 */
export type ModelResolver = (model: unknown, components: ComponentSchemas) => OpenAPISchema | undefined;

/** What the schemas are collected for. */
export interface ComponentSchemasOptions {
  /** The document is Swagger 2.0 (the v2 builder rewrites the schemas after); resolvers may publish other forms. */
  readonly swagger2?: boolean;
}

/** Collects the named schemas one document refers to. */
export class ComponentSchemas {
  /** Whether the schemas are collected for a Swagger 2.0 document. */
  readonly swagger2: boolean;
  readonly #resolve: ModelResolver | undefined;
  readonly #schemas = new Map<string, OpenAPISchema>();

  /** Creates an empty collection; `resolve` is asked first for every model. */
  constructor(resolve?: ModelResolver, options: ComponentSchemasOptions = {}) {
    this.#resolve = resolve;
    this.swagger2 = options.swagger2 === true;
  }

  /** Whether a component of that name was added. */
  has(name: string): boolean {
    return this.#schemas.has(name);
  }

  /** Adds (or replaces) a component. */
  set(name: string, schema: OpenAPISchema): void {
    this.#schemas.set(name, schema);
  }

  /** A component added before. */
  get(name: string): OpenAPISchema | undefined {
    return this.#schemas.get(name);
  }

  /**
   * Adds a named component unless one of that name exists, building it only then (`build` may add the components
   * it refers to: the name is reserved first, so self-references terminate); returns a reference to it.
   */
  named(name: string, build: () => OpenAPISchema): OpenAPISchema {
    if (!this.#schemas.has(name)) {
      this.#schemas.set(name, {});
      this.#schemas.set(name, build());
    }
    return { $ref: `${COMPONENTS_REF}${name}` };
  }

  /** The schema of a route model, or `undefined` for no model (and a resolver that has none either). */
  schemaOf(model: unknown): OpenAPISchema | undefined {
    const resolved = this.#resolve?.(model, this);
    if (resolved !== undefined) return resolved;
    if (model === undefined) return undefined;
    return isJSONSchema(model) ? toOpenAPISchema(model, this) : inferSchema(model, this);
  }

  /** The collected schemas, sorted by name. */
  toObject(): Record<string, OpenAPISchema> {
    return Object.fromEntries([...this.#schemas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
