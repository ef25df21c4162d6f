// The baseline of the HTTP benchmarks: a bare Fastify route that parses the same JSON POST and
// answers a small JSON envelope, with nothing behind it. Run as its own process, as the server is.
// Prints its port on stdout once it listens.
import { URLSearchParams } from 'node:url';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = (request) => ({ code: 1, msg: 'ok', data: { id: 1, number: request.body?.number ?? null } });
app.post('/api/tx_in/add', answer);
app.post('/api/tx_out/add', answer);
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(body))),
);
app.post('/api/v3/order', answer);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
