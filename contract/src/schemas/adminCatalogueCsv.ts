/**
 * The catalogue as CSV (issue 22, backend/src/modules/admin/catalogueCsvRoutes.ts): export every
 * product, import a file to create or update products by slug, a dry run first. Owners and staff.
 * The columns are documented here once (the back office's page lists them) and in
 * docs/operations.md, "Catalogue CSV".
 */
import { type Static, Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { IMPORT_MODES } from './catalogueCsvColumns';
import { Nullable } from './common';

export * from './catalogueCsvColumns';

/** A CSV file's bytes. */
export const CsvFile = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'text/csv; charset=utf-8',
});

export const ImportRowError = Type.Object({
  line: Type.Integer({
    description: 'The CSV line the row starts on (the header is line 1; a quoted newline counts)',
  }),
  slug: Nullable(Type.String()),
  reason: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;

export const ImportReport = Type.Object({
  mode: Type.Union(IMPORT_MODES.map((mode) => Type.Literal(mode))),
  applied: Type.Boolean({ description: 'Written: an apply with no row in error (all or nothing)' }),
  rows: Type.Integer({ description: 'Products in the file' }),
  created: Type.Integer({ description: 'New slugs (to be created by a check)' }),
  updated: Type.Integer({ description: 'Existing slugs (to be updated by a check)' }),
  errors: Type.Array(ImportRowError, { description: 'Every row in error, in file order' }),
});
export type ImportReport = Static<typeof ImportReport>;

export const catalogueCsvEndpoints = endpoints({
  'GET admin/catalogue/export': {
    summary:
      'Every product (archived ones too) as CSV, streamed; the columns: docs/operations.md (owners and staff)',
    file: true,
    response: CsvFile,
  },
  'POST admin/catalogue/import': {
    summary:
      'Import a catalogue CSV (multipart/form-data: `file`, UTF-8 with or without BOM, at most 20 MB; `mode`: check or apply). Check writes nothing and reports every row in error with its line; apply checks everything again and writes all rows or none (owners and staff)',
    multipart: true,
    response: ImportReport,
  },
});
