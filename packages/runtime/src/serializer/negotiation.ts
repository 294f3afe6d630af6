/**
 * Output and input media type negotiation (apimachinery `endpoints/handlers/negotiation`): picks a
 * serializer from Accept, honouring `as`/`g`/`v` conversion targets, `stream=watch` and `pretty`.
 */
import type { GroupVersionKind } from '../runtime/group-version.js';
import { type AcceptClause, parseAccept, parseMediaType } from './media-type.js';
import type { Serializer } from './serializer.js';

/** A serializer offered for negotiation, with its stream form if it has one. */
export interface SerializerInfo {
  /** Media type, e.g. `application/json`. */
  readonly mediaType: string;
  /** The serializer. */
  readonly serializer: Serializer;
  /** Stream (watch) support: the Content-Type of a watch response and its framing. */
  readonly stream?: { readonly mediaType: string; readonly framing: 'newline' | 'length-delimited' };
}

/** What an endpoint allows beyond the plain media types. */
export interface EndpointRestrictions {
  /** Whether the response may be transformed into `target` for this media type (target undefined = none). */
  allowsMediaTypeTransform(mediaType: string, target: GroupVersionKind | undefined): boolean;
  /** Whether a `stream=` value is allowed. */
  allowsStreamSchema(stream: string): boolean;
}

/** The outcome of output negotiation. */
export interface NegotiatedMediaType {
  /** The chosen serializer. */
  readonly info: SerializerInfo;
  /** Conversion target from `as`/`g`/`v`, e.g. meta.k8s.io/v1 Table. */
  readonly target?: GroupVersionKind;
  /** `stream` parameter value, e.g. `watch`. */
  readonly stream?: string;
  /** `pretty=1` was asked for. */
  readonly pretty: boolean;
}

/** 406: none of the Accept clauses can be served; carries the media types that could. */
export class NotAcceptableError extends Error {
  /** The media types the endpoint can produce. */
  readonly accepted: readonly string[];
  constructor(accepted: readonly string[]) {
    super(`only the following media types are accepted: ${accepted.join(', ')}`);
    this.name = 'NotAcceptableError';
    this.accepted = accepted;
  }
}

/** 415: the request body's Content-Type is not understood; carries the media types that are. */
export class UnsupportedMediaTypeError extends Error {
  /** The media types the endpoint can decode. */
  readonly accepted: readonly string[];
  constructor(accepted: readonly string[]) {
    super(`the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
    this.name = 'UnsupportedMediaTypeError';
    this.accepted = accepted;
  }
}

/** Default restrictions: no conversions, `stream=watch` only. */
export const defaultEndpointRestrictions: EndpointRestrictions = {
  allowsMediaTypeTransform: (_mediaType, target) => target === undefined,
  allowsStreamSchema: (stream) => stream === 'watch',
};

/** Restrictions of a resource endpoint: Table (JSON/YAML only, when a table convertor exists) and PartialObjectMetadata. */
export function resourceEndpointRestrictions(options: { readonly tableConvertor: boolean }): EndpointRestrictions {
  return {
    allowsMediaTypeTransform(mediaType, target) {
      if (target === undefined) return true;
      if (target.group !== 'meta.k8s.io' || (target.version !== 'v1' && target.version !== 'v1beta1')) return false;
      if (target.kind === 'Table') {
        return options.tableConvertor && (mediaType === 'application/json' || mediaType === 'application/yaml');
      }
      return target.kind === 'PartialObjectMetadata' || target.kind === 'PartialObjectMetadataList';
    },
    allowsStreamSchema: (stream) => stream === 'watch',
  };
}

/** Restrictions of /api and /apis when serving aggregated discovery: only APIGroupDiscoveryList v2/v2beta1. */
export const aggregatedDiscoveryRestrictions: EndpointRestrictions = {
  allowsMediaTypeTransform: (_mediaType, target) =>
    target !== undefined &&
    target.group === 'apidiscovery.k8s.io' &&
    (target.version === 'v2' || target.version === 'v2beta1') &&
    target.kind === 'APIGroupDiscoveryList',
  allowsStreamSchema: () => false,
};

function matches(clause: AcceptClause, mediaType: string): boolean {
  const [type, subType] = mediaType.split('/');
  return (clause.type === '*' || clause.type === type) && (clause.subType === '*' || clause.subType === subType);
}

function acceptOptions(
  clause: AcceptClause,
  info: SerializerInfo,
  restrictions: EndpointRestrictions,
): NegotiatedMediaType | undefined {
  const p = clause.params;
  const stream = p.stream;
  if (stream !== undefined && stream !== '' && (info.stream === undefined || !restrictions.allowsStreamSchema(stream))) {
    return undefined;
  }
  const as = p.as ?? '';
  const target = as === '' ? undefined : { group: p.g ?? '', version: p.v ?? '', kind: as };
  if (!restrictions.allowsMediaTypeTransform(info.mediaType, target)) return undefined;
  return {
    info,
    pretty: p.pretty === '1',
    ...(target === undefined ? {} : { target }),
    ...(stream === undefined || stream === '' ? {} : { stream }),
  };
}

/** Chooses the serializer for a response; throws NotAcceptableError listing `infos`' media types. */
export function negotiateOutputMediaType(
  accept: string | undefined,
  infos: readonly SerializerInfo[],
  restrictions: EndpointRestrictions = defaultEndpointRestrictions,
): NegotiatedMediaType {
  const first = infos[0];
  if ((accept === undefined || accept.trim() === '') && first !== undefined) return { info: first, pretty: false };
  for (const clause of parseAccept(accept ?? '')) {
    for (const info of infos) {
      if (!matches(clause, info.mediaType)) continue;
      const chosen = acceptOptions(clause, info, restrictions);
      if (chosen !== undefined) return chosen;
    }
  }
  throw new NotAcceptableError(infos.map((i) => i.mediaType));
}

/** Chooses the serializer for a watch; throws NotAcceptableError listing the stream media types. */
export function negotiateOutputMediaTypeStream(
  accept: string | undefined,
  infos: readonly SerializerInfo[],
  restrictions: EndpointRestrictions = defaultEndpointRestrictions,
): NegotiatedMediaType {
  const streamTypes = infos.filter((i) => i.stream !== undefined).map((i) => `${i.mediaType};stream=watch`);
  try {
    const chosen = negotiateOutputMediaType(accept, infos, restrictions);
    if (chosen.info.stream !== undefined) return chosen;
  } catch (err) {
    if (!(err instanceof NotAcceptableError)) throw err;
  }
  throw new NotAcceptableError(streamTypes);
}

/** Chooses the serializer for a request body by Content-Type (empty → the first); throws UnsupportedMediaTypeError. */
export function negotiateInputSerializer(contentType: string | undefined, infos: readonly SerializerInfo[]): SerializerInfo {
  const first = infos[0];
  if ((contentType === undefined || contentType.trim() === '') && first !== undefined) return first;
  const parsed = parseMediaType(contentType ?? '');
  const found = parsed === undefined ? undefined : infos.find((i) => i.mediaType === parsed.mediaType);
  if (found === undefined) throw new UnsupportedMediaTypeError(infos.map((i) => i.mediaType));
  return found;
}
