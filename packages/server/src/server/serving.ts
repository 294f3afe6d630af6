import { readFileSync } from 'node:fs';
import { type Server, createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** Serving options (`--bind-address`, `--port`, `--secure-port`, TLS files). */
export interface ServingOptions {
  /** The address to listen on (default `127.0.0.1`). */
  readonly bindAddress?: string;
  /** Plain HTTP port (0 = any free port); absent → no plain listener. */
  readonly port?: number;
  /** TLS serving; absent → no TLS listener. */
  readonly secure?: SecureServingOptions;
}

/** TLS serving options. */
export interface SecureServingOptions {
  /** The TLS port (`--secure-port`; 0 = any free port). */
  readonly port: number;
  /** PEM certificate chain (`--tls-cert-file`). */
  readonly tlsCertFile: string;
  /** PEM private key (`--tls-private-key-file`). */
  readonly tlsPrivateKeyFile: string;
  /** PEM CA bundle verifying client certificates (`--client-ca-file`); enables client-certificate authentication. */
  readonly clientCAFile?: string;
}

/** A serving configuration that cannot be used (missing file, nothing to serve). */
export class ServingError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = 'ServingError';
  }
}

/** One listening server. */
export interface Listener {
  /** The node server. */
  readonly server: Server;
  /** `http://host:port` or `https://host:port`. */
  readonly url: string;
}

type Listener_ = (request: IncomingMessage, response: ServerResponse) => void;

function readPem(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw new ServingError(`cannot read ${what} ${JSON.stringify(path)}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function listenOn(server: Server, port: number, host: string, scheme: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address: AddressInfo | string | null = server.address();
      if (address === null || typeof address === 'string') {
        reject(new ServingError('listener has no TCP address'));
        return;
      }
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ server, url: `${scheme}://${shownHost}:${address.port}` });
    });
  });
}

/** Creates and starts the plain and/or TLS listeners for `listener`. */
export async function startListeners(options: ServingOptions, listener: Listener_): Promise<Listener[]> {
  const host = options.bindAddress ?? '127.0.0.1';
  const started: Listener[] = [];
  if (options.port === undefined && options.secure === undefined) throw new ServingError('nothing to serve: give a port, a secure port or both');
  try {
    if (options.port !== undefined) started.push(await listenOn(createHttpServer(listener), options.port, host, 'http'));
    const secure = options.secure;
    if (secure !== undefined) {
      const tls = {
        cert: readPem(secure.tlsCertFile, 'TLS certificate file'),
        key: readPem(secure.tlsPrivateKeyFile, 'TLS private key file'),
        ...(secure.clientCAFile !== undefined && {
          ca: readPem(secure.clientCAFile, 'client CA file'),
          requestCert: true,
          rejectUnauthorized: false,
        }),
      };
      started.push(await listenOn(createHttpsServer(tls, listener), secure.port, host, 'https'));
    }
  } catch (err) {
    for (const l of started) l.server.close();
    throw err;
  }
  return started;
}
