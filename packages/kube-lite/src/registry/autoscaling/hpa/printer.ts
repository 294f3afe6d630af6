/**
 * kubectl's horizontalpodautoscaler columns (pkg/printers/internalversion `printHorizontalPodAutoscaler`,
 * `formatHPAMetrics`): NAME REFERENCE TARGETS MINPODS MAXPODS REPLICAS AGE; TARGETS shows `current/target` of the
 * first two metrics (`cpu: <unknown>/80%`) and `+ N more...`. Descriptions: the autoscaling/v2beta1 field docs'
 * first sentences, as upstream's column definitions.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions, recordAt, recordsAt, stringAt } from '../../../printers/index.js';
import type { JSONRecord } from '../../../object-fields.js';

const HPA_COLUMNS = [
  NAME_COLUMN,
  column('Reference', 'string', 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.'),
  column('Targets', 'string', 'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).'),
  column('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.'),
  column('MaxPods', 'string', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up.'),
  column('Replicas', 'string', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
  AGE_COLUMN,
];

const UNKNOWN = '<unknown>';
const MAX_SHOWN = 2;
const quantity = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '0');

function valueMetric(target: JSONRecord | undefined, current: JSONRecord | undefined, hasStatus: boolean): string {
  if (target?.averageValue !== undefined && target.averageValue !== null) {
    const now = current?.averageValue !== undefined && current.averageValue !== null ? quantity(current.averageValue) : UNKNOWN;
    return `${now}/${quantity(target.averageValue)} (avg)`;
  }
  return `${hasStatus ? quantity(current?.value) : UNKNOWN}/${quantity(target?.value)}`;
}

function resourceMetric(source: JSONRecord | undefined, status: JSONRecord | undefined): string {
  const name = stringAt(source, 'name');
  const target = recordAt(source, 'target');
  const current = recordAt(status, 'current');
  if (target?.averageValue !== undefined && target.averageValue !== null) {
    return `${name}: ${status === undefined ? UNKNOWN : quantity(current?.averageValue)}/${quantity(target.averageValue)}`;
  }
  const now = typeof current?.averageUtilization === 'number' ? `${current.averageUtilization}%` : UNKNOWN;
  const goal = typeof target?.averageUtilization === 'number' ? `${target.averageUtilization}%` : '<auto>';
  return `${name}: ${now}/${goal}`;
}

function metricCell(spec: JSONRecord, status: JSONRecord | undefined): string {
  const key = { External: 'external', Pods: 'pods', Object: 'object', Resource: 'resource', ContainerResource: 'containerResource' }[stringAt(spec, 'type')];
  if (key === undefined) return '<unknown type>';
  const source = recordAt(spec, key);
  const statusSource = recordAt(status, key);
  if (key === 'resource' || key === 'containerResource') return resourceMetric(source, statusSource);
  if (key === 'pods') return `${statusSource === undefined ? UNKNOWN : quantity(recordAt(statusSource, 'current')?.averageValue)}/${quantity(recordAt(source, 'target')?.averageValue)}`;
  return valueMetric(recordAt(source, 'target'), recordAt(statusSource, 'current'), statusSource !== undefined);
}

/** `formatHPAMetrics`. */
export function formatHPAMetrics(specs: JSONRecord[], statuses: JSONRecord[]): string {
  if (specs.length === 0) return '<none>';
  const cells = specs.map((s, i) => metricCell(s, statuses[i]));
  if (cells.length <= MAX_SHOWN) return cells.join(', ');
  return `${cells.slice(0, MAX_SHOWN).join(', ')} + ${cells.length - MAX_SHOWN} more...`;
}

/** The cells of one HPA row (an autoscaling/v2 object). */
export function printHPA(hpa: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(hpa, 'spec');
  const status = recordAt(hpa, 'status');
  const ref = recordAt(spec, 'scaleTargetRef');
  const min = spec?.minReplicas;
  return [
    hpa.metadata.name ?? '',
    `${stringAt(ref, 'kind')}/${stringAt(ref, 'name')}`,
    formatHPAMetrics(recordsAt(spec, 'metrics'), recordsAt(status, 'currentMetrics')),
    typeof min === 'number' ? String(min) : '<unset>',
    typeof spec?.maxReplicas === 'number' ? spec.maxReplicas : 0,
    typeof status?.currentReplicas === 'number' ? status.currentReplicas : 0,
    ageCell(hpa, ctx.now),
  ];
}

/** The HPAs' TableConvertor. */
export function newHPATableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(HPA_COLUMNS, printHPA, options);
}
