import { ConfigurationError } from './configuration-error.js';
import type { FilterFunction, RouteFunction } from './filter-chain.js';
import { bodyParameter, type Parameter } from './parameter.js';
import { compilePathExpression } from './path/path-expression.js';
import { compileRouteTemplate } from './path/route-template.js';
import { concatPath } from './path/tokenize.js';
import { type Header, type ResponseError, responsesByCode } from './response-error.js';
import { Route } from './route.js';
import type { RouteCondition } from './routers/route-selector.js';

/** Names the type of a sample value for documentation (go-restful's `TypeNameHandleFunction`). */
export type TypeNameHandler = (sample: unknown) => string;

/** The default type namer: the constructor name of an object, else `typeof`. */
export function defaultTypeName(sample: unknown): string {
  if (typeof sample === 'object' && sample !== null) return sample.constructor?.name ?? 'Object';
  return typeof sample;
}

let anonymousCounter = 0;

/** go-restful's `nameOfFunction`: the function name, or `funcN` for anonymous ones. */
function nameOfFunction(fn: RouteFunction): string {
  if (fn.name !== '') return fn.name;
  anonymousCounter++;
  return `func${anonymousCounter}`;
}

/**
 * Fluent builder of a {@link Route} (go-restful's `RouteBuilder`). `P` is the union of
 * path parameter names the handler may read.
 */
export class RouteBuilder<P extends string = string> {
  readonly #rootPath: string;
  #typeNameHandler: TypeNameHandler;
  #currentPath = '';
  #method = '';
  #produces: string[] = [];
  #consumes: string[] = [];
  #function: RouteFunction | undefined;
  #filters: FilterFunction[] = [];
  #conditions: RouteCondition[] = [];
  #doc = '';
  #notes = '';
  #operation = '';
  #parameters: Parameter[] = [];
  #responseErrors: Record<number, ResponseError> = responsesByCode();
  #defaultResponse: ResponseError | undefined;
  #readSample: unknown;
  #writeSamples: unknown[] = [];
  #metadata: Record<string, unknown> = {};
  #deprecated = false;
  #extensions: Record<string, unknown> = {};
  #contentEncodingEnabled: boolean | undefined;
  #allowedMethodsWithoutContentType: string[] | undefined;

  /** Creates a builder for routes under `rootPath`. */
  constructor(rootPath = '/', typeNameHandler: TypeNameHandler = defaultTypeName) {
    this.#rootPath = rootPath;
    this.#typeNameHandler = typeNameHandler;
  }

  /** Sets the handler (required). */
  to(fn: RouteFunction<P>): this {
    this.#function = fn;
    return this;
  }

  /** Sets the HTTP method (compared case-sensitively at dispatch). */
  method(method: string): this {
    this.#method = method;
    return this;
  }

  /** Sets the sub path, joined with the WebService root at build time. */
  path(subPath: string): this {
    this.#currentPath = subPath;
    return this;
  }

  /** Sets the summary. */
  doc(documentation: string): this {
    this.#doc = documentation;
    return this;
  }

  /** Sets longer notes. */
  notes(notes: string): this {
    this.#notes = notes;
    return this;
  }

  /** Sets the operation name. */
  operation(name: string): this {
    this.#operation = name;
    return this;
  }

  /** Appends a parameter doc (no duplicate check). */
  param(parameter: Parameter): this {
    this.#parameters.push(parameter);
    return this;
  }

  /** The parameter doc named `name`, or undefined. */
  parameterNamed(name: string): Parameter | undefined {
    return this.#parameters.find((p) => p.name() === name);
  }

  /** Sets the request body sample and adds a required `body` parameter doc. */
  reads(sample: unknown, ...description: string[]): this {
    this.#readSample = sample;
    const typeName = this.#typeNameHandler(sample);
    this.#parameters.push(bodyParameter('body', description.join('')).required(true).dataType(typeName));
    return this;
  }

  /** Sets the response samples; `writeSample` is set only when exactly one is given. */
  writes(...samples: unknown[]): this {
    this.#writeSamples = samples;
    return this;
  }

  /** Documents a response. */
  returns(code: number, message: string, model?: unknown): this {
    this.#responseErrors[code] = { code, message, model, headers: {}, isDefault: false };
    return this;
  }

  /** Documents a response with headers. */
  returnsWithHeaders(code: number, message: string, model: unknown, headers: Readonly<Record<string, Header>>): this {
    this.#responseErrors[code] = { code, message, model, headers: { ...headers }, isDefault: false };
    return this;
  }

  /** Documents the default response. */
  defaultReturns(message: string, model?: unknown): this {
    this.#defaultResponse = { code: 0, message, model, headers: {}, isDefault: true };
    return this;
  }

  /** Adds free-form metadata. */
  metadata(key: string, value: unknown): this {
    this.#metadata[key] = value;
    return this;
  }

  /** Adds a vendor extension. */
  addExtension(key: string, value: unknown): this {
    this.#extensions[key] = value;
    return this;
  }

  /** Marks the route deprecated. */
  deprecate(): this {
    this.#deprecated = true;
    return this;
  }

  /** Adds a selection condition; all must hold, evaluated before the method check. */
  if(condition: RouteCondition): this {
    this.#conditions.push(condition);
    return this;
  }

  /** Adds a route filter. */
  filter(filter: FilterFunction): this {
    this.#filters.push(filter);
    return this;
  }

  /** Sets the produced MIME types (replace the WebService defaults when non-empty). */
  produces(...mimeTypes: string[]): this {
    this.#produces = mimeTypes;
    return this;
  }

  /** Sets the consumed MIME types (replace the WebService defaults when non-empty). */
  consumes(...mimeTypes: string[]): this {
    this.#consumes = mimeTypes;
    return this;
  }

  /** Overrides the container's response compression flag for this route. */
  contentEncodingEnabled(enabled: boolean): this {
    this.#contentEncodingEnabled = enabled;
    return this;
  }

  /** Replaces the methods that may omit Content-Type when the route consumes something. */
  allowedMethodsWithoutContentType(methods: readonly string[]): this {
    this.#allowedMethodsWithoutContentType = [...methods];
    return this;
  }

  /** Applies builder mutators in order (go-restful's `Do`). */
  do(...mutators: ReadonlyArray<(builder: this) => void>): this {
    for (const mutate of mutators) mutate(this);
    return this;
  }

  /** Sets the type namer used by `reads`. */
  typeNameHandler(handler: TypeNameHandler): this {
    this.#typeNameHandler = handler;
    return this;
  }

  /** Fills empty produces/consumes from WebService defaults (go-restful's `copyDefaults`). */
  copyDefaults(rootProduces: readonly string[], rootConsumes: readonly string[]): this {
    if (this.#produces.length === 0) this.#produces = [...rootProduces];
    if (this.#consumes.length === 0) this.#consumes = [...rootConsumes];
    return this;
  }

  /**
   * Builds the immutable {@link Route}: path = concatPath(root, sub), the curly
   * template and the relative path expression are compiled once here. Throws a
   * `ConfigurationError` without `to()` and a `RouteTemplateError` for a bad regex.
   */
  build(): Route {
    const path = concatPath(this.#rootPath, this.#currentPath);
    const fn = this.#function;
    if (fn === undefined) throw new ConfigurationError('MissingRouteFunction', `no function specified for route: ${path}`);
    return new Route({
      method: this.#method,
      path,
      subPath: this.#currentPath,
      produces: this.#produces,
      consumes: this.#consumes,
      function: fn,
      filters: this.#filters,
      if: this.#conditions,
      doc: this.#doc,
      notes: this.#notes,
      operation: this.#operation === '' ? nameOfFunction(fn) : this.#operation,
      parameterDocs: this.#parameters,
      responseErrors: this.#responseErrors,
      defaultResponse: this.#defaultResponse,
      readSample: this.#readSample,
      writeSample: this.#writeSamples.length === 1 ? this.#writeSamples[0] : undefined,
      writeSamples: this.#writeSamples,
      metadata: this.#metadata,
      deprecated: this.#deprecated,
      extensions: this.#extensions,
      contentEncodingEnabled: this.#contentEncodingEnabled,
      allowedMethodsWithoutContentType: this.#allowedMethodsWithoutContentType,
      template: compileRouteTemplate(path),
      relativeExpression: compilePathExpression(this.#currentPath),
    });
  }
}
