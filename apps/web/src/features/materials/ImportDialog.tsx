import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  MATERIAL_IMPORT_STATUS,
  type MaterialImport,
  type MaterialImportError,
  type MaterialImportTarget,
} from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/http.ts';
import { materialKeys, materialsApi } from './materials.api.ts';

const POLL_MS = 1000;

const finished = (s: MaterialImport | undefined) => !!s && s.status >= MATERIAL_IMPORT_STATUS.SUCCEEDED;

/** What a running, failed or finished import looks like: progress, the refusal, or every row error. */
export function ImportResult({ state }: { state: MaterialImport }) {
  const { t } = useTranslation();
  if (state.status === MATERIAL_IMPORT_STATUS.SUCCEEDED) {
    return <Alert type="success" showIcon title={t('materials.excel.succeeded', { count: state.importedRows })} />;
  }
  if (state.status === MATERIAL_IMPORT_STATUS.FAILED) {
    if (state.errorCount === 0) return <Alert type="error" showIcon title={state.failure} />;
    return (
      <>
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('materials.excel.failed', { count: state.errorCount })}
          description={
            state.errorCount > state.errors.length
              ? t('materials.excel.moreErrors', { shown: state.errors.length, count: state.errorCount })
              : undefined
          }
        />
        <Table<MaterialImportError>
          size="small"
          rowKey={(e) => `${e.row}:${e.column}:${e.reason}`}
          dataSource={state.errors}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            { key: 'row', title: t('materials.excel.row'), dataIndex: 'row', width: 70, align: 'right' },
            { key: 'column', title: t('materials.excel.column'), dataIndex: 'column', width: 180 },
            { key: 'reason', title: t('materials.excel.reason'), dataIndex: 'reason' },
          ]}
        />
      </>
    );
  }
  // The bar is named by the words under it (a progress bar needs a name, axe aria-progressbar-name).
  if (state.totalRows === 0) {
    const words =
      state.processedRows > 0
        ? t('materials.excel.reading', { count: state.processedRows })
        : t('materials.excel.queued');
    return (
      <div>
        <Progress percent={0} status="active" showInfo={false} aria-label={words} />
        {words}
      </div>
    );
  }
  const words = t('materials.excel.writing', { done: state.processedRows, total: state.totalRows });
  return (
    <div>
      <Progress
        percent={Math.floor((state.processedRows / state.totalRows) * 100)}
        status="active"
        aria-label={words}
      />
      {words}
    </div>
  );
}

/**
 * Uploads a workbook and follows the import job until it ends; the server keeps working when the
 * dialog is closed, and the result stays readable while it is open.
 */
export function ImportDialog({
  target,
  open,
  onClose,
  onImported,
}: {
  target: MaterialImportTarget;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const template = useMutation({ mutationFn: () => materialsApi.template(target), onSuccess: saveFile });
  const start = useMutation({
    mutationFn: (f: File) => materialsApi.startImport(target, f),
    onSuccess: (state) => setImportId(state.id),
    onError: (error) => message.error(error.message),
    meta: { silent: true },
  });
  const status = useQuery({
    queryKey: materialKeys.import(importId ?? ''),
    queryFn: async () => {
      const state = await materialsApi.importStatus(importId!);
      if (state.status === MATERIAL_IMPORT_STATUS.SUCCEEDED) onImported();
      return state;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : POLL_MS),
  });
  const state = status.data ?? start.data;
  const running = importId !== null && !finished(state);
  const close = () => {
    setFile(null);
    setImportId(null);
    start.reset();
    onClose();
  };
  return (
    <Modal
      title={target === 'materials' ? t('materials.excel.importMaterials') : t('materials.excel.importSuppliers')}
      open={open}
      width="50%"
      mask={{ closable: false }}
      onCancel={close}
      onOk={() => file && start.mutate(file)}
      okText={t('materials.excel.start')}
      okButtonProps={{ disabled: !file || running || (state && !finished(state)) }}
      cancelText={t('common.close')}
      confirmLoading={start.isPending || running}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('materials.excel.allOrNothing')}
        action={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => template.mutate()}
          >
            {t('materials.excel.template')}
          </Button>
        }
      />
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        disabled={running}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        beforeUpload={(f) => {
          setFile(f);
          setImportId(null);
          start.reset();
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('materials.excel.drop')}</p>
      </Upload.Dragger>
      {state && (
        <div style={{ marginTop: 12 }}>
          <ImportResult state={state} />
        </div>
      )}
    </Modal>
  );
}
