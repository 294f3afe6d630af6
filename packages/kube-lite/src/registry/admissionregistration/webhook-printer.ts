/**
 * kubectl's columns of validating and mutating webhook configurations (pkg/printers/internalversion
 * `printValidatingWebhook`, `printMutatingWebhook`): NAME WEBHOOKS AGE.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { AGE_COLUMN, ageCell, column, NAME_COLUMN, type PrintContext, PrinterTableConvertor, type PrinterOptions } from '../../printers/index.js';

const WEBHOOK_CONFIGURATION_COLUMNS = [NAME_COLUMN, column('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration'), AGE_COLUMN];

/** The cells of one webhook configuration row. */
export function printWebhookConfiguration(config: ApiObject, ctx: PrintContext): unknown[] {
  return [config.metadata.name ?? '', Array.isArray(config.webhooks) ? config.webhooks.length : 0, ageCell(config, ctx.now)];
}

/** The TableConvertor of either kind of webhook configuration. */
export function newWebhookConfigurationTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(WEBHOOK_CONFIGURATION_COLUMNS, printWebhookConfiguration, options);
}
