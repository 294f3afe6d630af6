/**
 * Type-level extraction of path parameter names from a curly template:
 * `PathParamNames<'/{namespace}/pods/{name}'>` is `'namespace' | 'name'`;
 * `{name:regex}`, `{path:*}` and `{id}:verb` give `name`, `path` and `id`.
 * A template typed only as `string` gives `string`.
 */
export type PathParamNames<T extends string> = string extends T ? string : SegmentsParams<T>;

type SegmentsParams<T extends string> = T extends `${infer Head}/${infer Rest}`
  ? SegmentParam<Head> | SegmentsParams<Rest>
  : SegmentParam<T>;

type SegmentParam<S extends string> = S extends `{${infer Body}`
  ? Body extends `${infer Name}:${string}`
    ? Name extends `${string}}${string}`
      ? BeforeBrace<Body>
      : Name
    : BeforeBrace<Body>
  : never;

type BeforeBrace<S extends string> = S extends `${infer Name}}${string}` ? Name : S;
