/**
 * How kube-apiserver's documents name route models: every model with a Kubernetes type name becomes that named
 * component and everything it refers to, transitively (`@apiserver/runtime` `openAPIComponentSchemas`), with
 * `x-kubernetes-group-version-kind` on the types registered as kinds; any other model is `{type: string}`. A
 * Swagger 2.0 document takes the named types' Swagger 2.0 variants where they have one.
 */
import type { ComponentSchemas, ModelResolver, OpenAPISchema } from '@apiserver/openapi';
import { type GroupVersionKind, openAPIComponentSchemas, type Scheme, typeNameOf } from '@apiserver/runtime';

/** A schema object (a typebox schema, as the scheme registers kinds). */
export type TSchema = Parameters<Scheme['kindsOf']>[0];

/** Every group/version/kind a schema is registered as (across the server's schemes). */
export type KindsOf = (schema: TSchema) => readonly GroupVersionKind[];

/** The name of the PATCH request body type. */
export const PATCH_DEFINITION = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';

/** The model standing for the PATCH request body (`metav1.Patch`) in routes that document none. */
export const PATCH_MODEL: unique symbol = Symbol('metav1.Patch');

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

function addNamed(model: TSchema, name: string, components: ComponentSchemas, kindsOf: KindsOf): void {
  for (const [key, value] of Object.entries(openAPIComponentSchemas(model, { swagger2: components.swagger2 }))) {
    if (!components.has(key)) components.set(key, value);
  }
  const kinds = [...kindsOf(model)].sort(compareGVK).map((k) => ({ group: k.group, kind: k.kind, version: k.version }));
  const own = components.get(name);
  if (own !== undefined && kinds.length > 0) components.set(name, { ...own, 'x-kubernetes-group-version-kind': kinds });
}

/**
 * The resolver of kube-apiserver's route models: a named type's `$ref` (its components added once per document,
 * annotated with the kinds `kindsOf` finds), {@link PATCH_MODEL}'s `metav1.Patch`, `{type: string}` otherwise.
 */
export function kubernetesModelResolver(kindsOf: KindsOf): ModelResolver {
  const annotated = new WeakMap<ComponentSchemas, Set<string>>();
  return (model, components) => {
    if (model === PATCH_MODEL) {
      if (!components.has(PATCH_DEFINITION)) components.set(PATCH_DEFINITION, PATCH_SCHEMA);
      return { $ref: `#/components/schemas/${PATCH_DEFINITION}` };
    }
    const name = isSchema(model) ? typeNameOf(model) : undefined;
    if (name === undefined || !isSchema(model)) return { type: 'string' };
    let seen = annotated.get(components);
    if (seen === undefined) annotated.set(components, (seen = new Set()));
    if (!seen.has(name)) {
      seen.add(name);
      addNamed(model, name, components, kindsOf);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
}
