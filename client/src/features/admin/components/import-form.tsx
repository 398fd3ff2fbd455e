import type { ImportPreview } from '@shared/contracts';
import { formatCount } from '@shared/utils/format';
import { useMutation } from '@tanstack/react-query';
import Eye from 'lucide-react/icons/eye';
import FileUp from 'lucide-react/icons/file-up';
import Loader2 from 'lucide-react/icons/loader-circle';
import Upload from 'lucide-react/icons/upload';
import { useState, type FormEvent } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/select';
import { errorMessage } from '@client/lib/api-client';
import { previewImport, useStartImport, type ImportChoice } from '../api/imports';
import { useEndSessionOnRefusal } from '../hooks/use-admin-guard';
import { guessMapping } from '../import-columns';

export const PRESET_OPTIONS = [
  { value: '', label: 'Detect automatically' },
  { value: 'sf-permits', label: 'San Francisco permits' },
  { value: 'sf-schedule', label: 'San Francisco schedule' },
  { value: 'custom', label: 'Custom mapping' },
] as const;
type PresetChoice = ImportChoice['preset'];

/** The fields a custom mapping names, in the order the form asks for them (the first four are required). */
const MAPPED_FIELDS = [
  { field: 'name', label: 'Name', required: true },
  { field: 'latitude', label: 'Latitude', required: true },
  { field: 'longitude', label: 'Longitude', required: true },
  { field: 'sourceId', label: 'Source id', required: true },
  { field: 'address', label: 'Address' },
  { field: 'foodItems', label: 'Food items' },
  { field: 'daysHours', label: 'Days/hours' },
  { field: 'status', label: 'Status' },
  { field: 'expiry', label: 'Expiry' },
  { field: 'phone', label: 'Phone' },
] as const;

const presetLabel = (preset: string) => PRESET_OPTIONS.find((p) => p.value === preset)?.label ?? preset;
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The preview's first rows: what each becomes, or why it is skipped. */
function PreviewTable({ preview }: { preview: ImportPreview }) {
  const skipped = preview.rows.filter((r) => r.skip).length;
  return (
    <section aria-labelledby="import-preview-heading" className="space-y-2">
      <h4 id="import-preview-heading" className="text-sm font-semibold text-gray-900">
        Preview: first {formatCount(preview.rows.length)} rows · {preview.format.toUpperCase()} · {presetLabel(preview.preset)}
      </h4>
      <p className="text-sm text-gray-700">
        {formatCount(preview.rows.length - skipped)} will be imported, {formatCount(skipped)} skipped in these rows.
      </p>
      <div className="overflow-x-auto rounded-lg border border-gray-200">
        <table className="w-full text-left text-sm max-sm:block max-sm:[&_td]:block max-sm:[&_td]:py-1 max-sm:[&>tbody>tr]:block max-sm:[&>tbody>tr]:py-2 sm:min-w-[40rem]">
          <caption className="sr-only">Preview of the first rows</caption>
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase max-sm:sr-only">
            <tr>
              {['Line', 'Name', 'Address', 'Food', 'Weekly hours', 'Result'].map((c) => (
                <th key={c} scope="col" className="px-3 py-2">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 max-sm:block">
            {preview.rows.map((row) => (
              <tr key={row.line} data-testid="preview-row">
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                  <span className="sm:sr-only">Line </span>
                  {row.line}
                </td>
                <td className="px-3 py-2 font-medium break-words">{row.name || '—'}</td>
                <td className="px-3 py-2 break-words">{row.address ?? '—'}</td>
                <td className="px-3 py-2 break-words">
                  {row.foodWords || '—'}
                  {row.cuisine && <span className="block text-xs text-gray-700">{row.cuisine}</span>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {row.skip ? '—' : row.hours === 0 ? 'None' : `${formatCount(row.hours)} per week`}
                </td>
                <td className="px-3 py-2">
                  {row.skip ? (
                    <span className="text-red-800">Skipped: {row.skip}</span>
                  ) : (
                    <Badge variant="success">Will import</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The import form (issue 26): a file (CSV, JSON array, GeoJSON), its preset (detected, SF permits, SF
 * schedule, or a custom mapping of the file's columns), the source's name and licence; a preview of
 * the first rows (POST …/preview with the first 64 KB) before Import starts the real thing.
 */
export function ImportForm({ onStarted }: { onStarted(id: number): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preset, setPreset] = useState<PresetChoice>('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [sourceName, setSourceName] = useState('');
  const [licence, setLicence] = useState('');
  const [timeZone, setTimeZone] = useState(deviceZone);
  const [columns, setColumns] = useState<string[]>([]);
  const preview = useMutation({
    mutationFn: previewImport,
    onSuccess: (answer, asked) => {
      setColumns(answer.columns);
      if (answer.preset === 'custom' && preset === '') setPreset('custom');
      // A file of no known format: the columns its header names plainly ("name", "lat") are chosen
      // for the admin to check, and previewed with them.
      const guessed = answer.preset === 'custom' && Object.keys(asked.mapping).length === 0 ? guessMapping(answer.columns) : {};
      if (Object.keys(guessed).length > 0) {
        setMapping(guessed);
        preview.mutate({ ...asked, preset: 'custom', mapping: guessed });
      }
    },
  });
  const start = useStartImport();
  useEndSessionOnRefusal(preview.error ?? start.error);

  const choice = (changes: Partial<ImportChoice> = {}): ImportChoice | null => {
    const next = { file, preset, mapping, sourceName, licence, timeZone, ...changes };
    return next.file ? { ...next, file: next.file } : null;
  };
  const runPreview = (changes: Partial<ImportChoice> = {}) => {
    const c = choice(changes);
    start.reset();
    if (c) preview.mutate(c);
  };
  const changed = () => {
    preview.reset();
    start.reset();
  };

  const onFile = (picked: File | null) => {
    setFile(picked);
    setColumns([]);
    setMapping({});
    changed();
    if (picked) runPreview({ file: picked, mapping: {} });
  };
  const onPreset = (value: PresetChoice) => {
    setPreset(value);
    changed();
    if (file) runPreview({ preset: value });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const c = choice();
    if (c) start.mutate(c, { onSuccess: ({ id }) => onStarted(id) });
  };

  const custom = preset === 'custom';
  const readyRows = preview.data?.rows.length ?? 0;
  const canImport = Boolean(file && preview.isSuccess && readyRows > 0 && !start.isPending);
  const failure = preview.error ?? start.error;
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Import open data">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="File" hint="CSV, a JSON array (as Socrata exports it) or GeoJSON, up to 200 MB.">
          <Input
            type="file"
            accept=".csv,.json,.geojson,text/csv,application/json,application/geo+json"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-brand-800"
          />
        </FormField>
        <FormField label="Format" hint="The server recognises San Francisco's data sets from their columns.">
          <NativeSelect value={preset} onChange={(e) => onPreset(e.target.value as PresetChoice)}>
            {PRESET_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Source name" hint="What diners read: 'Unclaimed · from SF open data'. Blank: the format's own.">
          <Input value={sourceName} maxLength={60} placeholder="SF open data" onChange={(e) => setSourceName(e.target.value)} />
        </FormField>
        <FormField label="Licence" hint="Named on every listing's page. Blank: the format's own.">
          <Input value={licence} maxLength={200} placeholder="Open Data Commons PDDL (DataSF)" onChange={(e) => setLicence(e.target.value)} />
        </FormField>
      </div>

      {custom && (
        <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
          <legend className="px-1 text-sm font-semibold text-gray-900">Which column holds each field</legend>
          {columns.length === 0 ? (
            <p className="text-sm text-gray-700">Choose a file first: its columns are offered here.</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {MAPPED_FIELDS.map(({ field, label, ...rest }) => (
                <FormField
                  key={field}
                  label={'required' in rest ? `${label} (required)` : label}
                  hint={field === 'sourceId' ? 'A column that names each row the same way in every export (a permit number): importing again updates those listings instead of adding them twice.' : undefined}
                >
                  <NativeSelect
                    value={mapping[field] ?? ''}
                    onChange={(e) => {
                      const { [field]: _dropped, ...others } = mapping;
                      setMapping(e.target.value ? { ...others, [field]: e.target.value } : others);
                      changed();
                    }}
                  >
                    <option value="">Not in this file</option>
                    {columns.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              ))}
              <FormField label="Time zone of the hours">
                <Input value={timeZone} maxLength={60} onChange={(e) => setTimeZone(e.target.value)} />
              </FormField>
            </div>
          )}
        </fieldset>
      )}

      {failure && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">This file cannot be imported</p>
          <p data-testid="import-error">{errorMessage(failure, 'The server could not read the file. Please try again.')}</p>
        </div>
      )}
      {preview.isPending && (
        <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Reading the first rows…
        </p>
      )}
      {preview.data && preview.data.rows.length > 0 && <PreviewTable preview={preview.data} />}
      {preview.data && preview.data.rows.length === 0 && custom && (
        <p className="text-sm text-gray-700" role="status">
          Say which column holds the name, latitude, longitude and source id, then preview.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={!file || preview.isPending} onClick={() => runPreview()}>
          <Eye aria-hidden /> Preview
        </Button>
        <Button type="submit" disabled={!canImport}>
          {start.isPending ? <Upload aria-hidden className="animate-pulse" /> : <FileUp aria-hidden />}
          {start.isPending ? 'Uploading…' : 'Import'}
        </Button>
      </div>
    </form>
  );
}
