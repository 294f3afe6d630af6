/** The kinds of documented parameters (go-restful's `PathParameterKind` …). */
export const ParameterKind = {
  /** A `{name}` in the path. */
  Path: 0,
  /** A `?name=` query parameter. */
  Query: 1,
  /** The request body. */
  Body: 2,
  /** A request header. */
  Header: 3,
  /** An `application/x-www-form-urlencoded` field. */
  Form: 4,
  /** A `multipart/form-data` field. */
  MultiPartForm: 5,
} as const;

/** One of the {@link ParameterKind} values. */
export type ParameterKindValue = (typeof ParameterKind)[keyof typeof ParameterKind];

/** Collection formats for multi-valued parameters. */
export const CollectionFormat = {
  /** Comma separated. */
  CSV: 'csv',
  /** Space separated. */
  SSV: 'ssv',
  /** Tab separated. */
  TSV: 'tsv',
  /** Pipe separated. */
  PIPES: 'pipes',
  /** Repeated parameter. */
  MULTI: 'multi',
} as const;

/** The documentation data of a parameter (go-restful's `ParameterData`). */
export interface ParameterData {
  /** Parameter name. */
  name: string;
  /** Human description. */
  description: string;
  /** Data type name, e.g. `string`. */
  dataType: string;
  /** Data format, e.g. `int64`. */
  dataFormat: string;
  /** The kind. */
  kind: ParameterKindValue;
  /** Whether the parameter is required. */
  required: boolean;
  /** Possible values (documentation). */
  possibleValues: string[];
  /** Whether the parameter may be repeated. */
  allowMultiple: boolean;
  /** Whether an empty value is allowed. */
  allowEmptyValue: boolean;
  /** Default value. */
  defaultValue: string;
  /** Collection format, for multi-valued parameters. */
  collectionFormat: string;
  /** Regex pattern the value should match. */
  pattern: string;
  /** Minimum numeric value. */
  minimum: number | undefined;
  /** Maximum numeric value. */
  maximum: number | undefined;
  /** Minimum string length. */
  minLength: number | undefined;
  /** Maximum string length. */
  maxLength: number | undefined;
  /** Minimum number of items. */
  minItems: number | undefined;
  /** Maximum number of items. */
  maxItems: number | undefined;
  /** Whether items must be unique. */
  uniqueItems: boolean;
  /** Vendor extensions (`x-…`). */
  extensions: Record<string, unknown>;
}

/**
 * Documentation of one request parameter, as go-restful's `Parameter`. Setters chain.
 * Nothing here is validated at request time.
 */
export class Parameter {
  #data: ParameterData;

  /** Creates a parameter of `kind` named `name`. */
  constructor(name: string, description: string, kind: ParameterKindValue, required: boolean, dataType: string) {
    this.#data = {
      name,
      description,
      dataType,
      dataFormat: '',
      kind,
      required,
      possibleValues: [],
      allowMultiple: false,
      allowEmptyValue: false,
      defaultValue: '',
      collectionFormat: '',
      pattern: '',
      minimum: undefined,
      maximum: undefined,
      minLength: undefined,
      maxLength: undefined,
      minItems: undefined,
      maxItems: undefined,
      uniqueItems: false,
      extensions: {},
    };
  }

  /** A copy of the documentation data. */
  data(): ParameterData {
    return { ...this.#data, possibleValues: [...this.#data.possibleValues], extensions: { ...this.#data.extensions } };
  }

  /** The parameter name (what `data().name` gives, without copying the data). */
  name(): string {
    return this.#data.name;
  }

  /** The parameter kind. */
  kind(): ParameterKindValue {
    return this.#data.kind;
  }

  /** Sets whether it is required. */
  required(required: boolean): this {
    this.#data.required = required;
    return this;
  }

  /** Sets whether it may be repeated. */
  allowMultiple(multiple: boolean): this {
    this.#data.allowMultiple = multiple;
    return this;
  }

  /** Sets whether an empty value is allowed. */
  allowEmptyValue(allow: boolean): this {
    this.#data.allowEmptyValue = allow;
    return this;
  }

  /** Deprecated in go-restful: fills possible values from the keys, sorted. */
  allowableValues(values: Readonly<Record<string, string>>): this {
    this.#data.possibleValues = Object.keys(values).sort();
    return this;
  }

  /** Sets the possible values. */
  possibleValues(values: readonly string[]): this {
    this.#data.possibleValues = [...values];
    return this;
  }

  /** Sets the data type name. */
  dataType(typeName: string): this {
    this.#data.dataType = typeName;
    return this;
  }

  /** Sets the data format. */
  dataFormat(format: string): this {
    this.#data.dataFormat = format;
    return this;
  }

  /** Sets the default value. */
  defaultValue(value: string): this {
    this.#data.defaultValue = value;
    return this;
  }

  /** Sets the description. */
  description(doc: string): this {
    this.#data.description = doc;
    return this;
  }

  /** Sets the collection format. */
  collectionFormat(format: string): this {
    this.#data.collectionFormat = format;
    return this;
  }

  /** Sets the value pattern. */
  pattern(pattern: string): this {
    this.#data.pattern = pattern;
    return this;
  }

  /** Sets the minimum. */
  minimum(minimum: number): this {
    this.#data.minimum = minimum;
    return this;
  }

  /** Sets the maximum. */
  maximum(maximum: number): this {
    this.#data.maximum = maximum;
    return this;
  }

  /** Sets the minimum length. */
  minLength(minLength: number): this {
    this.#data.minLength = minLength;
    return this;
  }

  /** Sets the maximum length. */
  maxLength(maxLength: number): this {
    this.#data.maxLength = maxLength;
    return this;
  }

  /** Sets the minimum number of items. */
  minItems(minItems: number): this {
    this.#data.minItems = minItems;
    return this;
  }

  /** Sets the maximum number of items. */
  maxItems(maxItems: number): this {
    this.#data.maxItems = maxItems;
    return this;
  }

  /** Sets whether items must be unique. */
  uniqueItems(unique: boolean): this {
    this.#data.uniqueItems = unique;
    return this;
  }

  /** Adds a vendor extension. */
  addExtension(key: string, value: unknown): this {
    this.#data.extensions[key] = value;
    return this;
  }
}

/** A path parameter doc: required, `string`. */
export function pathParameter(name: string, description: string): Parameter {
  return new Parameter(name, description, ParameterKind.Path, true, 'string');
}

/** A query parameter doc: optional, `string`, collection format `csv`. */
export function queryParameter(name: string, description: string): Parameter {
  return new Parameter(name, description, ParameterKind.Query, false, 'string').collectionFormat(CollectionFormat.CSV);
}

/** A body parameter doc: required, no data type. */
export function bodyParameter(name: string, description: string): Parameter {
  return new Parameter(name, description, ParameterKind.Body, true, '');
}

/** A header parameter doc: optional, `string`. */
export function headerParameter(name: string, description: string): Parameter {
  return new Parameter(name, description, ParameterKind.Header, false, 'string');
}

/** A form parameter doc: optional, `string` (go-restful's code sets `Required:false`). */
export function formParameter(name: string, description: string): Parameter {
  return new Parameter(name, description, ParameterKind.Form, false, 'string');
}

/** A multipart form parameter doc: optional, `string`. */
export function multiPartFormParameter(name: string, description: string): Parameter {
  return new Parameter(name, description, ParameterKind.MultiPartForm, false, 'string');
}
