// The baseline of the startup bench (bench/server.mjs): the least a node process does to serve HTTP — spawn,
// node:http listen on a free loopback port, print the URL, answer every request (/readyz too) with 200.
// Nothing else is imported, so the figure is node's own start-up plus a listen.
import { createServer } from 'node:http';

const server = createServer((_req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening http://127.0.0.1:${server.address().port}\n`));
