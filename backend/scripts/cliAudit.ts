/**
 * The admin CLI's changes are audit-logged like the API's (modules/admin/audit.ts), as the actor
 * `cli`: a changing command runs in one transaction with its audit row (action `cli <command>`,
 * the first argument as the object, the reason the command was given, the arguments as details),
 * so both are written or neither. What the command prints is printed once that transaction has
 * committed: "created" (or a generated password) never shows for a change that was rolled back.
 */
import type { DatabaseHandle } from '../src/db/client';
import { CLI_ACTOR, detailsOf, writeAudit } from '../src/modules/admin/audit';

export type Command = (database: DatabaseHandle, args: string[]) => Promise<void>;

/** What a change did: the lines to print once it is committed, and the reason it was given. */
export interface CliChange {
  printed: string[];
  reason?: string;
}

export type ChangeCommand = (database: DatabaseHandle, args: string[]) => Promise<CliChange>;

/** `run`, with its audit row, in one transaction; its lines printed after the commit. */
export function cliAudited(name: string, run: ChangeCommand): Command {
  return async (database, args) => {
    const change = await database.db.transaction(async (tx) => {
      const done = await run({ ...database, db: tx }, args);
      await writeAudit(tx, CLI_ACTOR, {
        action: `cli ${name}`,
        objectType: null,
        objectId: args[0] ?? null,
        reason: done.reason?.trim() || null,
        details: args.length > 0 ? detailsOf({ args }) : null,
      });
      return done;
    });
    for (const line of change.printed) console.log(line);
  };
}
