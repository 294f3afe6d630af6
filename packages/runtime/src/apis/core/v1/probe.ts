/** core/v1 Probe and its handlers (exec, httpGet, tcpSocket, grpc). Generated from k8s.io/api (see `apis/generated`). */
import type { Static } from 'typebox';
import { HTTPHeaderSchema, ProbeHandlerSchema, ProbeSchema } from '../../generated/core/v1/types.js';

export { HTTPHeaderSchema, ProbeHandlerSchema, ProbeSchema };

/** core/v1 Probe. */
export type Probe = Static<typeof ProbeSchema>;
