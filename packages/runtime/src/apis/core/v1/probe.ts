/** core/v1 Probe and its handlers (exec, httpGet, tcpSocket, grpc). */
import { type Static, Type } from 'typebox';
import { embedded, field, int32, int64, requiredField, stringList, struct } from '../../../schema/define.js';
import { IntOrStringSchema } from '../../../schema/special-types.js';

const CORE = 'io.k8s.api.core.v1';

/** Schema of core/v1 HTTPHeader. */
export const HTTPHeaderSchema = struct(`${CORE}.HTTPHeader`, 'A header of an HTTP probe.', {
  name: requiredField(1, Type.String(), 'Header name.'),
  value: requiredField(2, Type.String(), 'Header value.'),
});

/** Schema of core/v1 ProbeHandler. */
export const ProbeHandlerSchema = struct(`${CORE}.ProbeHandler`, 'The action of a probe; set exactly one.', {
  exec: field(
    1,
    struct(`${CORE}.ExecAction`, 'Run a command in the container.', {
      command: field(1, stringList(), 'Command line; exit status 0 is healthy.', { listType: 'atomic' }),
    }),
    'Run a command.',
    { omit: 'nil' },
  ),
  httpGet: field(
    2,
    struct(`${CORE}.HTTPGetAction`, 'An HTTP GET request.', {
      path: field(1, Type.String(), 'Path to request.'),
      port: requiredField(2, IntOrStringSchema, 'Port number or name.'),
      host: field(3, Type.String(), 'Host name; defaults to the pod IP.'),
      scheme: field(4, Type.String(), 'HTTP or HTTPS.'),
      httpHeaders: field(5, Type.Array(HTTPHeaderSchema), 'Custom headers.', { listType: 'atomic' }),
    }),
    'Send an HTTP GET.',
    { omit: 'nil' },
  ),
  tcpSocket: field(
    3,
    struct(`${CORE}.TCPSocketAction`, 'Open a TCP connection.', {
      port: requiredField(1, IntOrStringSchema, 'Port number or name.'),
      host: field(2, Type.String(), 'Host name; defaults to the pod IP.'),
    }),
    'Open a TCP connection.',
    { omit: 'nil' },
  ),
  grpc: field(
    4,
    struct(`${CORE}.GRPCAction`, 'A gRPC health check.', {
      port: requiredField(1, int32(), 'Port number of the gRPC service.'),
      service: field(2, Type.String(), 'Service name for the health check.', { omit: 'null' }),
    }),
    'Call the gRPC health service.',
    { omit: 'nil' },
  ),
});

/** Schema of core/v1 Probe. */
export const ProbeSchema = struct(`${CORE}.Probe`, 'A health check of a container.', {
  ...embedded(1, 'handler', ProbeHandlerSchema),
  initialDelaySeconds: field(2, int32(), 'Seconds after start before the first probe.'),
  timeoutSeconds: field(3, int32(), 'Seconds before a probe times out.'),
  periodSeconds: field(4, int32(), 'Seconds between probes.'),
  successThreshold: field(5, int32(), 'Consecutive successes to count as healthy.'),
  failureThreshold: field(6, int32(), 'Consecutive failures to count as unhealthy.'),
  terminationGracePeriodSeconds: field(7, int64(), 'Grace period when the probe fails.', { omit: 'nil' }),
});
/** core/v1 Probe. */
export type Probe = Static<typeof ProbeSchema>;
