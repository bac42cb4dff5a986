import { MATERIAL_IMPORT_STATUS, type MaterialImport } from '@concord/shared';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { ImportResult } from './ImportDialog.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

afterEach(cleanup);

const base: MaterialImport = {
  id: '1',
  target: 'materials',
  fileName: 'materials.xlsx',
  status: MATERIAL_IMPORT_STATUS.RUNNING,
  totalRows: 0,
  processedRows: 0,
  importedRows: 0,
  errorCount: 0,
  errors: [],
  failure: null,
  createdAt: '2026-11-23T08:00:00Z',
  finishedAt: null,
};

describe('ImportResult', () => {
  it('shows reading and writing progress', () => {
    const { rerender } = render(<ImportResult state={{ ...base, processedRows: 3000 }} />);
    expect(screen.getByText('Reading the file… 3000 rows so far')).toBeTruthy();
    rerender(<ImportResult state={{ ...base, totalRows: 50000, processedRows: 25000 }} />);
    expect(screen.getByText('Importing 25000 of 50000 rows')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
  });

  it('lists every row error with row, column and reason', () => {
    render(
      <ImportResult
        state={{
          ...base,
          status: MATERIAL_IMPORT_STATUS.FAILED,
          errorCount: 2,
          errors: [
            { row: 12, column: 'Purchasing unit*', reason: '“BOX” does not exist' },
            { row: 22, column: 'Material name*', reason: 'A value is required' },
          ],
          failure: '2 errors were found in the file; nothing was imported',
        }}
      />,
    );
    expect(screen.getByText('2 errors found; nothing was imported')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('Purchasing unit*')).toBeTruthy();
    expect(screen.getByText('“BOX” does not exist')).toBeTruthy();
    expect(screen.getByText('A value is required')).toBeTruthy();
  });

  it('shows why a whole file was refused, and a success', () => {
    const { rerender } = render(
      <ImportResult state={{ ...base, status: MATERIAL_IMPORT_STATUS.FAILED, failure: 'The file was refused' }} />,
    );
    expect(screen.getByText('The file was refused')).toBeTruthy();
    rerender(<ImportResult state={{ ...base, status: MATERIAL_IMPORT_STATUS.SUCCEEDED, importedRows: 200 }} />);
    expect(screen.getByText('200 rows imported')).toBeTruthy();
  });
});
