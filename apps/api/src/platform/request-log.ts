// One log line per request, written when it is answered: its method, URL, client, status and time
// (Fastify's default also writes a line as each request arrives, which doubled the logging of every
// answer). Errors, not-found routes and stream failures are logged as Fastify does.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
