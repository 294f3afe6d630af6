/**
 * kubectl's flowschema columns (pkg/printers/internalversion `printFlowSchema`): NAME PRIORITYLEVEL
 * MATCHINGPRECEDENCE DISTINGUISHERMETHOD AGE MISSINGPL. MISSINGPL is the `Dangling` condition's status, `?` while
 * APF's controller has not written one (kube-lite runs no such controller). A list prints in matching order
 * (`printFlowSchemaList` sorts a `FlowSchemaSequence`: lowest matchingPrecedence first, then by name).
 * @module
 */
import type { ApiList, ApiObject, RequestContext, TableOptions } from '@apiserver/registry';
import type { Table } from '@apiserver/runtime';
import { isRecord } from '../../../object-fields.js';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../../printers/index.js';
import { FLOW_SCHEMA_CONDITION_DANGLING } from '../names.js';

// The descriptions are flowcontrol/v1 swagger docs, as upstream's column definitions.
const FLOW_SCHEMA_COLUMNS = [
  NAME_COLUMN,
  column('PriorityLevel', 'string', '`name` is the name of the priority level configuration being referenced Required.'),
  column(
    'MatchingPrecedence',
    'string',
    '`matchingPrecedence` is used to choose among the FlowSchemas that match a given request. The chosen FlowSchema is among those with the numerically lowest (which we take to be logically highest) MatchingPrecedence.  Each MatchingPrecedence value must be ranged in [1,10000]. Note that if the precedence is not specified, it will be set to 1000 as default.',
  ),
  column(
    'DistinguisherMethod',
    'string',
    '`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema. `nil` specifies that the distinguisher is disabled and thus will always be the empty string.',
  ),
  AGE_COLUMN,
  column('MissingPL', 'string', 'references a broken or non-existent PriorityLevelConfiguration'),
];

function missingPriorityLevel(fs: ApiObject): string {
  const conditions = isRecord(fs.status) && Array.isArray(fs.status.conditions) ? fs.status.conditions : [];
  const dangling = conditions.find((c) => isRecord(c) && c.type === FLOW_SCHEMA_CONDITION_DANGLING);
  return isRecord(dangling) && typeof dangling.status === 'string' ? dangling.status : '?';
}

const precedenceOf = (fs: ApiObject): number => (isRecord(fs.spec) && typeof fs.spec.matchingPrecedence === 'number' ? fs.spec.matchingPrecedence : 0);

/** `FlowSchemaSequence.Less`: lower matchingPrecedence first, then names in byte order. */
export function compareFlowSchemas(a: ApiObject, b: ApiObject): number {
  const byPrecedence = precedenceOf(a) - precedenceOf(b);
  if (byPrecedence !== 0) return byPrecedence;
  const [x, y] = [a.metadata.name ?? '', b.metadata.name ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The cells of one flowschema row. */
export function printFlowSchema(fs: ApiObject, ctx: PrintContext): unknown[] {
  const spec = isRecord(fs.spec) ? fs.spec : {};
  const level = isRecord(spec.priorityLevelConfiguration) && typeof spec.priorityLevelConfiguration.name === 'string' ? spec.priorityLevelConfiguration.name : '';
  const method = isRecord(spec.distinguisherMethod) && typeof spec.distinguisherMethod.type === 'string' ? spec.distinguisherMethod.type : '<none>';
  return [fs.metadata.name ?? '', level, precedenceOf(fs), method, ageCell(fs, ctx.now), missingPriorityLevel(fs)];
}

/** The flowschemas' TableConvertor: lists print sorted as a `FlowSchemaSequence`. */
class FlowSchemaTableConvertor extends PrinterTableConvertor {
  override convertToTable(ctx: RequestContext, object: ApiObject | ApiList, tableOptions?: TableOptions): Promise<Table> {
    if (!Array.isArray(object.items)) return super.convertToTable(ctx, object, tableOptions);
    const items = [...(object.items as ApiObject[])].sort(compareFlowSchemas);
    return super.convertToTable(ctx, { ...object, items } as ApiList, tableOptions);
  }
}

/** The flowschemas' TableConvertor. */
export function newFlowSchemaTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new FlowSchemaTableConvertor(FLOW_SCHEMA_COLUMNS, printFlowSchema, options);
}
