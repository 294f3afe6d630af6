/**
 * Validation of a CRD's `spec.conversion` (apiextensions validation `validateCustomResourceConversion` with
 * apiserver's `ValidateWebhookURL`, `ValidateWebhookService` and `ValidateCABundle`). Field paths are those of the
 * internal type, as kube-apiserver reports them: `spec.conversion.webhookClientConfig…` and
 * `spec.conversion.conversionReviewVersions`, though v1 nests both under `spec.conversion.webhook`.
 *
 * @module
 */
import { X509Certificate } from 'node:crypto';
import { validateWebhookService as validateSharedWebhookService, validateWebhookURL as validateSharedWebhookURL } from '@apiserver/registry';
import {
  type FieldError,
  type FieldPath,
  fieldForbidden,
  fieldInvalid,
  fieldNotSupported,
  fieldRequired,
  isDNS1035Label,
} from '@apiserver/runtime';
import type { CustomResourceConversion, CustomResourceDefinition, ServiceReference } from '../apis/types.js';
import { isConditionTrue } from '../apis/helpers.js';

/** The ConversionReview versions this server (and kube-apiserver 1.17+) understands. */
export const ACCEPTED_CONVERSION_REVIEW_VERSIONS: readonly string[] = ['v1', 'v1beta1'];

/** What differs between create and update. */
export interface ConversionValidationOptions {
  /** `conversionReviewVersions` must name a version this server speaks (false when the old CRD named none). */
  readonly requireRecognizedVersion: boolean;
  /** An unparsable caBundle is let through (the old CRD was not established, or its bundle was already bad). */
  readonly allowInvalidCABundle: boolean;
}

/** `ValidateWebhookURL` with https forced. */
export function validateWebhookURL(path: FieldPath, raw: string): FieldError[] {
  return validateSharedWebhookURL(path, raw, true);
}

/**
 * `ValidateWebhookService` as CRD validation calls it: name, namespace, port 1–65535 and a path of DNS-subdomain
 * segments. kube-apiserver passes the name and namespace in swapped order (kubernetes#141353), so a missing name is
 * reported at `.namespace` and a missing namespace at `.name`; so are they here.
 */
export function validateWebhookService(path: FieldPath, service: ServiceReference): FieldError[] {
  return validateSharedWebhookService(path, { name: service.namespace ?? '', namespace: service.name ?? '', path: service.path, port: service.port ?? 0 });
}

/** Whether a base64 PEM bundle holds at least one parsable certificate (client-go `cert.ParseCertsPEM`). */
export function caBundleProblem(caBundle: string): string | undefined {
  const pem = Buffer.from(caBundle, 'base64').toString('utf8');
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) return 'data does not contain any valid RSA or ECDSA certificates';
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      return 'x509: malformed certificate';
    }
  }
  return undefined;
}

function validateConversionReviewVersions(versions: readonly string[], requireRecognized: boolean, path: FieldPath): FieldError[] {
  if (versions.length === 0) return [fieldRequired(path, '')];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  for (const [i, v] of versions.entries()) {
    if (seen.has(v)) {
      errs.push(fieldInvalid(path.index(i), v, 'duplicate version'));
      continue;
    }
    seen.add(v);
    for (const msg of isDNS1035Label(v)) errs.push(fieldInvalid(path.index(i), v, msg));
  }
  if (requireRecognized && !versions.some((v) => ACCEPTED_CONVERSION_REVIEW_VERSIONS.includes(v))) {
    errs.push(fieldInvalid(path, versions, `must include at least one of ${ACCEPTED_CONVERSION_REVIEW_VERSIONS.join(', ')}`));
  }
  return errs;
}

function validateClientConfig(conversion: CustomResourceConversion, options: ConversionValidationOptions, path: FieldPath): FieldError[] {
  const cc = conversion.webhook?.clientConfig;
  const ccPath = path.child('webhookClientConfig');
  if (cc === undefined || cc === null) return [fieldRequired(ccPath, 'required when strategy is set to Webhook')];
  const hasURL = cc.url !== undefined && cc.url !== null;
  const hasService = cc.service !== undefined && cc.service !== null;
  const errs: FieldError[] = [];
  if (hasURL === hasService) errs.push(fieldRequired(ccPath, 'exactly one of url or service is required'));
  else if (hasURL) errs.push(...validateWebhookURL(ccPath.child('url'), cc.url ?? ''));
  else if (cc.service !== undefined) errs.push(...validateWebhookService(ccPath.child('service'), cc.service));
  const caBundle = cc.caBundle ?? '';
  const problem = caBundle === '' || options.allowInvalidCABundle ? undefined : caBundleProblem(caBundle);
  if (problem !== undefined) errs.push(fieldInvalid(ccPath.child('caBundle'), caBundle, problem));
  return errs;
}

/** `validateCustomResourceConversion` of a v1 `spec.conversion` at `path`. */
export function validateCustomResourceConversion(
  conversion: CustomResourceConversion | undefined,
  options: ConversionValidationOptions,
  path: FieldPath,
): FieldError[] {
  if (conversion === undefined || conversion === null) return [];
  const errs: FieldError[] = [];
  const strategy = conversion.strategy ?? '';
  if (strategy === '') errs.push(fieldRequired(path.child('strategy'), ''));
  else if (strategy !== 'None' && strategy !== 'Webhook') errs.push(fieldNotSupported(path.child('strategy'), strategy, ['None', 'Webhook']));
  const versions = conversion.webhook?.conversionReviewVersions ?? [];
  if (strategy === 'Webhook') {
    return [...errs, ...validateClientConfig(conversion, options, path), ...validateConversionReviewVersions(versions, options.requireRecognizedVersion, path.child('conversionReviewVersions'))];
  }
  if (conversion.webhook?.clientConfig !== undefined && conversion.webhook.clientConfig !== null) {
    errs.push(fieldForbidden(path.child('webhookClientConfig'), 'should not be set when strategy is not set to Webhook'));
  }
  if (versions.length > 0) errs.push(fieldForbidden(path.child('conversionReviewVersions'), 'should not be set when strategy is not set to Webhook'));
  return errs;
}

/** Create: a recognized ConversionReview version is required and the caBundle must parse. */
export const CREATE_CONVERSION_OPTIONS: ConversionValidationOptions = { requireRecognizedVersion: true, allowInvalidCABundle: false };

/**
 * Update: a recognized version is required unless the old CRD already named none (`hasValidConversionReviewVersionOrEmpty`),
 * and an invalid caBundle is allowed while the old CRD is not established or its bundle was already invalid.
 */
export function updateConversionOptions(old: CustomResourceDefinition): ConversionValidationOptions {
  const oldVersions = old.spec?.conversion?.webhook?.conversionReviewVersions ?? [];
  const requireRecognizedVersion = oldVersions.length === 0 || oldVersions.some((v) => ACCEPTED_CONVERSION_REVIEW_VERSIONS.includes(v));
  const oldBundle = old.spec?.conversion?.webhook?.clientConfig?.caBundle ?? '';
  const allowInvalidCABundle = !isConditionTrue(old, 'Established') || (oldBundle !== '' && caBundleProblem(oldBundle) !== undefined);
  return { requireRecognizedVersion, allowInvalidCABundle };
}
