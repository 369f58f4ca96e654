// The outbox's three deliveries: SMTP when SMTP_URL is set, the console in demo mode, stored only otherwise.
import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBaseWorld } from '../../db/seed/base-world.ts';
import { call, createTestContext, type TestContext } from '../../../test/helper.ts';
import { flushOutbox, queueMessage, type OutboxDeps } from './outbox.ts';

/** A minimal SMTP server that keeps what it receives. */
async function startSmtpServer() {
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') {
          socket.write('250-localhost\r\n250 8BITMIME\r\n');
        } else if (cmd === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (cmd === 'RCPT') {
          current.to.push(line);
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 OK\r\n');
        }
      }
    });
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function statusOf(ctx: TestContext, id: string) {
  return ctx.db
    .selectFrom('outbox_messages')
    .select(['status', 'error', 'sent_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('SMTP delivery (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({ smtpUrl: `smtp://127.0.0.1:${smtp.port}?from=codes%40portal.test` });
    await createBaseWorld(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('a sign-in code reaches the SMTP server and the row is marked sent', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/auth/login', payload: { email_phone: 'retailer@demo.test' } });
    expect(res.status).toBe(200);
    await flushOutbox(ctx.db);
    const row = await ctx.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'retailer@demo.test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.sent_at).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toContain('<codes@portal.test>');
    expect(mail.to).toEqual(['RCPT TO:<retailer@demo.test>']);
    expect(mail.data).toContain('Subject: Your sign-in code');
    expect(mail.data).toContain(row.body.slice(0, 30));
  });

  it('an unreachable server marks the row failed with the reason', async () => {
    const dead = await startSmtpServer();
    await dead.close();
    const deps: OutboxDeps = {
      db: ctx.db,
      config: { mode: 'test', smtpUrl: `smtp://127.0.0.1:${dead.port}`, publicUrl: 'http://localhost:3000' },
      log: ctx.app.log,
    };
    const id = await queueMessage(deps, { channel: 'email', recipient: 'x@y.test', subject: 'S', body: 'B' });
    await flushOutbox(ctx.db);
    const row = await statusOf(ctx, id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED/);
  });
});

describe('demo and test mode without SMTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.restoreAllMocks());

  it('demo mode prints the message to the console and marks it logged', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const id = await queueMessage(
      { db: ctx.db, config: { mode: 'demo', publicUrl: 'http://localhost:3000' }, log: ctx.app.log },
      { channel: 'sms', recipient: '15550100002', subject: 'Your sign-in code', body: 'Your sign-in code is 123456.' },
    );
    await flushOutbox(ctx.db);
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('[outbox] sms to 15550100002: Your sign-in code\nYour sign-in code is 123456.'),
    );
    expect((await statusOf(ctx, id)).status).toBe('logged');
  });

  it('test mode only stores it', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const id = await queueMessage(
      { db: ctx.db, config: { mode: 'test', publicUrl: 'http://localhost:3000' }, log: ctx.app.log },
      { channel: 'email', recipient: 'a@b.test', subject: 'S', body: 'B' },
    );
    await flushOutbox(ctx.db);
    expect(log).not.toHaveBeenCalled();
    expect(await statusOf(ctx, id)).toEqual({ status: 'pending', error: null, sent_at: null });
  });
});
