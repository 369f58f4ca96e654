// Test helpers for Web Push: a local HTTP server standing in for a push service, and a browser's side of a
// subscription (its P-256 key pair and auth secret) that decrypts what the server sent, as a browser would.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in push service: records each request; answers the next queued status for its path, else 201. */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(parts) });
      const status = answers.get(path)?.shift() ?? 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    answer: (path: string, ...statuses: number[]) => answers.set(path, statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser holds for one subscription: its P-256 key pair and auth secret. */
export function fakeBrowserSubscription(endpoint: string) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** Decrypts a received aes128gcm body as the browser would. */
    decrypt(body: Buffer): unknown {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') });
      return JSON.parse(plain.toString('utf8'));
    },
  };
}
