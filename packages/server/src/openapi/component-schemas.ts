/**
 * The component schemas one OpenAPI document references: every route model's named type and everything it
 * refers to, transitively (`@apiserver/runtime` `openAPIComponentSchemas`), with `x-kubernetes-group-version-kind`
 * on the types registered as kinds.
 */
import { type GroupVersionKind, type OpenAPISchema, openAPIComponentSchemas, type Scheme, typeNameOf } from '@apiserver/runtime';

/** A schema object (a typebox schema, as the scheme registers kinds). */
export type TSchema = Parameters<Scheme['kindsOf']>[0];

/** Every group/version/kind a schema is registered as (across the server's schemes). */
export type KindsOf = (schema: TSchema) => readonly GroupVersionKind[];

/** The name of the PATCH request body type. */
export const PATCH_DEFINITION = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';

const PATCH_SCHEMA: OpenAPISchema = {
  description: 'Patch is provided to give a concrete name and type to the Kubernetes PATCH request body.',
  type: 'object',
};

/** Whether a route model is a schema object. */
export function isSchema(model: unknown): model is TSchema {
  return typeof model === 'object' && model !== null;
}

function compareGVK(a: GroupVersionKind, b: GroupVersionKind): number {
  return a.group.localeCompare(b.group) || a.version.localeCompare(b.version) || a.kind.localeCompare(b.kind);
}

/** Collects the component schemas of one document; references point into `#/components/schemas/` unless another prefix is given. */
export class ComponentSchemas {
  readonly #kindsOf: KindsOf;
  readonly #schemas = new Map<string, OpenAPISchema>();
  readonly #annotated = new Set<string>();

  /** Creates an empty collection whose kinds are looked up with `kindsOf`. */
  constructor(kindsOf: KindsOf) {
    this.#kindsOf = kindsOf;
  }

  /** The reference schema of a route model (adding its components), or `{type: string}` for a model without a named type. */
  refFor(model: unknown, prefix = '#/components/schemas/'): OpenAPISchema {
    const name = isSchema(model) ? typeNameOf(model) : undefined;
    if (name === undefined || !isSchema(model)) return { type: 'string' };
    if (!this.#annotated.has(name)) this.#add(model, name);
    return { $ref: `${prefix}${name}` };
  }

  /** The reference schema of the PATCH body type (`metav1.Patch`). */
  patchRef(prefix = '#/components/schemas/'): OpenAPISchema {
    if (!this.#schemas.has(PATCH_DEFINITION)) this.#schemas.set(PATCH_DEFINITION, PATCH_SCHEMA);
    return { $ref: `${prefix}${PATCH_DEFINITION}` };
  }

  #add(model: TSchema, name: string): void {
    this.#annotated.add(name);
    for (const [key, value] of Object.entries(openAPIComponentSchemas(model))) {
      if (!this.#schemas.has(key)) this.#schemas.set(key, value);
    }
    const kinds = [...this.#kindsOf(model)].sort(compareGVK).map((k) => ({ group: k.group, kind: k.kind, version: k.version }));
    const own = this.#schemas.get(name);
    if (own !== undefined && kinds.length > 0) this.#schemas.set(name, { ...own, 'x-kubernetes-group-version-kind': kinds });
  }

  /** The collected schemas, sorted by name. */
  toObject(): Record<string, OpenAPISchema> {
    return Object.fromEntries([...this.#schemas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
