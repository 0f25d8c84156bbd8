/**
 * Where uploaded files are kept, behind one interface, so every API instance reads what any of
 * them took: PostgreSQL by default (table uploaded_files, migration 0021; PGlite too, so
 * `npm start` needs nothing installed), an S3-compatible bucket when UPLOAD_S3_* is set
 * (fileStoreS3.ts). Names are chosen by the caller (services/uploads.ts generates them); a store
 * only keeps bytes and their content type under a name. Access checks are the callers' (the
 * routes find the name through the order or cart line the asker owns); a store serves any name.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { uploadedFiles } from '../db/schema';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStore {
  /** For logs and the start-up message: 'postgres' or 's3'. */
  readonly kind: 'postgres' | 's3';
  /**
   * Whether copy and delete can join the caller's database transaction (`within`): true in the
   * database, where an order's logo copies are written in the order's transaction and undone with
   * it. A bucket (false) is asked over the network, which must never happen while a transaction
   * holds its locks: its copies are made before the transaction, and deleted if it fails
   * (modules/cart/checkout.ts).
   */
  readonly transactional: boolean;
  /**
   * Keeps `bytes` under `name`. Names are generated (uploads.ts: 128 random bits) and never
   * reused, so no caller writes a name twice; if one did, the database refuses it (primary key)
   * while a bucket overwrites it. putIfAbsent is the call that must not overwrite.
   */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Keeps `bytes` under `name` unless something is there already; true when written. */
  putIfAbsent(name: string, bytes: Buffer, contentType: string): Promise<boolean>;
  /** The file, or null when there is none. */
  get(name: string): Promise<StoredFile | null>;
  /**
   * A second, independent file `to` with the bytes of `from` (deleting either leaves the other);
   * false when `from` is gone. `within`: the caller's transaction; a store in the database writes
   * the copy in it (so it is undone with it), a bucket copies at once.
   */
  copy(from: string, to: string, within?: Database): Promise<boolean>;
  /** Gone or never there: both are success. `within` as for copy. */
  delete(name: string, within?: Database): Promise<void>;
  /** Which of `names` are kept. */
  existing(names: readonly string[]): Promise<Set<string>>;
}

/** Names asked about in one statement by existing(). */
const EXISTING_BATCH = 1000;

/**
 * The files in PostgreSQL, one row per name (uploaded_files). Reads select one row by its primary
 * key; a copy is one INSERT … SELECT, so the bytes never pass through this process.
 */
export class PostgresFileStore implements FileStore {
  readonly kind = 'postgres';
  readonly transactional = true;

  constructor(private readonly db: Database) {}

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.db.insert(uploadedFiles).values({ name, bytes, contentType });
  }

  async putIfAbsent(name: string, bytes: Buffer, contentType: string): Promise<boolean> {
    const written = await this.db
      .insert(uploadedFiles)
      .values({ name, bytes, contentType })
      .onConflictDoNothing({ target: uploadedFiles.name })
      .returning({ name: uploadedFiles.name });
    return written.length > 0;
  }

  async get(name: string): Promise<StoredFile | null> {
    const [row] = await this.db
      .select({ bytes: uploadedFiles.bytes, contentType: uploadedFiles.contentType })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.name, name));
    return row ?? null;
  }

  async copy(from: string, to: string, within?: Database): Promise<boolean> {
    const result = await (within ?? this.db).execute(
      sql`INSERT INTO uploaded_files (name, content_type, bytes)
          SELECT ${to}, content_type, bytes FROM uploaded_files WHERE name = ${from}
          RETURNING name`,
    );
    return rowsOf(result).length > 0;
  }

  async delete(name: string, within?: Database): Promise<void> {
    await (within ?? this.db).delete(uploadedFiles).where(eq(uploadedFiles.name, name));
  }

  async existing(names: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (let start = 0; start < names.length; start += EXISTING_BATCH) {
      const batch = names.slice(start, start + EXISTING_BATCH);
      const rows = await this.db
        .select({ name: uploadedFiles.name })
        .from(uploadedFiles)
        .where(inArray(uploadedFiles.name, batch));
      for (const row of rows) found.add(row.name);
    }
    return found;
  }
}

/**
 * With a bucket configured, files still in the database's table are not served (a store is
 * chosen at start, nothing moves between them): says so in a warning, once at start. A failure to
 * ask is a warning too, never a reason not to start.
 */
export async function warnOfFilesLeftInDatabase(
  db: Database,
  log: { warn: (object: object, message: string) => void },
): Promise<boolean> {
  try {
    const [row] = await db.select({ name: uploadedFiles.name }).from(uploadedFiles).limit(1);
    if (!row) return false;
    log.warn(
      { store: 's3' },
      'uploads: UPLOAD_S3_* is set but the database still holds uploaded files (uploaded_files): they are not served from the bucket; copy them over (docs/operations.md, "Uploads")',
    );
    return true;
  } catch (error) {
    log.warn({ err: error }, 'uploads: could not tell whether the database still holds uploaded files');
    return false;
  }
}
