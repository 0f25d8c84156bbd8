/** The folder of PostgreSQL's programs (initdb, pg_ctl), or null when none is installed. */
export function postgresBinDir(): string | null;

/** A PostgreSQL server of one's own in a folder (ownPostgres.cjs). */
export class OwnPostgres {
  constructor(bin: string, dir: string, port: number);
  readonly bin: string;
  readonly dir: string;
  port: number;
  readonly dataDir: string;
  run(program: string, args: string[]): string;
  init(options?: { noSync?: boolean }): void;
  runningPort(): number | null;
  postmasterPid(): number;
  start(settings?: string[]): void;
  stop(mode?: 'fast' | 'immediate'): void;
}
