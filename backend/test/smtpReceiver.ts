/**
 * A real SMTP server in the test process, small enough to read: it speaks the commands nodemailer
 * sends (EHLO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT) over TCP on 127.0.0.1 and keeps every
 * message it accepted. A test sets how it answers a recipient and a message (250, or a 4xx / 5xx
 * refusal), or makes it stall before its greeting, to play a mail server that fails and recovers.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  /** The recipients of the envelope (RCPT TO). */
  to: string[];
  /** The message as sent (headers and body), dot-unstuffed. */
  data: string;
  messageId: string | null;
}

export interface SmtpAnswers {
  /** The reply to each RCPT TO: '250 OK', or a refusal such as '550 5.1.1 No such user'. */
  recipient: string;
  /** The reply to the end of a message: '250 OK: queued', or a refusal such as '451 4.3.0 Try later'. */
  message: string;
  /** Say nothing at all on connecting (a server that hangs). */
  stall: boolean;
}

export const ACCEPT: SmtpAnswers = { recipient: '250 OK', message: '250 OK: queued', stall: false };

export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  /** Connections opened so far (an attempt, accepted or not). */
  connections = 0;
  answers: SmtpAnswers = { ...ACCEPT };
  /** Called as a message has been read, before it is answered (a test cuts something there). */
  onMessage: (() => void) | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpReceiver> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const receiver = new SmtpReceiver(server, typeof address === 'object' && address ? address.port : 0);
    server.on('connection', (socket) => receiver.serve(socket));
    return receiver;
  }

  /** The SMTP_URL that reaches it. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Ends every open conversation (a stalled one fails on the client's side); the server goes on. */
  async dropConnections(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(socket: Socket): void {
    this.connections += 1;
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A client gone mid-conversation (a test closing) is not this server's failure.
    socket.on('error', () => undefined);
    if (this.answers.stall) return;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = '';
    let to: string[] = [];
    let data: string[] | null = null;
    reply('220 smtp.test ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          this.onMessage?.();
          const message = this.answers.message;
          if (message.startsWith('250')) {
            const text = data.join('\r\n');
            const messageId = /^Message-ID:\s*(\S+)/im.exec(text)?.[1] ?? null;
            this.received.push({ to, data: text, messageId });
          }
          reply(message);
          data = null;
          to = [];
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 smtp.test');
        else if (command === 'MAIL') reply('250 OK');
        else if (command === 'RCPT') {
          const recipient = this.answers.recipient;
          if (recipient.startsWith('250')) to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply(recipient);
        } else if (command === 'DATA') {
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'RSET') {
          to = [];
          reply('250 OK');
        } else if (command === 'NOOP') reply('250 OK');
        else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  }
}
