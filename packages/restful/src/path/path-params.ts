/**
 * Type-level extraction of path parameter names from a curly template:
 * `PathParamNames<'/{namespace}/pods/{name}'>` is `'namespace' | 'name'`;
 * `{name:regex}`, `{path:*}` and `{id}:verb` give `name`, `path` and `id`.
 * A template typed only as `string` gives `string`.
 */
export type PathParamNames<T extends string> = string extends T
  ? string
  : T extends `${infer Head}/${infer Rest}`
    ? PathSegmentParamName<Head> | PathParamNames<Rest>
    : PathSegmentParamName<T>;

/**
 * The parameter name of one template segment: `name` for `{name}`, `{name:re}`,
 * `{name:*}` and `{name}:verb`; `never` for a static segment.
 */
export type PathSegmentParamName<S extends string> = S extends `{${infer Body}`
  ? Body extends `${infer Name}:${string}`
    ? Name extends `${string}}${string}`
      ? NameBeforeBrace<Body>
      : Name
    : NameBeforeBrace<Body>
  : never;

/** The text before the first `}`: the name in `name}` or `name}.json`. */
export type NameBeforeBrace<S extends string> = S extends `${infer Name}}${string}` ? Name : S;
