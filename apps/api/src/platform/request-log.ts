// The server's log: pino JSON lines on standard output, one per request, written when it is answered:
// its method, URL, client, status and time (Fastify's default also writes a line as each request
// arrives, which doubled the logging of every answer). Errors, not-found routes and stream failures are
// logged as Fastify does. Lines are written asynchronously (pino's own buffered destination, flushed on
// exit): a synchronous write per line cost the event loop a system call per answer.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export function requestLogController(): LogController {
  return new OneLinePerRequest();
}

/** Fastify's logger options at a level: standard output, written asynchronously. */
export function loggerOptions(level: string) {
  return { level, stream: pino.destination({ dest: 1, sync: false }) };
}
