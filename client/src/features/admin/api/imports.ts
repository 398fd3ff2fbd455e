import type { ImportPreview, ImportReport, ImportSummary } from '@shared/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFormJson, apiJson } from '@client/lib/api-client';
import { invalidateTruckCaches, queryKeys } from '@client/lib/query-keys';
import { useAdminList, type ListParams } from './admin-list';

/** What the admin chose beside the file (sent as the multipart form's fields). */
export interface ImportChoice {
  file: File;
  /** '' lets the server detect the preset from the header. */
  preset: '' | 'sf-permits' | 'sf-schedule' | 'custom';
  /** Custom mapping: field → column (only the chosen ones). */
  mapping: Record<string, string>;
  sourceName: string;
  licence: string;
  timeZone: string;
}

/** What the server reads of a file for the preview: its first 64 KB (the route reads no more). */
export const PREVIEW_BYTES = 64 * 1024;

function formOf(choice: ImportChoice, file: Blob): FormData {
  const form = new FormData();
  if (choice.preset) form.append('preset', choice.preset);
  if (choice.preset === 'custom' && Object.keys(choice.mapping).length > 0) form.append('mapping', JSON.stringify(choice.mapping));
  if (choice.sourceName.trim()) form.append('sourceName', choice.sourceName.trim());
  if (choice.licence.trim()) form.append('licence', choice.licence.trim());
  if (choice.preset === 'custom' && choice.timeZone.trim()) form.append('timeZone', choice.timeZone.trim());
  form.append('file', file, choice.file.name);
  return form;
}

/** POST /api/admin/imports/preview with the file's first 64 KB: the first rows as the import reads them. */
export function previewImport(choice: ImportChoice): Promise<ImportPreview> {
  return apiFormJson<ImportPreview>('/api/admin/imports/preview', formOf(choice, choice.file.slice(0, PREVIEW_BYTES)));
}

/** POST /api/admin/imports: the whole file; answers at once with the import's id. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: ImportChoice) => apiFormJson<{ id: number }>('/api/admin/imports', formOf(choice, choice.file)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminList('imports', {}).slice(0, 2) }),
  });
}

function running(report: ImportReport | undefined): boolean {
  return !report || report.status === 'queued' || report.status === 'running';
}

/**
 * GET /api/admin/imports/:id, polled every 500 ms while the import is queued or running; once it
 * ends, the lists, stats and the diners' truck caches refetch (listings came or went).
 */
export function useImportReport(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.adminImport(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const report = await apiJson<ImportReport>('GET', `/api/admin/imports/${id}`);
      if (!running(report)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.adminStats });
        void queryClient.invalidateQueries({ queryKey: queryKeys.adminList('imports', {}).slice(0, 2) });
        void invalidateTruckCaches(queryClient);
      }
      return report;
    },
    refetchInterval: (query) => (running(query.state.data) ? 500 : false),
  });
}

/** GET /api/admin/imports?search — past imports, newest first. */
export function useImportsList(params: ListParams) {
  return useAdminList<ImportSummary>('imports', params);
}
