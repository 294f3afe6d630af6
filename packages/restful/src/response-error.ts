/** Items of an array-valued response header (go-restful's `Items`). */
export interface Items {
  /** Item type. */
  readonly type?: string;
  /** Item format. */
  readonly format?: string;
  /** Nested items. */
  readonly items?: Items;
  /** Collection format. */
  readonly collectionFormat?: string;
  /** Default value. */
  readonly default?: unknown;
}

/** A documented response header (go-restful's `Header`). */
export interface Header {
  /** Items description for array headers. */
  readonly items?: Items;
  /** Human description. */
  readonly description?: string;
}

/** A documented response of a route (go-restful's `ResponseError`). */
export interface ResponseError {
  /** HTTP status code. */
  readonly code: number;
  /** Human message. */
  readonly message: string;
  /** Sample or schema of the body, if any. */
  readonly model: unknown;
  /** Documented headers. */
  readonly headers: Readonly<Record<string, Header>>;
  /** Whether this is the default response. */
  readonly isDefault: boolean;
}

/** An index past V8's largest gap between fast elements (1,024): writing it turns an object's elements into a dictionary. */
const DICTIONARY_ELEMENTS_INDEX = 4096;

/**
 * An empty record for documented responses keyed by status code, kept by V8 as a dictionary of elements. Status
 * codes are array indices: in a plain `{}`, setting `[200]` allocates a holey array of ~300 slots (2.5 kB), which
 * each of kube-lite's ~700 routes did twice (the builder's record and the route's copy, which it then kept) while
 * start-up installed them. Keys, values, their ascending order and `Object.values` are those of a plain object.
 */
export function responsesByCode(): Record<number, ResponseError> {
  const record: Record<number, ResponseError> = {};
  record[DICTIONARY_ELEMENTS_INDEX] = undefined as unknown as ResponseError;
  delete record[DICTIONARY_ELEMENTS_INDEX];
  return record;
}
