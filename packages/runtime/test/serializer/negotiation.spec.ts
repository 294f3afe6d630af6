import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { parseAccept, parseMediaType } from '../../src/serializer/media-type.js';
import {
  aggregatedDiscoveryRestrictions,
  negotiateInputSerializer,
  negotiateOutputMediaType,
  negotiateOutputMediaTypeStream,
  NotAcceptableError,
  resourceEndpointRestrictions,
  UnsupportedMediaTypeError,
} from '../../src/serializer/negotiation.js';

const infos = new CodecFactory(newBuiltinScheme()).supportedMediaTypes;
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const DISCOVERY =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';

t.test('Accept parsing sorts by q, then specificity', async (t) => {
  t.same(
    parseAccept('*/*;q=0.8, text/*, application/json;q=0.9;as=Table, bogus, *').map((c) => `${c.type}/${c.subType};${c.q}`),
    ['text/*;1', '*/*;1', 'application/json;0.9', '*/*;0.8'],
  );
  t.same(parseAccept('application/json;as=Table;V=v1;q=x')[0]?.params, { as: 'Table', v: 'v1' });
  t.same(parseMediaType('Application/JSON; charset=utf-8'), { mediaType: 'application/json', params: { charset: 'utf-8' } });
  t.equal(parseMediaType('json'), undefined);
});

const resource = resourceEndpointRestrictions({ tableConvertor: true });
const cases: { accept: string | undefined; want: string; target?: string; restrictions?: typeof resource; stream?: string; pretty?: boolean }[] = [
  { accept: undefined, want: 'application/json' },
  { accept: '', want: 'application/json' },
  { accept: '*/*', want: 'application/json' },
  { accept: 'application/*', want: 'application/json' },
  { accept: 'application/yaml', want: 'application/yaml' },
  { accept: 'application/vnd.kubernetes.protobuf,application/json', want: 'application/vnd.kubernetes.protobuf' },
  { accept: 'application/json;q=0.5,application/yaml', want: 'application/yaml' },
  { accept: TABLE, want: 'application/json', target: 'meta.k8s.io/v1/Table', restrictions: resource },
  { accept: TABLE, want: 'application/json', restrictions: resourceEndpointRestrictions({ tableConvertor: false }) },
  { accept: TABLE, want: 'application/json' },
  { accept: 'application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io,application/yaml', want: 'application/yaml', restrictions: resource },
  { accept: 'application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io', want: 'application/json', target: 'meta.k8s.io/v1/PartialObjectMetadataList', restrictions: resource },
  { accept: 'application/json;as=Pod;v=v1;g=,application/yaml', want: 'application/yaml', restrictions: resource },
  { accept: DISCOVERY, want: 'application/json', target: 'apidiscovery.k8s.io/v2/APIGroupDiscoveryList', restrictions: aggregatedDiscoveryRestrictions },
  { accept: 'application/json;stream=watch', want: 'application/json', stream: 'watch' },
  { accept: 'application/json;pretty=1', want: 'application/json', pretty: true },
];

t.test('output negotiation table', async (t) => {
  for (const c of cases) {
    const got = negotiateOutputMediaType(c.accept, infos, c.restrictions);
    const target = got.target && `${got.target.group}/${got.target.version}/${got.target.kind}`;
    t.equal(got.info.mediaType, c.want, `${c.accept}: media type`);
    t.equal(target, c.target, `${c.accept}: target`);
    t.equal(got.stream, c.stream, `${c.accept}: stream`);
    t.equal(got.pretty, c.pretty ?? false, `${c.accept}: pretty`);
  }
});

t.test('NotAcceptable carries the accepted list', async (t) => {
  const err = t.throws(() => negotiateOutputMediaType('text/html', infos));
  t.ok(err instanceof NotAcceptableError);
  t.equal((err as NotAcceptableError).message, 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf');
  t.throws(() => negotiateOutputMediaType('application/json', infos, aggregatedDiscoveryRestrictions), NotAcceptableError, 'legacy fallback signal');
  t.throws(() => negotiateOutputMediaType('application/yaml;stream=watch', infos), NotAcceptableError);
  t.throws(() => negotiateOutputMediaType('application/json;stream=other', infos), NotAcceptableError);
});

t.test('stream negotiation', async (t) => {
  t.equal(negotiateOutputMediaTypeStream('application/vnd.kubernetes.protobuf;stream=watch', infos).info.stream?.framing, 'length-delimited');
  t.equal(negotiateOutputMediaTypeStream(undefined, infos).info.stream?.mediaType, 'application/json');
  const err = t.throws(() => negotiateOutputMediaTypeStream('application/yaml', infos));
  t.equal(
    (err as Error).message,
    'only the following media types are accepted: application/json;stream=watch, application/vnd.kubernetes.protobuf;stream=watch',
  );
  t.throws(() => negotiateOutputMediaTypeStream('text/html', infos), NotAcceptableError);
});

t.test('input negotiation', async (t) => {
  t.equal(negotiateInputSerializer(undefined, infos).mediaType, 'application/json');
  t.equal(negotiateInputSerializer('application/vnd.kubernetes.protobuf', infos).mediaType, 'application/vnd.kubernetes.protobuf');
  t.equal(negotiateInputSerializer('application/yaml; charset=utf-8', infos).mediaType, 'application/yaml');
  const err = t.throws(() => negotiateInputSerializer('text/plain', infos));
  t.ok(err instanceof UnsupportedMediaTypeError);
  t.equal(
    (err as Error).message,
    'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  );
  t.throws(() => negotiateInputSerializer('garbage', infos), UnsupportedMediaTypeError);
});
