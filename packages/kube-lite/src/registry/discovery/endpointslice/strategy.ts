/**
 * The EndpointSlice strategy (pkg/registry/discovery/endpointslice/strategy.go): namespaced, generation 1 on
 * create and bumped when anything but metadata (or the labels) change, `deprecatedTopology` dropped since
 * it is not writable through v1, validated on create and update.
 * @module
 */
import { isDeepStrictEqual } from 'node:util';
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { EndpointSliceSchema } from '@apiserver/runtime/apis';
import { recordsAt } from '../../../object-fields.js';
import { validateEndpointSlice, validateEndpointSliceUpdate } from './validation.js';

/** Drops every endpoint's `deprecatedTopology` (upstream `dropTopologyOnV1`: only v1beta1 could write it). */
export function dropDeprecatedTopology(slice: ApiObject): void {
  for (const endpoint of recordsAt(slice, 'endpoints')) delete endpoint.deprecatedTopology;
}

/** Create and update behaviour of endpointslices. */
export class EndpointSliceStrategy extends GenericStrategy {
  /** The EndpointSlice strategy. */
  constructor() {
    super({
      namespaceScoped: true,
      trackGeneration: true,
      schema: EndpointSliceSchema,
      validate: (_ctx, obj) => validateEndpointSlice(obj),
      validateUpdate: (_ctx, obj, old) => validateEndpointSliceUpdate(obj, old),
    });
  }

  /** Starts generation at 1 and drops `deprecatedTopology`. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    super.prepareForCreate(ctx, obj);
    dropDeprecatedTopology(obj);
  }

  /** Drops `deprecatedTopology`, then bumps generation when the slice or its labels changed. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    dropDeprecatedTopology(obj);
    super.prepareForUpdate(ctx, obj, old);
    const bumped = obj.metadata.generation !== old.metadata.generation;
    if (!bumped && !isDeepStrictEqual(obj.metadata.labels ?? {}, old.metadata.labels ?? {})) {
      obj.metadata.generation = (old.metadata.generation ?? 0) + 1;
    }
  }
}
