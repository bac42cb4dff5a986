import type { MaterialExport } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../api/http.ts';
import { enUS } from '../../locales/en-US.ts';
import { ExportDialog, ExportProgress } from './ExportDialog.tsx';
import { materialsApi } from './materials.api.ts';

vi.mock('../../api/http.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/http.ts')>()),
  saveFile: vi.fn(),
}));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(saveFile).mockReset();
});

const base: MaterialExport = {
  id: '7',
  target: 'materials',
  status: 'running',
  processedRows: 0,
  totalRows: 0,
  fileName: null,
  failure: null,
  createdAt: '2026-11-25T08:00:00Z',
  finishedAt: null,
};

function renderDialog(started: MaterialExport, open = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <ExportDialog started={started} open={open} onClose={() => {}} />
      </App>
    </QueryClientProvider>,
  );
}

describe('ExportProgress', () => {
  it('shows processed rows of the total', () => {
    const { rerender } = render(<ExportProgress state={{ ...base, status: 'queued' }} />);
    expect(screen.getByText('Waiting to start…')).toBeTruthy();
    rerender(<ExportProgress state={{ ...base, processedRows: 50_000, totalRows: 80_000 }} />);
    expect(screen.getByText('Exporting 50000 of 80000 rows')).toBeTruthy();
    expect(screen.getByText('62%')).toBeTruthy();
  });
});

describe('ExportDialog', () => {
  it('follows the job and saves the file once it is done', async () => {
    const done: MaterialExport = {
      ...base,
      status: 'done',
      processedRows: 4000,
      totalRows: 4000,
      fileName: 'materials-2026-11-25.xlsx',
    };
    const status = vi
      .spyOn(materialsApi, 'exportStatus')
      .mockResolvedValueOnce({ ...base, processedRows: 2000, totalRows: 4000 })
      .mockResolvedValue(done);
    const file = { blob: new Blob(['xlsx']), filename: 'materials-2026-11-25.xlsx' };
    const fetchFile = vi.spyOn(materialsApi, 'exportFile').mockResolvedValue(file);
    renderDialog(base);
    expect(await screen.findByText('Exporting 2000 of 4000 rows')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    await waitFor(() => expect(saveFile).toHaveBeenCalled(), { timeout: 5000 });
    expect(vi.mocked(saveFile).mock.calls[0][0]).toEqual(file);
    expect(fetchFile).toHaveBeenCalledWith(done);
    expect(screen.getByText('4000 rows exported; the file is being downloaded')).toBeTruthy();
    expect(screen.getByText('Download again')).toBeTruthy();
    expect(status).toHaveBeenCalledWith('7');
  });

  it('shows why the export failed and saves nothing', async () => {
    const failure = 'The export would hold 120000 rows; at most 100000 can be exported at once.';
    vi.spyOn(materialsApi, 'exportStatus').mockResolvedValue({ ...base, status: 'failed', failure });
    const fetchFile = vi.spyOn(materialsApi, 'exportFile');
    renderDialog(base);
    expect(await screen.findByText(failure)).toBeTruthy();
    expect(fetchFile).not.toHaveBeenCalled();
    expect(saveFile).not.toHaveBeenCalled();
  });
});
