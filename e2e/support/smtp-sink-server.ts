/**
 * The mail server of the browser tests: an SMTP sink the portal delivers to, and an HTTP
 * endpoint (GET /messages) through which the specs read what arrived.
 */
import { createServer } from 'node:http';
import { startSmtpSink } from '../../apps/api/test/smtp-sink';

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2526);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 4175);

const sink = await startSmtpSink(smtpPort);
const http = createServer((request, response) => {
  if (request.url === '/messages') {
    const messages = sink.messages.map(({ to, subject, text }) => ({ to, subject, text }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(request.url === '/health' ? 200 : 404).end();
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  http.close();
  void sink.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
