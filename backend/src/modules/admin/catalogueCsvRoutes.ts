/**
 * The catalogue as CSV in the back office (issue 22; owners and staff), registered inside
 * adminRoutes, so behind its guard: `admin/catalogue/export` streams every product,
 * `admin/catalogue/import` checks a file (mode 'check': nothing written) or applies it (mode
 * 'apply': every row or none), each in one transaction with its audit row, whose before and after
 * are a summary (counts and slugs), not the rows. Rules: services/catalogueImport.ts and
 * services/catalogueExport.ts; the columns: docs/operations.md, "Catalogue CSV".
 */
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CATALOGUE_CSV_MAX_BYTES,
  IMPORT_MODES,
  type ImportMode,
} from '@shop/contract/schemas/adminCatalogueCsv';
import { count } from 'drizzle-orm';
import { products } from '../../db/schema';
import { AppError } from '../../errors';
import { endpointSchema } from '../../http/endpoint';
import { type FileAllowance, multipartLimits, readMultipartForm } from '../../http/multipartForm';
import { catalogueCsv } from '../../services/catalogueExport';
import { importCatalogue, prepareImport } from '../../services/catalogueImport';
import { adminOf, audited } from './audit';

const FILE_FIELD = 'file';
const MODE_FIELD = 'mode';
const CSV_TOO_LARGE = `The CSV file may be at most ${CATALOGUE_CSV_MAX_BYTES / 1024 / 1024} MB: import the catalogue in parts.`;
const CSV_ALLOWANCE: FileAllowance = {
  maxBytes: CATALOGUE_CSV_MAX_BYTES,
  tooLarge: (field) => new AppError(413, 'PAYLOAD_TOO_LARGE', CSV_TOO_LARGE, { [field]: CSV_TOO_LARGE }),
};

function modeOf(value: string | undefined): ImportMode {
  if ((IMPORT_MODES as readonly string[]).includes(value ?? '')) return value as ImportMode;
  throw AppError.badRequest(`mode must be ${IMPORT_MODES.join(' or ')}.`, {
    [MODE_FIELD]: `must be ${IMPORT_MODES.join(' or ')}`,
  });
}

export const catalogueCsvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { database, accounts } = app.deps;
  const { db } = database;
  await app.register(multipart, { limits: multipartLimits(1, CSV_ALLOWANCE) });
  const schema = {
    tags: ['admin'],
    security: [{ bearer: [] }],
  };

  app.get(
    '/admin/catalogue/export',
    {
      schema: {
        ...schema,
        description: "An admin's bearer token (owner or staff). text/csv, UTF-8 with a BOM, CRLF line ends.",
        ...endpointSchema('GET admin/catalogue/export'),
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
          .header('cache-control', 'no-store')
          // The contract types a file's answer as its bytes; Fastify sends a stream of them as they
          // come (never the whole catalogue in memory), which the type provider cannot express.
          .send(Readable.from(catalogueCsv(db)) as unknown as Uint8Array)
      );
    },
  );

  app.post(
    '/admin/catalogue/import',
    {
      schema: {
        ...schema,
        description:
          "An admin's bearer token (owner or staff). 400 a file that cannot be read (with its line), 413 over 20 MB; a row in error is in the report, not an error answer.",
        ...endpointSchema('POST admin/catalogue/import'),
      },
    },
    async (request) => {
      const { fields, file } = await readMultipartForm(request, [MODE_FIELD], FILE_FIELD, CSV_ALLOWANCE);
      const mode = modeOf(fields.mode);
      if (!file)
        throw AppError.badRequest('Choose a CSV file to import.', { [FILE_FIELD]: 'Choose a CSV file.' });
      // Read and sanitised before the transaction: no connection waits on that work.
      const prepared = prepareImport(file);
      const productCount = async (tx: typeof db) =>
        (await tx.select({ n: count() }).from(products))[0]?.n ?? 0;
      const outcome = await audited(
        db,
        request,
        (tx) =>
          importCatalogue(tx, prepared, mode, accounts.publicUrl, {
            id: adminOf(request).id,
            email: adminOf(request).email,
          }),
        {
          before: async (tx) => ({ products: await productCount(tx) }),
          after: async (tx, result) => ({ ...result.summary, products: await productCount(tx) }),
          objectId: (result) => `${result.summary.mode} ${result.summary.rows} rows`,
        },
      );
      if (outcome.notified > 0) accounts.mailer.wake();
      return { status: true as const, data: outcome.report };
    },
  );
};
