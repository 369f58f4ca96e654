import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogController } from './request-log.ts';

describe('request log', () => {
  it('writes one line per answered request, with method, URL, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: requestLogController() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fail', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    const requests = lines.filter((l) => l.reqId !== undefined);
    const completed = requests.filter((l) => l.msg === 'request completed');
    expect(requests.filter((l) => l.msg === 'incoming request')).toEqual([]);
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/ok?x=1' }, res: { statusCode: 200 } });
    expect(completed[1]).toMatchObject({ req: { method: 'GET', url: '/fail' }, res: { statusCode: 500 } });
    expect(typeof completed[0]!.responseTime).toBe('number');
    expect(requests.some((l) => l.level === 50 && (l.err as { message?: string })?.message === 'boom')).toBe(true);
  });
});
