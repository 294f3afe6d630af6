/**
 * Go's decode error for a JSON value of the wrong kind (`json: cannot unmarshal <kind> into Go struct field
 * <Struct>.<json path> of type <Go type>`), as kube-apiserver 1.32 answers the bodies below.
 */
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema, SecretSchema } from '../../src/apis/core/v1/config.js';
import { PodSchema } from '../../src/apis/core/v1/pod.js';
import { ServiceSchema } from '../../src/apis/core/v1/service.js';
import { HorizontalPodAutoscalerSchema } from '../../src/apis/generated/autoscaling/v2/types.js';
import { goTypeProblem, goTypeStringOf } from '../../src/schema/go-type-errors.js';
import { propertiesOf } from '../../src/schema/extensions.js';
import { unstructuredConversionProblem } from '../../src/schema/unstructured-conversion.js';

const refused = (kind: string, at: string, type: string) => `json: cannot unmarshal ${kind} into Go struct field ${at} of type ${type}`;
const container = (extra: object) => ({ spec: { containers: [{ name: 'c', image: 'i', ...extra }] } });

t.test('scalars, lists and maps of the wrong kind name the declaring struct, the JSON path and the Go type', async (t) => {
  const cases: [string, ReturnType<typeof goTypeProblem>, string][] = [
    ['label value a number', goTypeProblem(ConfigMapSchema, { metadata: { labels: { version: 1 } } }), refused('number', 'ObjectMeta.metadata.labels', 'string')],
    ['labels a list', goTypeProblem(ConfigMapSchema, { metadata: { labels: ['a'] } }), refused('array', 'ObjectMeta.metadata.labels', 'map[string]string')],
    ['replicas text (a pointer field names its element)', goTypeProblem(DeploymentSchema, { spec: { replicas: '3' } }), refused('string', 'DeploymentSpec.spec.replicas', 'int32')],
    ['spec text', goTypeProblem(DeploymentSchema, { spec: 'x' }), refused('string', 'Deployment.spec', 'v1.DeploymentSpec')],
    ['port text, inside a list', goTypeProblem(ServiceSchema, { spec: { ports: [{ port: 80 }, { port: '80' }] } }), refused('string', 'ServicePort.spec.ports.port', 'int32')],
    ['containers an object', goTypeProblem(PodSchema, { spec: { containers: { name: 'c' } } }), refused('object', 'PodSpec.spec.containers', '[]v1.Container')],
    ['env value a number', goTypeProblem(PodSchema, container({ env: [{ name: 'A', value: 1 }] })), refused('number', 'EnvVar.spec.containers.env.value', 'string')],
    ['command text', goTypeProblem(PodSchema, container({ command: 'sleep' })), refused('string', 'Container.spec.containers.command', '[]string')],
    ['a bool flag as text', goTypeProblem(PodSchema, container({ stdin: 'yes' })), refused('string', 'Container.spec.containers.stdin', 'bool')],
    ['a named string type', goTypeProblem(PodSchema, container({ ports: [{ containerPort: 80, protocol: 6 }] })), refused('number', 'ContainerPort.spec.containers.ports.protocol', 'v1.Protocol')],
    ['a named map type', goTypeProblem(PodSchema, container({ resources: { limits: '1' } })), refused('string', 'ResourceRequirements.spec.containers.resources.limits', 'v1.ResourceList')],
    ['items of a named type', goTypeProblem(PodSchema, container({ securityContext: { capabilities: { add: [1] } } })), refused('number', 'Capabilities.spec.containers.securityContext.capabilities.add', 'v1.Capability')],
    ['an apimachinery named type', goTypeProblem(ConfigMapSchema, { metadata: { uid: 5 } }), refused('number', 'ObjectMeta.metadata.uid', 'types.UID')],
    ['another version package', goTypeProblem(HorizontalPodAutoscalerSchema, { spec: { metrics: 'cpu' } }), refused('string', 'HorizontalPodAutoscalerSpec.spec.metrics', '[]v2.MetricSpec')],
  ];
  for (const [name, got, want] of cases) t.equal(got, want, name);
});

t.test('the special types refuse what their UnmarshalJSON refuses', async (t) => {
  t.equal(goTypeProblem(SecretSchema, { data: { a: 5 } }), refused('number', 'Secret.data', '[]uint8'), 'bytes');
  t.equal(goTypeProblem(ConfigMapSchema, { metadata: { creationTimestamp: 5 } }), refused('number', 'ObjectMeta.metadata.creationTimestamp', 'string'), 'Time reads a string');
  t.equal(goTypeProblem(ServiceSchema, { spec: { ports: [{ port: 80, targetPort: true }] } }), refused('bool', 'ServicePort.spec.ports.targetPort', 'int32'), 'IntOrString');
  t.match(goTypeProblem(PodSchema, container({ resources: { limits: { cpu: true } } })), /^quantities must match the regular expression/, 'Quantity');
  t.equal(goTypeProblem(PodSchema, container({ resources: { limits: { cpu: 1, memory: '1Gi' } } })), undefined, 'a Quantity reads numbers and text');
  t.equal(goTypeProblem(ServiceSchema, { spec: { ports: [{ port: 80, targetPort: 'http' }, { port: 81, targetPort: 8080 }] } }), undefined);
});

t.test('what Go decodes is not refused', async (t) => {
  t.equal(goTypeProblem(PodSchema, { metadata: { name: 'p', labels: null, annotations: { a: 'b' } }, spec: { containers: [null, { name: 'c', env: null }] } }), undefined, 'nulls');
  t.equal(goTypeProblem(ConfigMapSchema, { metadata: { name: 'x' }, data: { k: 'v' }, unknown: 5 }), undefined, 'fields Go does not declare');
  t.equal(goTypeProblem(DeploymentSchema, { spec: { replicas: 2.5 } }), undefined, "numbers Go cannot hold are go-numbers.ts's");
});

t.test('the first refused value in document order', async (t) => {
  t.equal(goTypeProblem(DeploymentSchema, { spec: { paused: 'no', replicas: 'x' } }), refused('string', 'DeploymentSpec.spec.paused', 'bool'));
  t.equal(goTypeProblem(DeploymentSchema, { spec: { replicas: 'x', paused: 'no' } }), refused('string', 'DeploymentSpec.spec.replicas', 'int32'));
});

t.test('Go type names', async (t) => {
  const spec = propertiesOf(DeploymentSchema)?.spec;
  t.equal(spec === undefined ? undefined : goTypeStringOf(spec), 'v1.DeploymentSpec');
  t.equal(goTypeStringOf(PodSchema), 'v1.Pod');
});

t.test("the unstructured converter's words (strategic merge patches): Go declaration order, reflect kinds", async (t) => {
  t.equal(unstructuredConversionProblem(DeploymentSchema, { spec: { paused: 'no', replicas: 'x' } }), 'unrecognized type: int32', 'replicas is declared before paused');
  t.equal(unstructuredConversionProblem(PodSchema, container({ ports: [{ containerPort: 80, protocol: 6 }] })), 'cannot convert int64 to v1.Protocol');
  t.equal(unstructuredConversionProblem(PodSchema, container({ ports: [{ containerPort: 80.5 }] })), 'cannot convert float64 to int32');
  t.equal(unstructuredConversionProblem(PodSchema, container({ ports: [{ containerPort: 80.0 }] })), undefined, 'an integral float converts');
  t.equal(unstructuredConversionProblem(PodSchema, { spec: { containers: { name: 'c' } } }), 'cannot restore slice from map');
  t.equal(unstructuredConversionProblem(ConfigMapSchema, { metadata: 'x' }), 'cannot restore struct from: string');
  t.equal(unstructuredConversionProblem(ServiceSchema, { spec: { ports: [{ port: 80, targetPort: true }] } }), 'json: cannot unmarshal bool into Go value of type int32', 'IntOrString unmarshals on its own');
  t.equal(unstructuredConversionProblem(ConfigMapSchema, { metadata: { creationTimestamp: 5 } }), 'json: cannot unmarshal number into Go value of type string');
  t.equal(unstructuredConversionProblem(SecretSchema, { data: { a: 5 } }), 'cannot restore slice from int64');
  t.equal(unstructuredConversionProblem(ConfigMapSchema, { metadata: { name: 'x', labels: { a: 'b' } }, data: { k: 'v' } }), undefined);
});
