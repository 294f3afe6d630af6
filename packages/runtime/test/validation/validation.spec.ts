import t from 'tap';
import * as field from '../../src/validation/field/index.js';
import {
  assertValidListOptions,
  type ListOptionsToValidate,
  type ValidateListOptionsConfig,
  validateListOptions,
} from '../../src/validation/list-options.js';
import { generateName, GENERATED_NAME_ALPHABET, randomSuffix } from '../../src/validation/generate-name.js';
import {
  maskTrailingDash,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  validateLabelName,
  validateLabels,
  validateObjectMetaName,
} from '../../src/validation/name-rules.js';
import {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
  regexError,
} from '../../src/validation/names.js';
import { isValidPathSegmentName, isValidPathSegmentPrefix, validatePathSegmentName } from '../../src/validation/path-segment.js';

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QNAME_MSG =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

t.test('field paths render like Kubernetes', async (t) => {
  t.equal(field.newPath('metadata', 'labels').key('app').toString(), 'metadata.labels[app]');
  t.equal(field.newPath('spec').child('containers').index(0).child('name').toString(), 'spec.containers[0].name');
  t.equal(field.newPath('spec', 'template').child('spec', 'volumes').index(2).key('k').toString(), 'spec.template.spec.volumes[2][k]');
  t.equal(field.newPath('a').child('b').root().toString(), 'a');
  t.equal(field.pathString(undefined), '<nil>');
  t.equal(field.FieldPath.of('x').toString(), 'x');
});

t.test('field errors: body and full text', async (t) => {
  const p = field.newPath('spec', 'f');
  const table: [field.FieldError, string][] = [
    [field.required(p, ''), 'spec.f: Required value'],
    [field.required(p, 'name or generateName is required'), 'spec.f: Required value: name or generateName is required'],
    [field.invalid(p, 'x"y', 'bad'), 'spec.f: Invalid value: "x\\"y": bad'],
    [field.invalid(p, 5, 'bad'), 'spec.f: Invalid value: 5: bad'],
    [field.invalid(p, true, ''), 'spec.f: Invalid value: true'],
    [field.invalid(p, null, 'n'), 'spec.f: Invalid value: null: n'],
    [field.invalid(p, undefined, 'n'), 'spec.f: Invalid value: null: n'],
    [field.invalid(p, ['a', 'b'], 'list'), 'spec.f: Invalid value: ["a","b"]: list'],
    [field.invalid(p, { a: 1 }, ''), 'spec.f: Invalid value: {"a":1}'],
    [field.invalid(p, 10n, ''), 'spec.f: Invalid value: 10'],
    [field.notSupported(p, 'Maybe', ['Always', 'Never']), 'spec.f: Unsupported value: "Maybe": supported values: "Always", "Never"'],
    [field.notSupported(p, 'Maybe'), 'spec.f: Unsupported value: "Maybe"'],
    [field.forbidden(p, 'may not be set'), 'spec.f: Forbidden: may not be set'],
    [field.tooLong(p, 'xxxx', 3), 'spec.f: Too long: may not be more than 3 bytes'],
    [field.tooLong(p, 'xxxx', -1), 'spec.f: Too long: value is too long'],
    [field.tooMany(p, 5, 3), 'spec.f: Too many: 5: must have at most 3 items'],
    [field.tooMany(p, 5, 1), 'spec.f: Too many: 5: must have at most 1 items'],
    [field.tooMany(p, -1, -1), 'spec.f: Too many: has too many items'],
    [field.tooShort(p, 'a', 2), 'spec.f: Too short: "a": must be at least 2 characters'],
    [field.tooShort(p, '', 1), 'spec.f: Too short: "": must be at least 1 character'],
    [field.tooShort(p, '', -1), 'spec.f: Too short: "": value is too short'],
    [field.tooFew(p, 0, 1), 'spec.f: Too few: 0: must have at least 1 item'],
    [field.tooFew(p, 0, 2), 'spec.f: Too few: 0: must have at least 2 items'],
    [field.tooFew(p, 0, -1), 'spec.f: Too few: 0: has too few items'],
    [field.duplicate(p, 'a'), 'spec.f: Duplicate value: "a"'],
    [field.notFound(p, 'a'), 'spec.f: Not found: "a"'],
    [field.typeInvalid(p, 'a', 'must be an integer'), 'spec.f: Invalid value: "a": must be an integer'],
    [field.internalError(p, new Error('oops')), 'spec.f: Internal error: oops'],
    [field.invalid(undefined, 'v', 'd'), '<nil>: Invalid value: "v": d'],
  ];
  for (const [err, text] of table) t.equal(err.toString(), text, text);
  t.equal(field.required(p).type, 'FieldValueRequired');
  t.equal(field.invalid(p, 'a').errorBody(), 'Invalid value: "a"');
});

t.test('goQuote matches strconv.Quote', async (t) => {
  const table: [string, string][] = [
    ['abc', '"abc"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ['\n\t\r\x07\b\f\v', '"\\n\\t\\r\\a\\b\\f\\v"'],
    ['\x00\x1f\x7f', '"\\x00\\x1f\\x7f"'],
    ['é日本', '"é日本"'],
    ['\u200b', '"\\u200b"'],
    ['\u{e0001}', '"\\U000e0001"'],
    ['😀', '"😀"'],
    // Go decodes JSON's lone "\ud800" to U+FFFD, a printable rune.
    ['a\ud800b', '"a\ufffdb"'],
    ['\u00a0\u2028', '"\\u00a0\\u2028"'],
  ];
  // Named by the quoted form: a raw U+2028 in a test name would end the TAP line early.
  for (const [input, want] of table) t.equal(field.goQuote(input), want, want);
  t.equal(field.aggregateMessage([]), undefined);
  t.equal(field.aggregateMessage(['a', 'a']), 'a');
  t.equal(field.aggregateMessage(['a', 'b', 'a']), '[a, b]');
});

t.test('DNS names and qualified names', async (t) => {
  t.same(isDNS1123Subdomain('example.com'), []);
  t.same(isDNS1123Subdomain('Example.com'), [SUBDOMAIN_MSG]);
  t.same(isDNS1123Subdomain('a'.repeat(254)), ['must be no more than 253 characters']);
  t.same(isDNS1123Subdomain(`-${'a'.repeat(253)}`), ['must be no more than 253 characters', SUBDOMAIN_MSG]);
  t.same(isDNS1123Label('my-name'), []);
  t.same(isDNS1123Label('a.b'), [LABEL_MSG]);
  t.same(isDNS1123Label('a'.repeat(64)), ['must be no more than 63 characters']);
  t.same(isDNS1035Label('abc-123'), []);
  t.same(isDNS1035Label('1abc'), [DNS1035_MSG]);
  t.same(isDNS1035Label(''), [DNS1035_MSG]);
  t.same(isQualifiedName('app'), []);
  t.same(isQualifiedName('example.com/MyName'), []);
  t.same(isQualifiedName('a b'), [`name part ${QNAME_MSG}`]);
  t.same(isQualifiedName(''), ['name part must be non-empty', `name part ${QNAME_MSG}`]);
  t.same(isQualifiedName('/x'), ['prefix part must be non-empty']);
  t.same(isQualifiedName('Ex.com/x'), [`prefix part ${SUBDOMAIN_MSG}`]);
  t.same(isQualifiedName('a/b/c'), [
    `a qualified name ${QNAME_MSG} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
  ]);
  t.same(isQualifiedName('a'.repeat(64)), ['name part must be no more than 63 characters']);
  t.same(isValidLabelValue(''), []);
  t.same(isValidLabelValue('my_value.1'), []);
  t.same(isValidLabelValue('-x'), [VALUE_MSG]);
  t.same(isValidLabelValue('é'.repeat(32)), ['must be no more than 63 characters', VALUE_MSG], 'length counts UTF-8 bytes');
  t.equal(regexError('m', 'f'), "m (regex used for validation is 'f')");
});

t.test('path segment names', async (t) => {
  t.same(isValidPathSegmentName('.'), ["may not be '.'"]);
  t.same(isValidPathSegmentName('..'), ["may not be '..'"]);
  t.same(isValidPathSegmentName('a/b%c'), ["may not contain '/'", "may not contain '%'"]);
  t.same(isValidPathSegmentName('ok'), []);
  t.same(isValidPathSegmentPrefix('..'), []);
  t.same(validatePathSegmentName('.', true), []);
  t.same(validatePathSegmentName('.', false), ["may not be '.'"]);
});

t.test('object names and generateName', async (t) => {
  t.equal(maskTrailingDash('abc-'), 'aba', 'upstream drops two characters');
  t.equal(maskTrailingDash('-'), '-');
  t.equal(maskTrailingDash('abc'), 'abc');
  t.same(nameIsDNSSubdomain('web-', true), []);
  t.same(nameIsDNSSubdomain('web-', false), [SUBDOMAIN_MSG]);
  t.same(nameIsDNSLabel('a.b', false), [LABEL_MSG]);
  t.same(nameIsDNSLabel('ns-', true), []);
  t.same(nameIsDNS1035Label('svc-', true), []);
  t.same(nameIsDNS1035Label('1svc', false), [DNS1035_MSG]);
  t.same(validateObjectMetaName({ name: 'ok' }), []);
  t.same(
    validateObjectMetaName({}).map(String),
    ['metadata.name: Required value: name or generateName is required'],
  );
  t.same(
    validateObjectMetaName({ name: 'Bad', generateName: 'Gen-' }).map(String),
    [`metadata.generateName: Invalid value: "Gen-": ${SUBDOMAIN_MSG}`, `metadata.name: Invalid value: "Bad": ${SUBDOMAIN_MSG}`],
  );
  t.same(validateObjectMetaName({ name: 'x' }, nameIsDNSLabel, field.newPath('meta')), []);
  t.same(validateLabelName('a b', field.newPath('k')).map(String), [`k: Invalid value: "a b": name part ${QNAME_MSG}`]);
  t.same(
    validateLabels({ ok: 'v', 'b c': '-x' }).map(String),
    [`metadata.labels: Invalid value: "b c": name part ${QNAME_MSG}`, `metadata.labels: Invalid value: "-x": ${VALUE_MSG}`],
  );
  let i = 0;
  const seq = (max: number): number => i++ % max;
  t.equal(generateName('web-', seq), 'web-bcdfg');
  const long = generateName('x'.repeat(80));
  t.equal(long.length, 63);
  t.match(long, /^x{58}[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  t.equal(randomSuffix(3, () => GENERATED_NAME_ALPHABET.length - 1), '999');
  t.equal(randomSuffix().length, 5);
});

t.test('list options validation', async (t) => {
  const table: [ListOptionsToValidate, ValidateListOptionsConfig, string[]][] = [
    [{}, {}, []],
    [{ resourceVersion: '5', resourceVersionMatch: 'Exact' }, {}, []],
    [{ resourceVersionMatch: 'NotOlderThan' }, {}, ['resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided']],
    [
      { resourceVersion: '1', resourceVersionMatch: 'Exact', continue: 'tok' },
      {},
      ['resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided'],
    ],
    [
      { resourceVersion: '1', resourceVersionMatch: 'Newest' },
      {},
      ['resourceVersionMatch: Unsupported value: "Newest": supported values: "Exact", "NotOlderThan", ""'],
    ],
    [{ resourceVersion: '0', resourceVersionMatch: 'Exact' }, {}, ['resourceVersionMatch: Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"']],
    [{ sendInitialEvents: true }, {}, ['sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list']],
    [{ watch: true, sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan' }, {}, []],
    [
      { watch: true, sendInitialEvents: false },
      { watchListEnabled: false },
      [
        'resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
        'sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
      ],
    ],
    [
      { watch: true, resourceVersionMatch: 'Exact', continue: 'x' },
      {},
      [
        'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
        'resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"',
        'resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided',
      ],
    ],
  ];
  for (const [opts, config, want] of table) t.same(validateListOptions(opts, config).map(String), want, JSON.stringify(opts));
  t.doesNotThrow(() => assertValidListOptions({ resourceVersion: '1', resourceVersionMatch: 'NotOlderThan' }));
  t.throws(() => assertValidListOptions({ resourceVersionMatch: 'Exact' }), {
    code: 422,
    message: 'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
  });
});

t.test("goSprintValue: Go's %v of a decoded JSON value", async (t) => {
  t.equal(field.goSprintValue({ spec: { b: [1, 2.5, null, true, 's'], a: {} }, data: 'x' }), 'map[data:x spec:map[a:map[] b:[1 2.5 <nil> true s]]]');
  t.equal(field.goSprintValue([]), '[]');
  t.equal(field.goSprintValue(null), '<nil>');
  t.equal(field.goSprintValue(1e-7), '1e-07', 'non-integers as %g');
  t.equal(field.goSprintValue(1234567.5), '1.2345675e+06');
  t.equal(field.goSprintValue({ B: 1, a: 2 }), 'map[B:1 a:2]', 'keys in byte order');
});
