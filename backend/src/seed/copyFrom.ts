/**
 * `COPY … FROM STDIN` over a node-postgres client, without a streaming dependency: a Submittable
 * that pg queues like any query; when the server answers CopyInResponse it sends the rows in
 * CopyData messages of about 64 KB (waiting for the socket to drain), then CopyDone. Used by the
 * bulk seed, where a million products go in minutes instead of hours of multi-row INSERTs.
 */
import { once } from 'node:events';
import type { ClientBase, Connection, Submittable } from 'pg';

/** The COPY sub-protocol of pg's Connection (present at run time, absent from @types/pg). */
interface CopyConnection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

function hasCopyMethods(connection: Connection): connection is Connection & CopyConnection {
  const methods: readonly (keyof CopyConnection)[] = ['sendCopyFromChunk', 'endCopyFrom', 'sendCopyFail'];
  return methods.every((name) => typeof Reflect.get(connection, name) === 'function');
}

/** CopyData messages of about this many characters: few messages, little memory. */
const CHUNK_CHARS = 64 * 1024;

/** A value of COPY's text format: NULL is \N; backslash, tab, newline and CR are escaped. */
export function copyValue(value: string | number | boolean | Date | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** One line of COPY's text format. */
export const copyLine = (values: readonly (string | number | boolean | Date | null)[]) =>
  `${values.map(copyValue).join('\t')}\n`;

class CopyIn implements Submittable {
  private error: Error | null = null;
  private sending = false;
  readonly done: Promise<void>;
  private settle: (error: Error | null) => void = () => {};

  constructor(
    private readonly text: string,
    private readonly lines: Iterable<string>,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (error) => (error ? reject(error) : resolve());
    });
  }

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: Connection): void {
    if (!hasCopyMethods(connection)) {
      this.error = new Error('This pg version has no COPY FROM STDIN support');
      return;
    }
    this.sending = true;
    this.send(connection).catch((error: unknown) => {
      connection.sendCopyFail(error instanceof Error ? error.message : String(error));
    });
  }

  private async send(connection: Connection & CopyConnection): Promise<void> {
    let chunk = '';
    for (const line of this.lines) {
      // The server reported an error (a bad row): it ignores the rest, so stop producing it.
      if (this.error) return;
      chunk += line;
      if (chunk.length >= CHUNK_CHARS) {
        connection.sendCopyFromChunk(Buffer.from(chunk));
        chunk = '';
        if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
      }
    }
    if (chunk) connection.sendCopyFromChunk(Buffer.from(chunk));
    connection.endCopyFrom();
    this.sending = false;
  }

  /** pg drops the failed query at once: it will not see the ReadyForQuery that follows. */
  handleError(error: Error): void {
    this.error = error;
    this.settle(error);
  }

  handleReadyForQuery(): void {
    this.settle(this.error ?? (this.sending ? new Error('COPY ended before its rows were sent') : null));
  }

  // The rest of what pg tells an active query: nothing to do for a COPY.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/**
 * Runs `COPY table (columns) FROM STDIN` on this client with the given text-format lines (see
 * copyLine); resolves when the server has stored them all.
 */
export async function copyFrom(
  client: ClientBase,
  statement: string,
  lines: Iterable<string>,
): Promise<void> {
  const copy = new CopyIn(statement, lines);
  client.query(copy);
  await copy.done;
}
