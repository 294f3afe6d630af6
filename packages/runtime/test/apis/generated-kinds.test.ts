import { isDeepStrictEqual } from 'node:util';
import t from 'tap';
import type { TSchema } from 'typebox';
import * as generated from '../../src/apis/generated/index.js';
import { addMetaKinds, addMetaToGroupVersion } from '../../src/apis/meta/v1/register.js';
import { openAPIComponentsForKind } from '../../src/openapi/components.js';
import { Scheme } from '../../src/runtime/scheme.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';
import { node, X_GVK } from '../../src/schema/extensions.js';
import { sampleOf } from '../helpers/sample-object.js';

const kindLists = Object.entries(generated).filter((e): e is [string, readonly TSchema[]] => Array.isArray(e[1]));
const scheme = addMetaKinds(new Scheme('generated'));
const all: { gvk: { group: string; version: string; kind: string }; schema: TSchema }[] = [];
for (const [, kinds] of kindLists) {
  for (const schema of kinds) {
    const gvk = (node(schema)[X_GVK] as { group: string; version: string; kind: string }[])[0];
    if (gvk === undefined) throw new Error('kind without group-version-kind');
    addMetaToGroupVersion(scheme, gvk);
    scheme.addKnownTypes(schema);
    all.push({ gvk, schema });
  }
}
const codecs = new CodecFactory(scheme);

t.equal(kindLists.length, 19, 'a kind list per generated group version');
t.equal(all.length, 120, 'generated kinds (register.go kinds with a protobuf message, lists included)');

t.test('a fully populated object of every generated kind survives Go JSON, protobuf and YAML', async (t) => {
  for (const { gvk, schema } of all) {
    const apiVersion = gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`;
    const name = `${apiVersion} ${gvk.kind}`;
    const obj = { apiVersion, kind: gvk.kind, ...(sampleOf(schema) as Record<string, unknown>) };
    const errors = scheme.validate(obj);
    if (errors.length > 0) t.same(errors, [], `${name} is valid`);
    const goJSON = JSON.parse(codecs.json.encodeToString(obj));
    const bytes = codecs.protobuf.encode(obj);
    const back = codecs.protobuf.decode(bytes);
    if (!isDeepStrictEqual(back, goJSON)) t.same(back, goJSON, `${name}: protobuf decodes to the Go JSON form`);
    const yaml = codecs.yaml.decode(codecs.yaml.encode(obj));
    if (!isDeepStrictEqual(yaml, goJSON)) t.same(yaml, goJSON, `${name}: YAML round trip`);
  }
  t.pass(`${all.length} kinds round-tripped`);
});

t.test('every generated kind has OpenAPI components', async (t) => {
  let components = 0;
  for (const { gvk } of all) components += Object.keys(openAPIComponentsForKind(scheme, gvk).components).length;
  t.ok(components > all.length, `${components} components`);
});
