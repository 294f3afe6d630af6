/**
 * Pruning of unknown fields (`pruning.PruneWithOptions` in apiextensions-apiserver): fields a
 * structural schema does not specify are dropped, except under
 * `x-kubernetes-preserve-unknown-fields`, and apiVersion/kind/metadata of the root and of
 * `x-kubernetes-embedded-resource` objects are kept. The dropped paths feed
 * `fieldValidation=Warn|Strict` (`unknown field "spec.foo"`).
 *
 * @module
 */
import { deepCopyJSON, isJSONObject } from './json-value.js';
import { newStructural, type Structural } from './structural-schema.js';

/** The outcome of {@link prune}. */
export interface PruneResult<T> {
  /** A pruned deep copy of the input. */
  readonly pruned: T;
  /** The dropped fields' paths (`spec.foo`, `spec.items[0].bar`), sorted as upstream. */
  readonly prunedPaths: string[];
}

/** Options of {@link prune}. */
export interface PruneOptions {
  /** Treat the value as a whole resource, keeping its apiVersion/kind/metadata (default `true`). */
  readonly isResourceRoot?: boolean;
}

const META_FIELDS: ReadonlySet<string> = new Set(['apiVersion', 'kind', 'metadata']);

class Pruner {
  readonly paths: string[] = [];

  #join(parent: string, key: string): string {
    return parent.length > 0 ? `${parent}.${key}` : key;
  }

  /** Deletes `key` and records it; unknown meta fields at the very root are not reported. */
  #drop(x: Record<string, unknown>, key: string, parent: string, report: boolean): void {
    if (report) this.paths.push(this.#join(parent, key));
    delete x[key];
  }

  prune(x: unknown, s: Structural | undefined, embedded: boolean, parent: string): void {
    if (s?.extensions.xPreserveUnknownFields) {
      this.#skip(x, s, embedded, parent);
      return;
    }
    if (Array.isArray(x)) {
      x.forEach((v, i) => { this.#into(v, s?.items, `${parent}[${i}]`); });
      return;
    }
    if (!isJSONObject(x)) return;
    for (const k of Object.keys(x)) {
      if (s === undefined) {
        this.#drop(x, k, parent, true);
        continue;
      }
      if (embedded && META_FIELDS.has(k)) continue;
      const prop = s.properties?.get(k);
      const ap = s.generic.additionalProperties;
      if (prop !== undefined) this.#into(x[k], prop, this.#join(parent, k));
      else if (ap !== undefined) this.#into(x[k], ap.structural, this.#join(parent, k));
      else this.#drop(x, k, parent, !META_FIELDS.has(k) || parent.length > 0);
    }
  }

  #into(x: unknown, s: Structural | undefined, path: string): void {
    this.prune(x, s, s?.extensions.xEmbeddedResource ?? false, path);
  }

  /** Under x-kubernetes-preserve-unknown-fields: unknown fields stay, known ones are pruned inside. */
  #skip(x: unknown, s: Structural, embedded: boolean, parent: string): void {
    if (Array.isArray(x)) {
      x.forEach((v, i) => { this.#into(v, s.items, `${parent}[${i}]`); });
      return;
    }
    if (!isJSONObject(x)) return;
    for (const k of Object.keys(x)) {
      if (embedded && META_FIELDS.has(k)) continue;
      const prop = s.properties?.get(k);
      const ap = s.generic.additionalProperties;
      if (prop !== undefined) this.#into(x[k], prop, this.#join(parent, k));
      else if (ap !== undefined) this.#into(x[k], ap.structural, this.#join(parent, k));
    }
  }
}

/**
 * Returns a copy of `obj` without the fields `schema` does not specify, and the paths removed.
 * The root's apiVersion, kind and metadata are never pruned unless `isResourceRoot` is false.
 */
export function prune<T>(obj: T, schema: Structural | undefined, options: PruneOptions = {}): PruneResult<T> {
  const pruned = deepCopyJSON(obj);
  const pruner = new Pruner();
  const root = options.isResourceRoot ?? true;
  // At a resource root a missing schema is an empty one (upstream), so the meta fields survive.
  const s = root && schema === undefined ? newStructural({}) : schema;
  pruner.prune(pruned, s, root || (s?.extensions.xEmbeddedResource ?? false), '');
  return { pruned, prunedPaths: pruner.paths.sort() };
}

/** The warning or Strict-mode error text for a pruned path: `unknown field "spec.foo"`. */
export function unknownFieldMessage(path: string): string {
  return `unknown field ${JSON.stringify(path)}`;
}
