/**
 * `kubectl get serviceaccounts` columns (printers.go `serviceAccountColumnDefinitions`,
 * `printServiceAccount`): NAME SECRETS AGE.
 * @module
 */
import { ageCell } from '../../../printers/cells.js';
import { AGE_COLUMN, column, NAME_COLUMN } from '../../../printers/columns.js';
import { type PrinterOptions, PrinterTableConvertor } from '../../../printers/table-convertor.js';

const SECRETS_DOC =
  'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use. Pods are only limited to this list if this service account has a "kubernetes.io/enforce-mountable-secrets" annotation set to "true". The "kubernetes.io/enforce-mountable-secrets" annotation is deprecated since v1.32. Prefer separate namespaces to isolate access to mounted secrets. This field should not be used to find auto-generated service account token secrets for use outside of pods. Instead, tokens can be requested directly using the TokenRequest API, or service account token secrets can be manually created. More info: https://kubernetes.io/docs/concepts/configuration/secret';

/** The ServiceAccount columns: Name, Secrets (number of secret references), Age. */
export const SERVICE_ACCOUNT_COLUMNS = [NAME_COLUMN, column('Secrets', 'string', SECRETS_DOC), AGE_COLUMN] as const;

/** The ServiceAccount table convertor. */
export function newServiceAccountTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(
    SERVICE_ACCOUNT_COLUMNS,
    (sa, ctx) => [sa.metadata.name ?? '', Array.isArray(sa.secrets) ? sa.secrets.length : 0, ageCell(sa, ctx.now)],
    options,
  );
}
