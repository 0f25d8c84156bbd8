/**
 * The admin CLI's changes are audit-logged like the API's (modules/admin/audit.ts), as the actor
 * `cli`: a changing command runs in one transaction with its audit row (action `cli <command>`,
 * the first argument as the object, the arguments as details), so both are written or neither.
 */
import type { DatabaseHandle } from '../src/db/client';
import { CLI_ACTOR, detailsOf, writeAudit } from '../src/modules/admin/audit';

export type Command = (database: DatabaseHandle, args: string[]) => Promise<void>;

/** `run`, with its audit row, in one transaction. */
export function cliAudited(name: string, run: Command): Command {
  return (database, args) =>
    database.db.transaction(async (tx) => {
      await run({ ...database, db: tx }, args);
      await writeAudit(tx, CLI_ACTOR, {
        action: `cli ${name}`,
        objectType: null,
        objectId: args[0] ?? null,
        reason: null,
        details: args.length > 0 ? detailsOf({ args }) : null,
      });
    });
}
