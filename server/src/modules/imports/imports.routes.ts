import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IMPORT_MAX_BYTES, type ImportFormat, type ImportPreset } from '@shared/constants';
import {
  importFormSchema,
  importPreviewSchema,
  importReportSchema,
  importStartedSchema,
  importsQuerySchema,
  importSummarySchema,
  pageSchema,
  type ImportForm,
} from '@shared/contracts';
import { dataImports } from '../../db/schema';
import { badRequest, notFound, payloadTooLarge } from '../../lib/http-errors';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { DATA_IMPORTS_CHANNEL, importFilePath, importReport, listImports } from './imports.service';
import { checkRecord, SKIP } from './listing-rows';
import { detectPreset, PRESETS, resolveMapping, type ImportMapping } from './presets';
import { columnsOf, detectFormat, MalformedFileError, readRecords } from './records';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 413);
/** What is read of a file to detect its format and header (and all a preview reads). */
const HEAD_BYTES = 64 * 1024;
const PREVIEW_ROWS = 10;

interface Upload {
  form: ImportForm;
  fileName: string;
  /** Where the file was written. */
  file: string;
  bytes: number;
}

interface ImportPlan {
  format: ImportFormat;
  preset: ImportPreset;
  mapping: ImportMapping;
  columns: string[];
  source: string;
  sourceName: string;
  licence: string;
  timeZone: string;
}

function parseForm(fields: Record<string, string>): ImportForm {
  let mapping: unknown;
  if (fields.mapping !== undefined && fields.mapping.trim() !== '') {
    try {
      mapping = JSON.parse(fields.mapping);
    } catch {
      throw badRequest('The mapping must be JSON, e.g. {"name": "Applicant"}');
    }
  }
  const parsed = importFormSchema.safeParse({ ...fields, mapping });
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw badRequest(`Invalid ${String(first?.path[0] ?? 'form')}: ${first?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Reads the format, header, preset and mapping from the file's first bytes; refuses what cannot be imported. */
async function planImport(form: ImportForm, fileName: string, head: Buffer): Promise<ImportPlan> {
  const format = detectFormat(fileName, head.toString('utf8'));
  if (!format) throw badRequest('The file is not CSV, a JSON array or a GeoJSON FeatureCollection');
  let columns: string[];
  try {
    columns = await columnsOf(head, format);
  } catch (err) {
    throw badRequest(err instanceof MalformedFileError ? err.message : 'The file could not be read');
  }
  if (columns.length === 0) throw badRequest('The file has no rows to import');
  const preset: ImportPreset = form.preset ?? detectPreset(columns) ?? 'custom';
  const base = preset === 'custom' ? undefined : PRESETS[preset];
  if (!base && !form.mapping) {
    throw badRequest('The file matches no preset: choose a preset or say which column holds each field');
  }
  const resolved = resolveMapping({ ...base?.mapping, ...form.mapping }, columns);
  if ('message' in resolved) throw badRequest(resolved.message);
  const timeZone = form.timeZone ?? base?.timeZone ?? 'UTC';
  if (!Intl.supportedValuesOf('timeZone').includes(timeZone) && timeZone !== 'UTC') {
    throw badRequest(`Unknown time zone ${timeZone}`);
  }
  return {
    format,
    preset,
    mapping: resolved.mapping,
    columns,
    source: form.source ?? base?.source ?? fileName.replace(/\.[^.]*$/, '').toLowerCase(),
    sourceName: form.sourceName ?? base?.sourceName ?? 'open data',
    licence: form.licence ?? base?.licence ?? 'See the source',
    timeZone,
  };
}

/**
 * The preview of a file that matches no preset and has no mapping (or custom was chosen without one):
 * no rows, just its columns for the admin to map. Undefined when the file can be planned as it is.
 */
async function unmappedColumns(form: ImportForm, fileName: string, head: Buffer) {
  if (form.mapping) return undefined;
  const format = detectFormat(fileName, head.toString('utf8'));
  if (!format) return undefined;
  let columns: string[];
  try {
    columns = await columnsOf(head, format);
  } catch {
    return undefined;
  }
  const preset = form.preset ?? detectPreset(columns) ?? 'custom';
  if (preset !== 'custom' || columns.length === 0) return undefined;
  return { format, preset, columns, mapping: {}, rows: [] };
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * POST /api/admin/imports and its preview (issue 26, ADR 0156). Admins only. The file arrives as
 * multipart form data and is streamed to DATA_DIR/imports (never held in memory), then queued for
 * the data-imports worker; the answer (202, the import's id) comes at once.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } });
  const preHandler = requireUser('admin');
  const uploadDir = `${app.config.dataDir}/imports`;

  /** Streams the request's file to disk, collecting the form fields around it. */
  async function receive(request: Parameters<typeof preHandler>[0]): Promise<Upload> {
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data with a "file" field');
    await mkdir(uploadDir, { recursive: true });
    const fields: Record<string, string> = {};
    let upload: Omit<Upload, 'form'> | undefined;
    const temp = `${uploadDir}/incoming-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          continue;
        }
        if (part.fieldname !== 'file' || upload) {
          part.file.resume();
          continue;
        }
        await pipeline(part.file, createWriteStream(temp));
        if (part.file.truncated) throw payloadTooLarge(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
        upload = { fileName: part.filename || 'upload', file: temp, bytes: part.file.bytesRead };
      }
    } catch (err) {
      await rm(temp, { force: true });
      if (err instanceof Error && 'code' in err && err.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw payloadTooLarge(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`);
      }
      throw err;
    }
    if (!upload) throw badRequest('Choose a file to import');
    try {
      return { ...upload, form: parseForm(fields) };
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  app.post(
    '/api/admin/imports',
    {
      preHandler,
      schema: {
        tags,
        summary: "Import a city's open food-truck data (multipart: file + preset/mapping); answers at once",
        consumes: ['multipart/form-data'],
        response: { 202: importStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const upload = await receive(request);
      try {
        const plan = await planImport(upload.form, upload.fileName, await readHead(upload.file));
        const id = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(dataImports)
            .values({
              adminId: admin.id,
              source: plan.source,
              sourceName: plan.sourceName,
              licence: plan.licence,
              timeZone: plan.timeZone,
              format: plan.format,
              preset: plan.preset,
              mapping: plan.mapping,
              fileName: upload.fileName.slice(0, 200),
              fileBytes: Math.min(upload.bytes, 2_147_483_647),
            })
            .returning({ id: dataImports.id });
          if (!row) throw new Error('import row not inserted');
          await rename(upload.file, importFilePath(app.config.dataDir, row.id));
          await tx.execute(sql`select pg_notify(${DATA_IMPORTS_CHANNEL}, '')`);
          return row.id;
        });
        return reply.code(202).send({ id });
      } finally {
        await rm(upload.file, { force: true });
      }
    },
  );

  app.post(
    '/api/admin/imports/preview',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The first rows of a file (send its first 64 KB) as the import would read them',
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const upload = await receive(request);
      try {
        const head = await readHead(upload.file);
        // A file no preset knows, without a mapping yet: its columns, so the admin can map them.
        const unmapped = await unmappedColumns(upload.form, upload.fileName, head);
        if (unmapped) return unmapped;
        const plan = await planImport(upload.form, upload.fileName, head);
        const rows: z.input<typeof importPreviewSchema>['rows'] = [];
        // As the import does: a source id seen before is a duplicate (the schedule format merges them).
        const seen = new Set<string>();
        try {
          for await (const record of readRecords(Readable.from([head]), plan.format)) {
            const checked = checkRecord(record, plan.mapping, new Date(), plan.timeZone);
            const duplicate = 'row' in checked && plan.mapping.dayOfWeek === undefined && seen.has(checked.row.sourceId);
            if ('row' in checked) seen.add(checked.row.sourceId);
            const verdict = duplicate && 'row' in checked ? { skip: SKIP.duplicate(checked.row.sourceId) } : checked;
            const values = record.values;
            rows.push(
              'row' in verdict
                ? { line: record.line, name: verdict.row.name, address: verdict.row.address, foodWords: verdict.row.foodWords, cuisine: verdict.row.cuisine, hours: verdict.row.stops.length, skip: null }
                : { line: record.line, name: values[plan.mapping.name ?? ''] ?? '', address: values[plan.mapping.address ?? ''] ?? null, foodWords: '', cuisine: '', hours: 0, skip: verdict.skip },
            );
            if (rows.length >= PREVIEW_ROWS) break;
          }
        } catch (err) {
          // The preview reads a slice of the file: a row cut at its end is not an error.
          if (!(err instanceof MalformedFileError) || rows.length === 0) throw badRequest(err instanceof Error ? err.message : 'The file could not be read');
        }
        return { format: plan.format, preset: plan.preset, columns: plan.columns, mapping: plan.mapping, rows };
      } finally {
        await rm(upload.file, { force: true });
      }
    },
  );

  app.get(
    '/api/admin/imports',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Past imports, newest first (a page: search, limit, cursor)',
        querystring: importsQuerySchema,
        response: { 200: pageSchema(importSummarySchema), ...errors },
      },
    },
    async (request) => listImports(app.db, request.query),
  );

  app.get(
    '/api/admin/imports/:id',
    { preHandler, schema: { tags, summary: "An import's status, counts and skipped rows", params: idParams, response: { 200: importReportSchema, ...errors } } },
    async (request) => {
      const report = await importReport(app.db, request.params.id);
      if (!report) throw notFound('Import not found');
      return report;
    },
  );
};
