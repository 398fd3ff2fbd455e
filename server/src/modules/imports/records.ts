import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseCsv } from 'csv-parse';
import { JSONParser } from '@streamparser/json-node';
import type { ImportFormat } from '@shared/constants';

/** One record of the file: its line (CSV: the line in the file; JSON: the element's number, from 1). */
export interface SourceRecord {
  line: number;
  values: Record<string, string>;
}

/** The file could not be read as the format it claims: the import is refused, nothing changes. */
export class MalformedFileError extends Error {}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function flatten(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) out[key] = text(v);
  return out;
}

/** A GeoJSON Feature's properties, with its Point's coordinates as `latitude` / `longitude` unless it has its own. */
function featureValues(feature: unknown): Record<string, string> | undefined {
  if (feature === null || typeof feature !== 'object') return undefined;
  const { properties, geometry } = feature as { properties?: unknown; geometry?: unknown };
  const values = flatten(properties ?? {});
  if (!values) return undefined;
  const coordinates = (geometry as { type?: unknown; coordinates?: unknown } | null)?.coordinates;
  if (Array.isArray(coordinates) && coordinates.length >= 2) {
    const lower = new Set(Object.keys(values).map((k) => k.toLowerCase()));
    if (!lower.has('longitude')) values.longitude = text(coordinates[0]);
    if (!lower.has('latitude')) values.latitude = text(coordinates[1]);
  }
  return values;
}

function malformed(format: ImportFormat, err: unknown): MalformedFileError {
  const reason = err instanceof Error ? err.message : String(err);
  const what = format === 'csv' ? 'CSV' : format === 'json' ? 'JSON' : 'GeoJSON';
  return new MalformedFileError(`The file is not valid ${what}: ${reason}`);
}

/**
 * The file's records, streamed: csv-parse for CSV (header row = column names), a streaming JSON
 * parser for a JSON array of objects (as Socrata exports it) and for a GeoJSON FeatureCollection's
 * features. Memory stays flat whatever the file's size. Throws MalformedFileError on a broken file.
 */
export async function* readRecords(input: Readable, format: ImportFormat): AsyncGenerator<SourceRecord> {
  if (format === 'csv') {
    const parser = parseCsv({ columns: true, bom: true, skip_empty_lines: true, trim: true, info: true });
    const piping = pipeline(input, parser).catch(() => undefined);
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
        yield { line: info.lines, values: record };
      }
    } catch (err) {
      throw malformed(format, err);
    } finally {
      input.destroy();
      await piping;
    }
    return;
  }
  const parser = new JSONParser({ paths: [format === 'json' ? '$.*' : '$.features.*'], keepStack: false });
  const piping = pipeline(input, parser).catch(() => undefined);
  let index = 0;
  try {
    for await (const { value } of parser as AsyncIterable<{ value: unknown }>) {
      index += 1;
      const values = format === 'json' ? flatten(value) : featureValues(value);
      if (!values) throw new MalformedFileError(`Element ${index} is not an object`);
      yield { line: index, values };
    }
  } catch (err) {
    throw err instanceof MalformedFileError ? malformed(format, err) : malformed(format, err);
  } finally {
    input.destroy();
    await piping;
  }
}

/**
 * The format of a file from its name and first bytes: GeoJSON (an object, `FeatureCollection`), a
 * JSON array, or CSV. Undefined when the start fits none (e.g. a JSON object that is not GeoJSON).
 */
export function detectFormat(fileName: string, head: string): ImportFormat | undefined {
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('[')) return 'json';
  if (start.startsWith('{')) return /"type"\s*:\s*"FeatureCollection"/.test(head) || /\.geojson$/i.test(fileName) ? 'geojson' : undefined;
  if (start === '') return undefined;
  return 'csv';
}

/** The column names of a file from its first bytes (the header, or the first element's keys). */
export async function columnsOf(head: Buffer, format: ImportFormat): Promise<string[]> {
  const records = readRecords(Readable.from([head]), format);
  try {
    const first = await records.next();
    return first.done ? [] : Object.keys(first.value.values);
  } catch (err) {
    if (format !== 'csv') throw err;
    // A CSV header alone (or cut mid-row): read just the first line.
    const firstLine = head.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    return firstLine.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
  } finally {
    await records.return(undefined);
  }
}
