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
