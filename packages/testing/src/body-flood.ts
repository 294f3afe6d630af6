/**
 * A raw-socket client that keeps sending a request body after the server answered: how the 413 tests of restful and
 * endpoints check that a connection is closed promptly instead of being read to its end (issue #19).
 */
import { connect } from 'node:net';

/** What a client flooding the server after its request head saw. */
export interface Flood {
  readonly response: string;
  /** Milliseconds from the first response bytes to the connection's end; undefined when it stayed open 10 s. */
  readonly closedAfterMs: number | undefined;
}

/**
 * Sends `head`, then 64 KiB of body every 5 ms (as chunks when `chunked`, else raw) until the server closes the
 * connection, for at most 10 s.
 */
export function flood(port: number, head: string, chunked: boolean): Promise<Flood> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const data = Buffer.alloc(64 * 1024, 'x');
    const frame = chunked ? Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data;
    let response = '';
    let firstByteAt: number | undefined;
    let done = false;
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(frame);
    }, 5);
    const finish = (closed: boolean): void => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(guard);
      socket.destroy();
      resolve({ response, closedAfterMs: closed && firstByteAt !== undefined ? performance.now() - firstByteAt : undefined });
    };
    const guard = setTimeout(() => finish(false), 10000);
    socket.on('data', (chunk: Buffer) => {
      firstByteAt ??= performance.now();
      response += chunk.toString('latin1');
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(head);
  });
}
