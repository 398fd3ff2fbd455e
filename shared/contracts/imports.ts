import { z } from 'zod';
import { IMPORT_FIELDS, IMPORT_FORMATS, IMPORT_PRESETS } from '../constants';
import { adminListQuerySchema } from './admin';
import { isoDate, text } from './common';

/** The form fields of POST /api/admin/imports (and …/preview) beside the file. */
export const importFormSchema = z.object({
  /** A built-in preset, 'custom' (then `mapping` says every column), or absent: detected from the header. */
  preset: z.enum(IMPORT_PRESETS).optional(),
  /** JSON: `{ "name": "Applicant", "latitude": "Latitude", … }`; with a preset it overrides the preset's columns. */
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), text().trim().min(1).max(100)).optional(),
  /** The source's key (re-imports of one source update its listings), its name as diners read it, licence, zone. */
  source: text().trim().min(1).max(60).optional(),
  sourceName: text().trim().min(1).max(60).optional(),
  licence: text().trim().min(1).max(200).optional(),
  timeZone: text().trim().min(1).max(60).optional(),
});
export type ImportForm = z.infer<typeof importFormSchema>;

export const importStartedSchema = z.object({ id: z.number().int() });

export const importSkipSchema = z.object({ line: z.number().int(), reason: z.string() });

export const importReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  preset: z.enum(IMPORT_PRESETS),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  /** The source as diners read it and its licence ('SF open data', 'Open Data Commons PDDL (DataSF)'). */
  sourceName: z.string(),
  licence: z.string(),
  fileBytes: z.number().int(),
  bytesRead: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  retired: z.number().int(),
  skippedCount: z.number().int(),
  /** Every skipped row (the first 1,000), in line order. */
  skipped: z.array(importSkipSchema),
  message: z.string().nullable(),
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
});
export type ImportReport = z.input<typeof importReportSchema>;

/** GET /api/admin/imports: past imports, newest first (a page; `search` matches the file or source name). */
export const importsQuerySchema = adminListQuerySchema;
/** One past import in the list: its report without the skipped rows, and who ran it. */
export const importSummarySchema = importReportSchema.omit({ skipped: true }).extend({ adminUsername: z.string().nullable() });
export type ImportSummary = z.input<typeof importSummarySchema>;

export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  preset: z.enum(IMPORT_PRESETS),
  columns: z.array(z.string()),
  mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()),
  rows: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      foodWords: z.string(),
      cuisine: z.string(),
      hours: z.number().int(),
      skip: z.string().nullable(),
    }),
  ),
});
export type ImportPreview = z.input<typeof importPreviewSchema>;
