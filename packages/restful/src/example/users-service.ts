import { Container } from '../container.js';
import { MIME_JSON } from '../constants.js';
import { CrossOriginResourceSharing } from '../filters/cors-filter.js';
import { logPrint } from '../log.js';
import type { Request } from '../request.js';
import type { Response } from '../response.js';
import { ServiceError } from '../service-error.js';
import { WebService } from '../web-service.js';

/** A user of the example API. */
export interface User {
  /** Identifier. */
  readonly id: string;
  /** Display name. */
  readonly name: string;
}

function isUserInput(value: unknown): value is { id?: unknown; name: string } {
  return typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';
}

async function readUser(request: Request, response: Response): Promise<{ id?: unknown; name: string } | undefined> {
  try {
    const body = await request.readEntity();
    if (isUserInput(body)) return body;
    response.writeErrorString(400, 'a user needs a string "name"');
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    response.writeErrorString(error.code, error.message);
  }
  return undefined;
}

/**
 * An in-memory users CRUD API on `/users` (JSON in and out) with a logging filter
 * and CORS, showing go-restful's 404/405/406/415 answers. Used by `npm start`.
 */
export function createExampleContainer(options: { readonly log?: boolean } = {}): Container {
  const users = new Map<string, User>([['1', { id: '1', name: 'Ada' }]]);
  let nextId = 2;
  const ws = new WebService().path('/users').consumes(MIME_JSON).produces(MIME_JSON).doc('Manage users');
  ws.route(ws.get('').to((_req, resp) => resp.writeEntity([...users.values()])).doc('list users'));
  ws.route(
    ws.get('/{user-id}').to((req, resp) => {
      const user = users.get(req.pathParameter('user-id'));
      if (user === undefined) resp.writeErrorString(404, 'User could not be found.');
      else resp.writeEntity(user);
    }).doc('get a user').param(ws.pathParameter('user-id', 'identifier of the user')).returns(200, 'OK').returns(404, 'Not Found'),
  );
  ws.route(
    ws.post('').to(async (req, resp) => {
      const input = await readUser(req, resp);
      if (input === undefined) return;
      const user = { id: String(nextId++), name: input.name };
      users.set(user.id, user);
      resp.header().set('Location', `/users/${user.id}`);
      resp.writeHeaderAndEntity(201, user);
    }).doc('create a user').reads({ name: 'string' }).returns(201, 'Created'),
  );
  ws.route(
    ws.put('/{user-id}').to(async (req, resp) => {
      const id = req.pathParameter('user-id');
      if (!users.has(id)) return resp.writeErrorString(404, 'User could not be found.');
      const input = await readUser(req, resp);
      if (input === undefined) return;
      const user = { id, name: input.name };
      users.set(id, user);
      resp.writeEntity(user);
    }).doc('update a user'),
  );
  ws.route(
    ws.delete('/{user-id}').to((req, resp) => {
      if (users.delete(req.pathParameter('user-id'))) resp.writeHeader(204);
      else resp.writeErrorString(404, 'User could not be found.');
    }).doc('delete a user'),
  );
  const container = new Container().add(ws);
  if (options.log === true) {
    container.filter(async (req, resp, chain) => {
      const started = process.hrtime.bigint();
      await chain.processFilter(req, resp);
      const micros = (process.hrtime.bigint() - started) / 1000n;
      logPrint(`${req.raw.method} ${req.raw.url} -> ${resp.statusCode()} (${micros} µs)`);
    });
  }
  const cors = new CrossOriginResourceSharing({ allowedHeaders: ['Content-Type'], container, maxAge: 600 });
  container.filter(cors.filter);
  container.filter(container.OPTIONSFilter);
  return container;
}
