/**
 * Issue 17: the SQL migrations and the Drizzle mirror in src/db/schema.ts cannot drift. A fresh
 * database is migrated, its shape read from the catalogue (pg_catalog) and compared with what
 * drizzle-orm's getTableConfig says of every table in schema.ts: the tables, and of each table its
 * columns (SQL type, nullability, default), primary key, foreign keys (with ON DELETE / ON UPDATE),
 * unique constraints and indexes. Any difference fails the test, named plainly:
 * `table.column type: migrations say X, schema.ts says Y`.
 *
 * Not compared: CHECK constraints, sequences other than serial columns' own, INCLUDE columns of an
 * index (Drizzle cannot declare them; see products_facets in schema.ts).
 */
import { is, SQL, sql } from 'drizzle-orm';
import {
  getTableConfig,
  IndexedColumn,
  PgColumn,
  PgDialect,
  PgTable,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';
import type { DatabaseHandle, DatabaseKind } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { createTestDatabase, targets } from './db';

/**
 * What the migrations make that schema.ts deliberately leaves out. Keep it as short as the truth
 * allows: anything the code reads or writes through Drizzle belongs in schema.ts.
 */
const NOT_MIRRORED = {
  tables: new Map([
    // The migrator's own ledger: created by migrate.ts itself (not by a migration) and only ever
    // read there, with raw SQL.
    ['schema_migrations', 'the migrator’s ledger'],
  ]),
  columns: new Map([
    // A generated tsvector, read only through SQL (modules/search/ranking.ts); mirroring it would put
    // it in every `select().from(products)` row.
    ['products.search_vector', 'generated full-text vector'],
  ]),
};

/** One table's shape, every part as comparable text. */
interface TableShape {
  /** column → aspect ('type', 'nullability', 'default') → description */
  columns: Map<string, Map<string, string>>;
  primaryKey: string;
  /** local columns → 'referenced_table (columns) on delete …, on update …' */
  foreignKeys: Map<string, string>;
  /** 'unique (columns)' → 'present' */
  uniqueConstraints: Map<string, string>;
  /** index name → 'unique btree (columns) where …' */
  indexes: Map<string, string>;
}

const emptyShape = (): TableShape => ({
  columns: new Map(),
  primaryKey: 'none',
  foreignKeys: new Map(),
  uniqueConstraints: new Map(),
  indexes: new Map(),
});

const ACTIONS: Record<string, UpdateDeleteAction> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

const describeForeignKey = (table: string, columns: string[], onDelete: string, onUpdate: string) =>
  `${table} (${columns.join(', ')}) on delete ${onDelete}${onUpdate === 'no action' ? '' : `, on update ${onUpdate}`}`;

/**
 * An expression as both sides print it (PostgreSQL's pretty form, Drizzle's `sql` text), made
 * comparable: no double quotes, no `table.` prefixes, no casts of literals (`'Member'::text`),
 * single spaces.
 */
function normaliseExpression(text: string, table: string): string {
  return text
    .replaceAll(`"${table}".`, '')
    .replaceAll(`${table}.`, '')
    .replaceAll('"', '')
    .replace(/::(timestamp with time zone|[a-z_]+)(\[\])?/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const describeIndex = (unique: boolean, method: string, columns: string[], where: string | null) =>
  `${unique ? 'unique ' : ''}${method} (${columns.join(', ')})${where ? ` where ${where}` : ''}`;

// ---------------------------------------------------------------- what the migrations made

async function migratedShapes(database: DatabaseHandle): Promise<Map<string, TableShape>> {
  const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));
  const shapes = new Map<string, TableShape>();
  const shapeOf = (table: string) => {
    let shape = shapes.get(table);
    if (!shape) {
      shape = emptyShape();
      shapes.set(table, shape);
    }
    return shape;
  };

  const tables = await query<{ table_name: string }>(
    `SELECT c.relname AS table_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  for (const { table_name } of tables) shapeOf(table_name);

  const columns = await query<{
    table_name: string;
    column_name: string;
    type: string;
    not_null: boolean;
    column_default: string | null;
    generated: string;
  }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS column_default,
            a.attgenerated AS generated
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  for (const column of columns) {
    let type = column.type.replace(/,\s*/g, ', ');
    let columnDefault = column.column_default;
    // A serial column is an integer whose default draws from its own sequence.
    if (columnDefault?.startsWith('nextval(')) {
      type =
        ({ integer: 'serial', bigint: 'bigserial', smallint: 'smallserial' } as Record<string, string>)[
          type
        ] ?? type;
      columnDefault = null;
    }
    shapeOf(column.table_name).columns.set(
      column.column_name,
      new Map([
        ['type', type],
        ['nullability', column.not_null ? 'not null' : 'nullable'],
        [
          'default',
          column.generated
            ? `generated ${normaliseExpression(columnDefault ?? '', column.table_name)}`
            : columnDefault === null
              ? 'none'
              : normaliseExpression(columnDefault, column.table_name),
        ],
      ]),
    );
  }

  const constraints = await query<{
    table_name: string;
    type: 'p' | 'f' | 'u';
    columns: string[];
    foreign_table: string | null;
    foreign_columns: string[] | null;
    on_delete: string;
    on_update: string;
  }>(
    `SELECT c.relname AS table_name, k.contype AS type,
            ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY AS u(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum ORDER BY u.ord) AS columns,
            f.relname AS foreign_table,
            ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY AS u(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum ORDER BY u.ord) AS foreign_columns,
            k.confdeltype AS on_delete, k.confupdtype AS on_update
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_class f ON f.oid = k.confrelid
      WHERE n.nspname = 'public' AND k.contype IN ('p', 'f', 'u')`,
  );
  for (const constraint of constraints) {
    const shape = shapeOf(constraint.table_name);
    const columnList = constraint.columns.join(', ');
    if (constraint.type === 'p') shape.primaryKey = `(${columnList})`;
    else if (constraint.type === 'u') shape.uniqueConstraints.set(`unique (${columnList})`, 'present');
    else
      shape.foreignKeys.set(
        `(${columnList})`,
        describeForeignKey(
          constraint.foreign_table ?? '?',
          constraint.foreign_columns ?? [],
          ACTIONS[constraint.on_delete] ?? constraint.on_delete,
          ACTIONS[constraint.on_update] ?? constraint.on_update,
        ),
      );
  }

  // Indexes of their own: not those PostgreSQL made for a primary key or a unique constraint.
  const indexes = await query<{
    table_name: string;
    index_name: string;
    unique: boolean;
    method: string;
    columns: string[];
    descending: boolean[];
    /** '' for the type's default operator class */
    op_classes: string[];
    predicate: string | null;
  }>(
    `SELECT c.relname AS table_name, i.relname AS index_name, x.indisunique AS unique, am.amname AS method,
            ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true) FROM generate_series(1, x.indnkeyatts) AS k ORDER BY k) AS columns,
            ARRAY(SELECT (x.indoption[k - 1] & 1) = 1 FROM generate_series(1, x.indnkeyatts) AS k ORDER BY k) AS descending,
            ARRAY(SELECT CASE WHEN o.opcdefault THEN '' ELSE o.opcname::text END
                    FROM generate_series(1, x.indnkeyatts) AS k JOIN pg_opclass o ON o.oid = x.indclass[k - 1] ORDER BY k) AS op_classes,
            pg_get_expr(x.indpred, x.indrelid, true) AS predicate
       FROM pg_index x
       JOIN pg_class c ON c.oid = x.indrelid
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_am am ON am.oid = i.relam
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`,
  );
  for (const index of indexes) {
    const columnTexts = index.columns.map(
      (column, at) =>
        `${normaliseExpression(column, index.table_name)}${index.op_classes[at] ? ` ${index.op_classes[at]}` : ''}${index.descending[at] ? ' desc' : ''}`,
    );
    shapeOf(index.table_name).indexes.set(
      index.index_name,
      describeIndex(
        index.unique,
        index.method,
        columnTexts,
        index.predicate === null ? null : normaliseExpression(index.predicate, index.table_name),
      ),
    );
  }
  return shapes;
}

// ---------------------------------------------------------------- what schema.ts declares

const dialect = new PgDialect();
const render = (expression: SQL, table: string) =>
  normaliseExpression(dialect.sqlToQuery(expression, 'indexes').sql, table);

function literal(value: unknown, table: string): string {
  if (is(value, SQL)) return render(value, table);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return JSON.stringify(value);
}

function declaredShapes(): Map<string, TableShape> {
  const shapes = new Map<string, TableShape>();
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const shape = emptyShape();
    shapes.set(config.name, shape);
    const primary: string[] = [];
    for (const column of config.columns) {
      shape.columns.set(
        column.name,
        new Map([
          ['type', column.getSQLType().replace(/,\s*/g, ', ')],
          ['nullability', column.notNull ? 'not null' : 'nullable'],
          [
            'default',
            column.generated
              ? `generated ${literal(column.generated.as, config.name)}`
              : column.default === undefined
                ? 'none'
                : literal(column.default, config.name),
          ],
        ]),
      );
      if (column.primary) primary.push(column.name);
      if (column.isUnique) shape.uniqueConstraints.set(`unique (${column.name})`, 'present');
    }
    for (const key of config.primaryKeys) primary.push(...key.columns.map((column) => column.name));
    if (primary.length > 0) shape.primaryKey = `(${primary.join(', ')})`;
    for (const constraint of config.uniqueConstraints) {
      shape.uniqueConstraints.set(
        `unique (${constraint.columns.map((column) => column.name).join(', ')})`,
        'present',
      );
    }
    for (const foreignKey of config.foreignKeys) {
      const reference = foreignKey.reference();
      shape.foreignKeys.set(
        `(${reference.columns.map((column) => column.name).join(', ')})`,
        describeForeignKey(
          getTableConfig(reference.foreignTable).name,
          reference.foreignColumns.map((column) => column.name),
          foreignKey.onDelete ?? 'no action',
          foreignKey.onUpdate ?? 'no action',
        ),
      );
    }
    for (const index of config.indexes) {
      const { name, unique, method, columns, where } = index.config;
      const columnTexts = columns.map((column) => {
        if (is(column, SQL)) return render(column, config.name);
        if (is(column, IndexedColumn) || is(column, PgColumn)) {
          const order = is(column, IndexedColumn) && column.indexConfig.order === 'desc' ? ' desc' : '';
          const opClass = is(column, IndexedColumn) ? column.indexConfig.opClass : undefined;
          return `${column.name}${opClass ? ` ${opClass}` : ''}${order}`;
        }
        return '?';
      });
      shape.indexes.set(
        name ?? '(unnamed)',
        describeIndex(unique, method ?? 'btree', columnTexts, where ? render(where, config.name) : null),
      );
    }
    shapes.set(config.name, shape);
  }
  return shapes;
}

// ---------------------------------------------------------------- the differences, in words

function compareMaps(
  label: (key: string) => string,
  migrated: Map<string, string>,
  declared: Map<string, string>,
): string[] {
  const differences: string[] = [];
  for (const key of new Set([...migrated.keys(), ...declared.keys()])) {
    const said = migrated.get(key) ?? 'nothing';
    const written = declared.get(key) ?? 'nothing';
    if (said !== written) {
      differences.push(`${label(key)}: migrations say ${said}, schema.ts says ${written}`);
    }
  }
  return differences;
}

function differencesBetween(migrated: Map<string, TableShape>, declared: Map<string, TableShape>): string[] {
  const differences: string[] = [];
  for (const table of [...new Set([...migrated.keys(), ...declared.keys()])].sort()) {
    const fromMigrations = migrated.get(table);
    const fromSchema = declared.get(table);
    if (!fromMigrations) {
      differences.push(`${table}: migrations say no such table, schema.ts declares it`);
      continue;
    }
    if (!fromSchema) {
      if (!NOT_MIRRORED.tables.has(table)) {
        differences.push(`${table}: migrations make this table, schema.ts says nothing of it`);
      }
      continue;
    }
    for (const column of new Set([...fromMigrations.columns.keys(), ...fromSchema.columns.keys()])) {
      const said = fromMigrations.columns.get(column);
      const written = fromSchema.columns.get(column);
      if (said && !written) {
        if (!NOT_MIRRORED.columns.has(`${table}.${column}`)) {
          differences.push(`${table}.${column}: migrations make this column, schema.ts says nothing of it`);
        }
      } else if (written && !said) {
        differences.push(`${table}.${column}: migrations say no such column, schema.ts declares it`);
      } else if (said && written) {
        differences.push(...compareMaps((aspect) => `${table}.${column} ${aspect}`, said, written));
      }
    }
    differences.push(
      ...compareMaps(
        () => `${table} primary key`,
        new Map([['', fromMigrations.primaryKey]]),
        new Map([['', fromSchema.primaryKey]]),
      ),
      ...compareMaps(
        (columns) => `${table}${columns} foreign key`,
        fromMigrations.foreignKeys,
        fromSchema.foreignKeys,
      ),
      ...compareMaps(
        (constraint) => `${table} ${constraint}`,
        fromMigrations.uniqueConstraints,
        fromSchema.uniqueConstraints,
      ),
      ...compareMaps((name) => `${table} index ${name}`, fromMigrations.indexes, fromSchema.indexes),
    );
  }
  return differences;
}

describe.each(targets)('the migrated database and schema.ts (%s)', (kind: DatabaseKind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind, 0);
  });
  afterAll(() => database.close());

  it('have the same tables, columns, keys, unique constraints and indexes', async () => {
    const differences = differencesBetween(await migratedShapes(database), declaredShapes());
    expect(differences).toEqual([]);
  });

  it('leave out only what the allow-list names, and all of it exists', async () => {
    const migrated = await migratedShapes(database);
    for (const table of NOT_MIRRORED.tables.keys()) expect(migrated.has(table)).toBe(true);
    for (const column of NOT_MIRRORED.columns.keys()) {
      const [table = '', name = ''] = column.split('.');
      expect(migrated.get(table)?.columns.has(name)).toBe(true);
    }
  });
});
