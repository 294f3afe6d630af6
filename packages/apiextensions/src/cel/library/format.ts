/**
 * Kubernetes' CEL format library (`k8s.io/apiserver/pkg/cel/library/format.go`, in CRD rules since
 * 1.31): `format.named(name)` (an optional format), `format.<name>()` for each named format, and
 * `<format>.validate(s)`, which is `optional.none()` for a valid string and otherwise an optional
 * list of upstream's error messages. The name formats are apimachinery's name and label checks
 * (`…Prefix` checks a `generateName` prefix); `uri` is `url.ParseRequestURI`'s error; `uuid`,
 * `byte`, `date` and `datetime` are the schema format checks.
 *
 * @module
 */
import { type CelFunc, CelScalar, celFunc, celList, celMethod } from '@bufbuild/cel';
import { isQualifiedName, isValidLabelValue, nameIsDNS1035Label, nameIsDNSLabel, nameIsDNSSubdomain } from '@apiserver/runtime';
import { checkFormat } from '../../formats.js';
import { FORMAT_TYPE, OPTIONAL_TYPE, opaqueText } from './opaque-types.js';
import { optionalNone, optionalOf } from './optional.js';
import { parseRequestURI } from './request-uri.js';

const { STRING } = CelScalar;
const FORMAT = FORMAT_TYPE.celType;
const OPTIONAL = OPTIONAL_TYPE.celType;

function schemaFormat(format: string, message: string): (s: string) => string[] {
  return (s) => (checkFormat(format, s) === true ? [] : [message]);
}

function uriErrors(s: string): string[] {
  try {
    parseRequestURI(s);
    return [];
  } catch (err) {
    return [(err as Error).message];
  }
}

/** The named formats and their checks (each returns its error messages). */
const FORMATS: ReadonlyMap<string, (s: string) => string[]> = new Map([
  ['dns1123Label', (s: string) => nameIsDNSLabel(s, false)],
  ['dns1123Subdomain', (s: string) => nameIsDNSSubdomain(s, false)],
  ['dns1035Label', (s: string) => nameIsDNS1035Label(s, false)],
  ['qualifiedName', isQualifiedName],
  ['dns1123LabelPrefix', (s: string) => nameIsDNSLabel(s, true)],
  ['dns1123SubdomainPrefix', (s: string) => nameIsDNSSubdomain(s, true)],
  ['dns1035LabelPrefix', (s: string) => nameIsDNS1035Label(s, true)],
  ['labelValue', isValidLabelValue],
  ['uri', uriErrors],
  ['uuid', schemaFormat('uuid', 'does not match the UUID format')],
  ['byte', schemaFormat('byte', 'invalid base64')],
  ['date', schemaFormat('date', 'invalid date')],
  ['datetime', schemaFormat('datetime', 'invalid datetime')],
]);

/** The format functions. */
export const formatLibrary: readonly CelFunc[] = [
  celFunc('format.named', [STRING], OPTIONAL, (name) => (FORMATS.has(name) ? optionalOf(FORMAT_TYPE.of(name)) : optionalNone())),
  ...[...FORMATS.keys()].map((name) => celFunc(`format.${name}`, [], FORMAT, () => FORMAT_TYPE.of(name))),
  celMethod('validate', FORMAT, [STRING], OPTIONAL, function (s) {
    const errors = FORMATS.get(opaqueText(this))?.(s) ?? [];
    return errors.length === 0 ? optionalNone() : optionalOf(celList(errors));
  }),
];
