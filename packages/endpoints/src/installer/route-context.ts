/**
 * What route factories need to know about one resource, computed once per storage path (instead of the
 * positional argument lists of installer.go).
 */
import type { RouteFunction } from '@apiserver/restful';
import type { GroupVersionKind } from '@apiserver/runtime';
import type { TSchema } from 'typebox';
import type { Action } from './action.js';
import type { QueryParamDoc } from './query-params.js';

/** Per-resource facts shared by every route of the resource. */
export interface RouteContext {
  /** The kind used in operation IDs and docs (the parent's kind for subresources). */
  readonly kind: string;
  /** Subresource name, `""` for the main resource. */
  readonly subresource: string;
  /** Whether the (parent) resource is namespaced. */
  readonly namespaced: boolean;
  /** GVK recorded as `x-kubernetes-group-version-kind` route metadata. */
  readonly gvk: GroupVersionKind;
  /** Serializer media types (json, yaml, protobuf). */
  readonly mediaTypes: readonly string[];
  /** Stream media types (`…;stream=watch`). */
  readonly streamMediaTypes: readonly string[];
  /** Extra produced media types per verb (rest.StorageMetadata). */
  readonly producesFor: (verb: string) => readonly string[];
  /** Whether the storage is a Watcher (changes the LIST doc). */
  readonly watcher: boolean;
  /** HTTP methods of a Connecter. */
  readonly connectMethods: readonly string[];
  /** Query params of GetterWithOptions' options kind. */
  readonly getOptionsParams: readonly QueryParamDoc[];
  /** Query params of a Connecter's options kind. */
  readonly connectOptionsParams: readonly QueryParamDoc[];
  /** Object schema used as the documented body/response model, if known. */
  readonly objectSchema: TSchema | undefined;
  /**
   * Whether DELETE answers with the deleted object (a GracefulDeleter that is a MayReturnFullObjectDeleter saying
   * so): its 200 and 202 responses are then documented as the object instead of a Status, as installer.go does.
   */
  readonly deleteReturnsDeletedObject: boolean;
  /** List schema used for LIST responses, if known. */
  readonly listSchema: TSchema | undefined;
  /** The handler for an action (CONNECT: for one HTTP method). */
  readonly handlerFor: (action: Action, method: string) => RouteFunction;
}
