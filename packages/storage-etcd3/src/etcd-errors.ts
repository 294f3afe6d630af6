/** @module etcd-errors — classify `etcd3` client errors (it has no dedicated compaction class). */
import { newUnreachableError } from '@apiserver/storage';
import { isBrokenCircuitError } from 'cockatiel';
import {
  ClientClosedError,
  GRPCCancelledError,
  GRPCDeadlineExceededError,
  GRPCOutOfRangeError,
  GRPCUnavailableError,
} from 'etcd3';

/** etcd's message for a read or watch below the compacted revision (gRPC OUT_OF_RANGE). */
export const compactedMessage = 'required revision has been compacted';
/** etcd's message for a read at a revision newer than the store (gRPC OUT_OF_RANGE). */
export const futureRevisionMessage = 'required revision is a future revision';

/** Whether etcd refused a read because the revision was compacted. */
export function isCompactedError(err: unknown): boolean {
  return err instanceof Error && err.message.includes(compactedMessage);
}

/** Whether etcd refused a read because the revision is in the future. */
export function isFutureRevisionError(err: unknown): boolean {
  return err instanceof GRPCOutOfRangeError && err.message.includes(futureRevisionMessage);
}

/** gRPC status codes of connectivity failures: CANCELLED, DEADLINE_EXCEEDED, UNAVAILABLE. */
const unreachableGrpcCodes: ReadonlySet<number> = new Set([1, 4, 14]);

/** The numeric gRPC status `code` of a raw grpc-js error (stream errors are not cast by `etcd3`). */
function grpcCode(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'number' ? err.code : undefined;
}

/** Whether the error means etcd could not be reached in time (not that it refused the request). */
export function isUnreachableEtcdError(err: unknown): boolean {
  const code = grpcCode(err);
  return (
    (code !== undefined && unreachableGrpcCodes.has(code)) ||
    err instanceof GRPCUnavailableError ||
    err instanceof GRPCDeadlineExceededError ||
    err instanceof GRPCCancelledError ||
    err instanceof ClientClosedError ||
    isBrokenCircuitError(err)
  );
}

/**
 * Maps connectivity failures to StorageError Unreachable (a documented deviation: upstream passes the
 * raw gRPC error on, which becomes a 500 Unknown); every other error is returned unchanged.
 */
export function interpretEtcdError(err: unknown, key: string): unknown {
  return isUnreachableEtcdError(err) ? newUnreachableError(key, 0, err) : err;
}

/** grpc-js details of a call that failed before it reached the member (no connection, refused, unresolvable). */
const notSentDetails = /No connection established|ECONNREFUSED|failed to connect to all addresses|Name resolution failed|EHOSTUNREACH|ENETUNREACH/;
/** grpc-js details of a connection that broke (the call may or may not have been applied). */
const connectionLostDetails = /Connection dropped|ECONNRESET|Socket closed|GOAWAY|EPIPE/;

function isUnavailable(err: unknown): err is Error {
  return err instanceof GRPCUnavailableError || (err instanceof Error && grpcCode(err) === 14);
}

/**
 * Whether the call provably never reached etcd, so resending it to another member cannot apply it twice:
 * UNAVAILABLE with grpc-js's "No connection established … ECONNREFUSED"-style details. A timeout, a reset
 * connection or an etcd-side error after the request was sent is not such proof.
 */
export function isNotSentError(err: unknown): boolean {
  return isUnavailable(err) && notSentDetails.test(err.message);
}

/** Whether the error says the member itself is down or unreachable (mark it unhealthy, use another). */
export function isMemberDownError(err: unknown): boolean {
  return isNotSentError(err) || (isUnavailable(err) && connectionLostDetails.test(err.message));
}
