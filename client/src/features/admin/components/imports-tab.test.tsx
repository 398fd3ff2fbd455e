import type { ImportPreview, ImportReport, PublicUser } from '@shared/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '@client/lib/toast';
import { renderApp, stubFetch } from '@client/test/render-app';
import { ImportsTab } from './imports-tab';

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADMIN: PublicUser = { id: 1, username: 'chief', email: null, phone: null, phoneConfirmed: false, role: 'admin' };
const EMPTY = { body: { items: [], total: 0, nextCursor: null } };
const PREVIEW: ImportPreview = {
  format: 'csv',
  preset: 'sf-permits',
  columns: ['locationid', 'Applicant'],
  mapping: { sourceId: 'locationid', name: 'Applicant' },
  rows: [
    { line: 2, name: 'Mission Dogs', address: '2400 MISSION ST', foodWords: 'hot dogs', cuisine: 'American', hours: 5, skip: null },
    { line: 3, name: 'Old Cart', address: null, foodWords: '', cuisine: '', hours: 0, skip: 'Not approved (status REQUESTED)' },
  ],
};
const report = (changes: Partial<ImportReport>): ImportReport => ({
  id: 7,
  status: 'done',
  preset: 'sf-permits',
  format: 'csv',
  fileName: 'permits.csv',
  sourceName: 'SF open data',
  licence: 'PDDL',
  fileBytes: 1000,
  bytesRead: 1000,
  processed: 2,
  created: 1,
  updated: 0,
  retired: 0,
  skippedCount: 1,
  skipped: [{ line: 3, reason: 'Not approved (status REQUESTED)' }],
  message: null,
  createdAt: '2026-11-26T05:00:00.000Z',
  finishedAt: '2026-11-26T05:00:02.000Z',
  ...changes,
});

function useApi(routes: Record<string, { status?: number; body?: unknown }>) {
  const stub = stubFetch((url, init) => routes[`${init?.method ?? 'GET'} ${url.split('?')[0]}`]);
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}
const pick = (name = 'permits.csv') => {
  fireEvent.change(screen.getByLabelText('File'), { target: { files: [new File(['locationid,Applicant\n1,A\n'], name, { type: 'text/csv' })] } });
};

describe('Imports tab (issue 26)', () => {
  it('shows the empty list, previews a picked file, imports it and shows the exact report', async () => {
    useApi({
      'GET /api/admin/imports': EMPTY,
      'POST /api/admin/imports/preview': { body: PREVIEW },
      'POST /api/admin/imports': { status: 202, body: { id: 7 } },
      'GET /api/admin/imports/7': { body: report({}) },
    });
    renderApp(<ImportsTab />, { path: '/admin', user: ADMIN });
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    pick();
    expect(await screen.findByText('Preview: first 2 rows · CSV · San Francisco permits')).toBeInTheDocument();
    expect(screen.getByText('1 will be imported, 1 skipped in these rows.')).toBeInTheDocument();
    expect(screen.getByText('Skipped: Not approved (status REQUESTED)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import finished: 2 rows processed')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByTestId('import-created')).toHaveTextContent('1');
    const skipped = within(screen.getByTestId('skipped-table'));
    expect(skipped.getByText('Not approved (status REQUESTED)')).toBeInTheDocument();
  });

  it('a file of no known format: the columns named plainly are chosen and previewed with them', async () => {
    const stub = useApi({
      'GET /api/admin/imports': EMPTY,
      'POST /api/admin/imports/preview': { body: { ...PREVIEW, preset: 'custom', columns: ['name', 'address', 'lat', 'lng'], mapping: {} } },
    });
    renderApp(<ImportsTab />, { path: '/admin', user: ADMIN });
    pick('city.csv');
    expect(await screen.findByLabelText('Latitude (required)')).toHaveValue('lat');
    expect(screen.getByLabelText('Name (required)')).toHaveValue('name');
    expect(screen.getByLabelText('Longitude (required)')).toHaveValue('lng');
    expect(screen.getByLabelText('Source id (required)')).toHaveValue('');
    await waitFor(() => expect(stub.calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/admin/imports/preview'))).toHaveLength(2));
  });

  it("shows the server's message for a malformed file and keeps Import disabled", async () => {
    useApi({
      'GET /api/admin/imports': EMPTY,
      'POST /api/admin/imports/preview': { status: 400, body: { message: 'The file is not valid JSON: unexpected end' } },
    });
    renderApp(<ImportsTab />, { path: '/admin', user: ADMIN });
    pick('broken.json');
    expect(await screen.findByTestId('import-error')).toHaveTextContent('The file is not valid JSON: unexpected end');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('shows a running import by bytes read, and a failed one with its message', async () => {
    const running = report({ status: 'running', bytesRead: 250, processed: 500, created: 0, skippedCount: 0, skipped: [], finishedAt: null });
    const routes: Record<string, { status?: number; body?: unknown }> = {
      'GET /api/admin/imports': { body: { items: [{ ...running, adminUsername: 'chief' }], total: 1, nextCursor: null } },
      'GET /api/admin/imports/7': { body: running },
    };
    useApi(routes);
    renderApp(<ImportsTab />, { path: '/admin', user: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Open the report of import #7' }));
    expect(await screen.findByText('Importing… 500 rows read')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '25');
    routes['GET /api/admin/imports/7'] = { body: report({ status: 'failed', message: 'The file is not valid JSON: cut', created: 0 }) };
    await waitFor(() => expect(screen.getByTestId('import-failure')).toHaveTextContent('The file is not valid JSON: cut'), { timeout: 3000 });
    expect(screen.getByText('The import failed and changed nothing')).toBeInTheDocument();
  });
});
