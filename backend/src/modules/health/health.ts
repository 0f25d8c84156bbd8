import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Proves the database answers; throws (→ 500) when it does not. */
export async function checkDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
