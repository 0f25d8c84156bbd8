/**
 * Hostile multipart bodies against a real listening server, on raw sockets (issue 15): each gets a
 * 4xx in the envelope quickly, never a 500, and the keep-alive connection either serves the next
 * request or is closed; a body that stops arriving is given up after a few idle seconds, without
 * the server's global request timeouts.
 */
import net from 'node:net';
import type { Cart } from '@shop/contract';
import { MULTIPART_BODY_MAX_BYTES, MULTIPART_IDLE_MS } from '../src/http/multipartForm';
import { createMember, createTestApp, dataOf, productTakingLogo, type TestContext, targets } from './db';
import { insertOrder } from './orderFixtures';
import { picture } from './pictures';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { status: boolean; error?: { code: string; message: string } };
  /** ms from the moment the request was written. */
  after: number;
}

/** One client connection, written byte for byte; answers are read as they come. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private wake: () => void = () => undefined;
  private sentAt = Date.now();
  closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    // A reset after the server's answer and close is the server's right; closed says it all.
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  send(head: string, body: Buffer | string = ''): void {
    this.sentAt = Date.now();
    this.socket.write(head);
    if (body.length > 0) this.socket.write(body);
  }

  private changed(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /** The next whole answer, or null when the connection closes (or `timeoutMs` passes) first. */
  async answer(timeoutMs: number): Promise<Answer | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          this.buffer = this.buffer.subarray(end + 4 + length);
          return {
            status: Number(statusLine.split(' ')[1]),
            headers,
            body: JSON.parse(body) as Answer['body'],
            after: Date.now() - this.sentAt,
          };
        }
      }
      const left = deadline - Date.now();
      if (this.closed || left <= 0) return null;
      await this.changed(left);
    }
  }

  /** Whether the server closed the connection within `timeoutMs`. */
  async closes(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await this.changed(deadline - Date.now());
    return this.closed;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

const BOUNDARY = 'ShopFormBoundary7MA4YWxk';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
  ]);
const CLOSING = `\r\n--${BOUNDARY}--\r\n`;

function post(path: string, contentType: string, length: number | 'chunked', extra = ''): string {
  const framing = length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
  return `POST /backend/api/${path} HTTP/1.1\r\nHost: shop.test\r\n${extra}Content-Type: ${contentType}\r\n${framing}\r\n\r\n`;
}
const HEALTH = 'GET /backend/api/health HTTP/1.1\r\nHost: shop.test\r\n\r\n';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

describe.each(targets)('hostile multipart bodies on a listening server on %s', (target) => {
  let ctx: TestContext;
  let port = 0;
  let cartForm = '';
  let proofHeaders = '';
  let proofForm = '';
  const open: RawConnection[] = [];

  const connect = async () => {
    const connection = await RawConnection.open(port);
    open.push(connection);
    return connection;
  };

  /** A 4xx in the envelope with this code. */
  const expectRefusal = (answer: Answer | null, status: number, code: string) => {
    expect(answer).not.toBeNull();
    expect(answer?.status).toBe(status);
    expect(answer?.body).toMatchObject({ status: false, error: { code } });
  };

  /** The same connection still answers: the refused body did not jam it. */
  const expectServesNext = async (connection: RawConnection) => {
    connection.send(HEALTH);
    const next = await connection.answer(2_000);
    expect(next?.status).toBe(200);
    expect(next?.body.status).toBe(true);
  };

  beforeAll(async () => {
    ctx = await createTestApp(target);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;

    const productId = await productTakingLogo(ctx.database);
    const cart = dataOf<Cart>(
      await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/cart/add',
        payload: { product_id: productId },
      }),
    );
    cartForm =
      part('selectedItems', '["logo"]') +
      part('cart_item_id', String(cart.items[0]?.id)) +
      part('guest_session_token', cart.guest_session_token ?? '');

    const { buyer, token } = await createMember(ctx.database);
    const { order } = await insertOrder(ctx.database, buyer.id, {
      status: 'Payment Pending',
      method: 'Money Exchange Transfer',
    });
    proofHeaders = `Authorization: Bearer ${token}\r\n`;
    proofForm = part('order_id', String(order.id)) + part('comments', 'Paid');
  });
  afterEach(() => {
    for (const connection of open.splice(0)) connection.destroy();
  });
  afterAll(() => ctx.close());

  it('answers a whole form on a raw socket (the baseline) and keeps the connection', async () => {
    const body = Buffer.concat([
      Buffer.from(cartForm),
      filePart('logo', await picture('png')),
      Buffer.from(CLOSING),
    ]);
    const connection = await connect();
    connection.send(post('cart/add-customization', MULTIPART, body.length), body);
    const answer = await connection.answer(5_000);
    expect(answer?.status).toBe(200);
    await expectServesNext(connection);
  });

  it('answers 400 at once to a body that ends before its closing boundary (not a 500)', async () => {
    for (const [path, extra, form] of [
      ['cart/add-customization', '', cartForm],
      ['buyer-orders/proof-of-payment', proofHeaders, proofForm],
    ] as const) {
      const field = path.startsWith('cart') ? 'logo' : 'file';
      const truncated = Buffer.concat([Buffer.from(form), filePart(field, Buffer.alloc(2_000, 7))]);
      const connection = await connect();
      connection.send(post(path, MULTIPART, truncated.length, extra), truncated);
      const answer = await connection.answer(2_000);
      expectRefusal(answer, 400, 'BAD_REQUEST');
      expect(answer?.after).toBeLessThan(1_000);
      await expectServesNext(connection);
    }
  });

  it('answers 400 at once to an empty, missing or over-long boundary, and the connection serves the next request', async () => {
    // The same body a browser would send, 600 KB of it, under a header that names no usable boundary.
    const body = Buffer.concat([
      Buffer.from(proofForm),
      filePart('file', Buffer.alloc(600_000, 1)),
      Buffer.from(CLOSING),
    ]);
    for (const contentType of [
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      'multipart/form-data',
      `multipart/form-data; boundary=${'x'.repeat(71)}`,
      `multipart/form-data; boundary=${BOUNDARY}; boundary=`,
    ]) {
      const connection = await connect();
      connection.send(post('buyer-orders/proof-of-payment', contentType, body.length, proofHeaders), body);
      const answer = await connection.answer(2_000);
      expectRefusal(answer, 400, 'BAD_REQUEST');
      expect(answer?.after).toBeLessThan(1_000);
      // Before the fix this request waited for the keep-alive timeout behind 600 KB left unread.
      await expectServesNext(connection);
    }
  });

  it('drops the rest of a body refused in its middle, so the next request is answered', async () => {
    // A file under a field the form does not take, then 600 KB more of it.
    const body = Buffer.concat([
      filePart('other', Buffer.alloc(600_000, 2)),
      Buffer.from(CLOSING),
      Buffer.from(proofForm),
    ]);
    const connection = await connect();
    connection.send(post('buyer-orders/proof-of-payment', MULTIPART, body.length, proofHeaders), body);
    const answer = await connection.answer(2_000);
    expectRefusal(answer, 400, 'VALIDATION_FAILED');
    await expectServesNext(connection);
  });

  it('refuses a body declared larger than any form from its Content-Length, and closes', async () => {
    const connection = await connect();
    connection.send(post('cart/add-customization', MULTIPART, 50 * 1024 * 1024), cartForm);
    const answer = await connection.answer(2_000);
    expectRefusal(answer, 413, 'PAYLOAD_TOO_LARGE');
    expect(answer?.headers.connection).toBe('close');
    expect(MULTIPART_BODY_MAX_BYTES).toBeLessThan(50 * 1024 * 1024);
    expect(await connection.closes(2_000)).toBe(true);
  });

  it(
    'gives up a body with no closing boundary that stops arriving: 408 after the idle time, then closes',
    async () => {
      const started = Date.now();
      const cases = [
        // Content-Length promises more than is sent; the client holds the socket open.
        async () => {
          const sent = Buffer.concat([Buffer.from(cartForm), filePart('logo', Buffer.alloc(1_000, 3))]);
          const connection = await connect();
          connection.send(post('cart/add-customization', MULTIPART, sent.length + 10_000), sent);
          return connection;
        },
        // Chunked, and the last chunk never comes.
        async () => {
          const sent = Buffer.concat([Buffer.from(proofForm), filePart('file', Buffer.alloc(1_000, 3))]);
          const connection = await connect();
          connection.send(
            post('buyer-orders/proof-of-payment', MULTIPART, 'chunked', proofHeaders),
            Buffer.concat([Buffer.from(`${sent.length.toString(16)}\r\n`), sent, Buffer.from('\r\n')]),
          );
          return connection;
        },
      ];
      const connections = await Promise.all(cases.map((start) => start()));
      for (const connection of connections) {
        const answer = await connection.answer(MULTIPART_IDLE_MS + 3_000);
        expectRefusal(answer, 408, 'REQUEST_TIMEOUT');
        expect(answer?.headers.connection).toBe('close');
        expect(answer?.after).toBeGreaterThanOrEqual(MULTIPART_IDLE_MS - 100);
        expect(answer?.after).toBeLessThan(MULTIPART_IDLE_MS + 2_000);
        expect(await connection.closes(1_000)).toBe(true);
      }
      // Both at once: seconds, not the minutes of the server's own timeouts.
      expect(Date.now() - started).toBeLessThan(MULTIPART_IDLE_MS + 3_000);
    },
    MULTIPART_IDLE_MS * 4,
  );
});
