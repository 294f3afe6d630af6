/**
 * Signatures of the libraries in Kubernetes' CEL environment that the checker resolves overloads of: the
 * strings extension (version 2), optionals, sets, and Kubernetes' lists, regex, URL, quantity, IP and CIDR
 * libraries (k8s.io/apiserver `pkg/cel/library`), member and global overloads as upstream declares them
 * (`quantity('1').sign()` is refused: `sign` is global), and the format and authz libraries, whose types are
 * objects without fields compared by name.
 *
 * @module
 */
import {
  BOOL,
  BYTES,
  type CelType,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  listOf,
  mapOf,
  namedObject,
  opaque,
  optionalOf,
  param,
  STRING,
  TIMESTAMP,
  UINT,
} from './cel-type.js';
import { declare, type FunctionDecls, global, member } from './function-decl.js';

const A = param('A');
const K = param('K');
const V = param('V');
const STRINGS = listOf(STRING);
const URL = opaque('kubernetes.URL');
const QUANTITY = opaque('kubernetes.Quantity');
const IP = opaque('net.IP');
const CIDR = opaque('net.CIDR');
const OPTIONAL_A = optionalOf(A);
const NAMED_FORMAT = namedObject('kubernetes.NamedFormat');
const AUTHORIZER = namedObject('kubernetes.authorization.Authorizer');
const PATH_CHECK = namedObject('kubernetes.authorization.PathCheck');
const GROUP_CHECK = namedObject('kubernetes.authorization.GroupCheck');
const RESOURCE_CHECK = namedObject('kubernetes.authorization.ResourceCheck');
const DECISION = namedObject('kubernetes.authorization.Decision');

const predicate = (target: CelType) => [member([target], BOOL)];

const STRINGS_EXT = [
  ['charAt', [member([STRING, INT], STRING)]],
  ['indexOf', [member([STRING, STRING], INT), member([STRING, STRING, INT], INT)]],
  ['lastIndexOf', [member([STRING, STRING], INT), member([STRING, STRING, INT], INT)]],
  ['lowerAscii', [member([STRING], STRING)]],
  ['upperAscii', [member([STRING], STRING)]],
  ['trim', [member([STRING], STRING)]],
  ['replace', [member([STRING, STRING, STRING], STRING), member([STRING, STRING, STRING, INT], STRING)]],
  ['split', [member([STRING, STRING], STRINGS), member([STRING, STRING, INT], STRINGS)]],
  ['substring', [member([STRING, INT], STRING), member([STRING, INT, INT], STRING)]],
  ['join', [member([STRINGS], STRING), member([STRINGS, STRING], STRING)]],
  ['strings.quote', [global([STRING], STRING)]],
  ['format', [member([STRING, listOf(DYN)], STRING)]],
] as const;

const OPTIONALS = [
  ['optional.of', [global([A], OPTIONAL_A)]],
  ['optional.ofNonZeroValue', [global([A], OPTIONAL_A)]],
  ['optional.none', [global([], OPTIONAL_A)]],
  ['hasValue', [member([OPTIONAL_A], BOOL)]],
  ['value', [member([OPTIONAL_A], A)]],
  ['orValue', [member([OPTIONAL_A, A], A)]],
  ['or', [member([OPTIONAL_A, OPTIONAL_A], OPTIONAL_A)]],
  ['_[_]', [global([optionalOf(listOf(V)), INT], optionalOf(V)), global([optionalOf(mapOf(K, V)), K], optionalOf(V))]],
] as const;

const SETS = ['sets.contains', 'sets.equivalent', 'sets.intersects'].map((n) => [n, [global([listOf(A), listOf(A)], BOOL)]] as const);

/** The element types `isSorted`, `min` and `max` are declared for, and those `sum` is. */
const COMPARABLE = [INT, UINT, DOUBLE, BOOL, DURATION, TIMESTAMP, STRING, BYTES];
const SUMMABLE = [INT, UINT, DOUBLE, DURATION];
const perElement = (types: readonly CelType[], result: (t: CelType) => CelType) => types.map((t) => member([listOf(t)], result(t)));

const LISTS = [
  ['isSorted', perElement(COMPARABLE, () => BOOL)],
  ['sum', perElement(SUMMABLE, (t) => t)],
  ['min', perElement(COMPARABLE, (t) => t)],
  ['max', perElement(COMPARABLE, (t) => t)],
  ['indexOf', [member([listOf(A), A], INT)]],
  ['lastIndexOf', [member([listOf(A), A], INT)]],
] as const;

const REGEX = [
  ['find', [member([STRING, STRING], STRING)]],
  ['findAll', [member([STRING, STRING], STRINGS), member([STRING, STRING, INT], STRINGS)]],
] as const;

const URLS = [
  ['url', [global([STRING], URL)]],
  ['isURL', [global([STRING], BOOL)]],
  ...['getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath'].map((n) => [n, [member([URL], STRING)]] as const),
  ['getQuery', [member([URL], mapOf(STRING, STRINGS))]],
] as const;

const QUANTITIES = [
  ['quantity', [global([STRING], QUANTITY)]],
  ['isQuantity', [global([STRING], BOOL)]],
  ['isInteger', predicate(QUANTITY)],
  ['asInteger', [member([QUANTITY], INT)]],
  ['asApproximateFloat', [member([QUANTITY], DOUBLE)]],
  ['sign', [global([QUANTITY], INT)]],
  ['add', [member([QUANTITY, QUANTITY], QUANTITY), member([QUANTITY, INT], QUANTITY)]],
  ['sub', [member([QUANTITY, QUANTITY], QUANTITY), member([QUANTITY, INT], QUANTITY)]],
  ['isGreaterThan', [member([QUANTITY, QUANTITY], BOOL)]],
  ['isLessThan', [member([QUANTITY, QUANTITY], BOOL)]],
  ['compareTo', [member([QUANTITY, QUANTITY], INT)]],
] as const;

const NETWORKS = [
  ['ip', [global([STRING], IP), member([CIDR], IP)]],
  ['isIP', [global([STRING], BOOL)]],
  ['ip.isCanonical', [global([STRING], BOOL)]],
  ['family', [member([IP], INT)]],
  ...['isUnspecified', 'isLoopback', 'isLinkLocalMulticast', 'isLinkLocalUnicast', 'isGlobalUnicast'].map((n) => [n, predicate(IP)] as const),
  ['string', [global([IP], STRING), global([CIDR], STRING)]],
  ['cidr', [global([STRING], CIDR)]],
  ['isCIDR', [global([STRING], BOOL)]],
  ['containsIP', [member([CIDR, STRING], BOOL), member([CIDR, IP], BOOL)]],
  ['containsCIDR', [member([CIDR, STRING], BOOL), member([CIDR, CIDR], BOOL)]],
  ['masked', [member([CIDR], CIDR)]],
  ['prefixLength', [member([CIDR], INT)]],
] as const;

/** The named formats of the format library, each `format.<name>()`. */
const FORMAT_NAMES = [
  'byte', 'date', 'datetime', 'dns1035Label', 'dns1035LabelPrefix', 'dns1123Label', 'dns1123LabelPrefix', 'dns1123Subdomain',
  'dns1123SubdomainPrefix', 'labelValue', 'qualifiedName', 'uri', 'uuid',
];
const FORMATS = [
  ...FORMAT_NAMES.map((n) => [`format.${n}`, [global([], NAMED_FORMAT)]] as const),
  ['format.named', [global([STRING], optionalOf(NAMED_FORMAT))]],
  ['validate', [member([NAMED_FORMAT, STRING], optionalOf(STRINGS))]],
] as const;

/** The authz library and its selectors (`authorizer.group('').resource('pods').check('get').allowed()`). */
const AUTHZ = [
  ['path', [member([AUTHORIZER, STRING], PATH_CHECK)]],
  ['group', [member([AUTHORIZER, STRING], GROUP_CHECK)]],
  ['serviceAccount', [member([AUTHORIZER, STRING, STRING], AUTHORIZER)]],
  ['resource', [member([GROUP_CHECK, STRING], RESOURCE_CHECK)]],
  ...['subresource', 'namespace', 'name', 'fieldSelector', 'labelSelector'].map((n) => [n, [member([RESOURCE_CHECK, STRING], RESOURCE_CHECK)]] as const),
  ['check', [member([PATH_CHECK, STRING], DECISION), member([RESOURCE_CHECK, STRING], DECISION)]],
  ['allowed', [member([DECISION], BOOL)]],
  ['errored', [member([DECISION], BOOL)]],
  ['reason', [member([DECISION], STRING)]],
  ['error', [member([DECISION], STRING)]],
] as const;

/** The declarations of the Kubernetes libraries above (merge with the standard ones). */
export const kubernetesDecls: FunctionDecls = declare(STRINGS_EXT, OPTIONALS, SETS, LISTS, REGEX, URLS, QUANTITIES, NETWORKS, FORMATS, AUTHZ);
