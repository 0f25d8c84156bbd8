/**
 * A tiny migrator: applies ./migrations/NNNN_name.sql in file-name order, each once, recorded in
 * schema_migrations. Everything runs in one transaction under an advisory lock, so two servers
 * starting together against one PostgreSQL cannot both migrate (on PGlite, a single connection,
 * the lock is a harmless no-op).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');
/** Any fixed number; it only has to be the same for every process migrating this database. */
const MIGRATION_LOCK_KEY = 7_341_001;

/**
 * PGlite's query() takes one statement at a time, so files are split on lines ending with ';'.
 * Migrations therefore hold plain DDL (no function bodies with inner semicolons).
 */
export function splitStatements(fileText: string): string[] {
  return fileText
    .split(/;\s*$/m)
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.length > 0);
}

export async function migrate(db: Database, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = await tx.execute(sql`SELECT version FROM schema_migrations`);
    const doneVersions = new Set(rowsOf<{ version: string }>(done).map((row) => row.version));
    for (const file of files) {
      if (doneVersions.has(file)) continue;
      for (const statement of splitStatements(readFileSync(path.join(migrationsDir, file), 'utf8'))) {
        await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${file})`);
      applied.push(file);
    }
  });
  return applied;
}

/** node-postgres and PGlite both answer raw queries with an object carrying `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
