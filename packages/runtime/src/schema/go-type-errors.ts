/**
 * Go's typed decoding refuses a JSON value of the wrong kind for its field (a string where an int32 is declared, an
 * object for a list) with `json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type
 * int32`: the JSON kind, the struct that declares the field, the JSON names from the root (list indices and map keys
 * left out) and the field's Go type as reflection prints it (`[]v1.Container`, `map[string]string`, `v1.Protocol`).
 * Go records the first such value in document order and decodes on; the walk here takes the members of an object in
 * their order too. JSON `null` is never refused (Go leaves the zero value). Of the special types: a Quantity reads any
 * number or text (other values fail its parse), an IntOrString a number or text (others are refused as int32), a
 * Time or MicroTime text (others are refused as string), bytes base64 text (others as `[]uint8`); a RawExtension or
 * FieldsV1 takes anything. Numbers Go cannot hold and Quantity text are go-numbers.ts's.
 */
import type { TSchema } from 'typebox';
import { cheapStepDue, runWhole, type SlicedPass } from '../runtime/time-slice.js';
import { codecOf, goTypeNameOf, node, typeNameOf } from './extensions.js';
import { goPlanOf } from './go-plan.js';
import { quantityError } from './quantity.js';

/** The JSON kind of a value as Go's decoder names it: `string`, `number`, `bool`, `array`, `object`. */
function jsonKindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** The Go name of a named type from its OpenAPI definition name: `io.k8s.api.core.v1.PodSpec` → `v1.PodSpec`. */
function qualifiedName(definition: string): string {
  const dot = definition.lastIndexOf('.');
  return definition.slice(definition.lastIndexOf('.', dot - 1) + 1);
}

const LEAF_TYPES: Readonly<Record<string, string>> = { string: 'string', boolean: 'bool', number: 'float64' };

/** The reflect kind of a scalar schema (`string` for named string types too), or undefined for other schemas. */
export function leafKindOf(schema: TSchema): string | undefined {
  const plan = goPlanOf(schema);
  if (plan.kind === 'leaf' && plan.int !== undefined) return plan.int;
  const type = node(schema).type;
  return typeof type === 'string' ? LEAF_TYPES[type] : undefined;
}

/** The Go type of a schema as reflection prints it (pointers are decoded into their element, which errors name). */
export function goTypeStringOf(schema: TSchema): string {
  const named = goTypeNameOf(schema);
  if (named !== undefined) return named;
  const codec = codecOf(schema);
  if (codec === 'bytes') return '[]uint8';
  if (codec === 'wrapped-list') return '[]string';
  const plan = goPlanOf(schema);
  if (plan.kind === 'array') return `[]${goTypeStringOf(plan.items)}`;
  if (plan.kind === 'map') return `map[string]${goTypeStringOf(plan.value)}`;
  const definition = typeNameOf(schema);
  if (definition !== undefined) return qualifiedName(definition);
  return leafKindOf(schema) ?? 'interface {}';
}

/** Where a value sits: the struct declaring its field and the JSON names from the root (none: outside any struct). */
export interface Place {
  readonly struct: string;
  readonly fields: string[];
}

/** Go's UnmarshalTypeError text; a decode outside any struct (a special type's own) has no field to name. */
function refused(value: unknown, type: string, place: Place): string {
  const into = place.struct === '' && place.fields.length === 0 ? 'Go value' : `Go struct field ${place.struct}.${place.fields.join('.')}`;
  return `json: cannot unmarshal ${jsonKindOf(value)} into ${into} of type ${type}`;
}

/** Whether a JSON value of a scalar's JSON type is what Go decodes into a leaf of `schema`. */
function leafAccepts(schema: TSchema, value: unknown): boolean {
  const type = node(schema).type;
  if (type === 'string') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'integer' || type === 'number') return typeof value === 'number';
  return true;
}

/** The refusal of a special type's value, or undefined when its UnmarshalJSON reads it. */
export function codecProblem(schema: TSchema, value: unknown, place: Place): string | undefined {
  switch (codecOf(schema)) {
    case 'quantity':
      return typeof value === 'string' || typeof value === 'number' ? undefined : quantityError(JSON.stringify(value));
    case 'int-or-string':
      return typeof value === 'string' || typeof value === 'number' ? undefined : refused(value, 'int32', place);
    case 'time':
    case 'microtime':
      return typeof value === 'string' ? undefined : refused(value, 'string', place);
    case 'bytes':
      return typeof value === 'string' ? undefined : refused(value, '[]uint8', place);
    case 'wrapped-list': {
      if (!Array.isArray(value)) return refused(value, goTypeStringOf(schema), place);
      const notText = value.find((v) => v !== null && typeof v !== 'string');
      return notText === undefined ? undefined : refused(notText, 'string', place);
    }
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function* problemSteps(schema: TSchema, value: unknown, place: Place): SlicedPass<string | undefined> {
  if (value === null || value === undefined) return undefined;
  const plan = goPlanOf(schema);
  if (plan.kind === 'codec') return codecProblem(schema, value, place);
  if (plan.kind === 'leaf') return leafAccepts(schema, value) ? undefined : refused(value, goTypeStringOf(schema), place);
  if (plan.kind === 'struct') {
    if (!isObject(value)) return refused(value, goTypeStringOf(schema), place);
    const inner: Place = { struct: plan.name, fields: place.fields };
    for (const key of Object.keys(value)) {
      const fieldSchema = plan.fields.get(key);
      if (cheapStepDue()) yield;
      if (fieldSchema === undefined) continue;
      place.fields.push(key);
      const problem = yield* problemSteps(fieldSchema, value[key], inner);
      place.fields.pop();
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  const items = plan.kind === 'array' ? (Array.isArray(value) ? value : undefined) : isObject(value) ? Object.values(value) : undefined;
  if (items === undefined) return refused(value, goTypeStringOf(schema), place);
  const itemSchema = plan.kind === 'array' ? plan.items : plan.value;
  for (const item of items) {
    if (cheapStepDue()) yield;
    const problem = yield* problemSteps(itemSchema, item, place);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * Go's decode error for the first value of `value` (an object of the struct `schema` describes) whose JSON kind its
 * field's Go type refuses, or undefined when Go decodes every value; as a sliced pass (issue #19) for large bodies.
 */
export function goTypeProblemSteps(schema: TSchema, value: unknown): SlicedPass<string | undefined> {
  const plan = goPlanOf(schema);
  return problemSteps(schema, value, { struct: plan.kind === 'struct' ? plan.name : '', fields: [] });
}

/** {@link goTypeProblemSteps} in one pass. */
export function goTypeProblem(schema: TSchema, value: unknown): string | undefined {
  return runWhole(goTypeProblemSteps(schema, value));
}

