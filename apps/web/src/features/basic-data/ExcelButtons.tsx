import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { ImportRowError } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveFile } from '../../api/http.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { basicDataApi, type ExcelResource } from './basic-data.api.ts';

const PERMISSION = 'CF_BAS';

/** Toolbar buttons of an Excel-enabled list: export the filtered rows, and import from the template. */
export function ExcelButtons({
  resource,
  exportQuery,
  onImported,
}: {
  resource: ExcelResource;
  exportQuery: () => Record<string, string | undefined>;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const exporting = useMutation({
    mutationFn: () => basicDataApi.export(resource, exportQuery()),
    onSuccess: saveFile,
  });
  return (
    <>
      <OperationButton permission={PERMISSION} icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('basicData.excel.import')}
      </OperationButton>
      <OperationButton
        permission={PERMISSION}
        readOnly
        icon={<DownloadOutlined />}
        loading={exporting.isPending}
        onClick={() => exporting.mutate()}
      >
        {t('basicData.excel.export')}
      </OperationButton>
      <ImportDialog resource={resource} open={open} onClose={() => setOpen(false)} onImported={onImported} />
    </>
  );
}

function ImportDialog({
  resource,
  open,
  onClose,
  onImported,
}: {
  resource: ExcelResource;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [rowErrors, setRowErrors] = useState<ImportRowError[]>([]);
  const template = useMutation({ mutationFn: () => basicDataApi.template(resource), onSuccess: saveFile });
  const run = useMutation({
    mutationFn: (f: File) => basicDataApi.import(resource, f),
    // Row errors are shown in the dialog; other failures go to the usual message.
    meta: { silent: true },
    onSuccess: (result) => {
      message.success(t('basicData.excel.imported', { count: result.imported }));
      onImported();
      close();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === 'IMPORT_ROWS_INVALID' && Array.isArray(error.data)) {
        setRowErrors(error.data as ImportRowError[]);
      } else {
        setRowErrors([]);
        message.error(error.message);
      }
    },
  });
  const close = () => {
    setFile(null);
    setRowErrors([]);
    run.reset();
    onClose();
  };
  return (
    <Modal
      title={t('basicData.excel.importTitle')}
      open={open}
      width="50%"
      mask={{ closable: false }}
      onCancel={close}
      onOk={() => file && run.mutate(file)}
      okText={t('basicData.excel.startImport')}
      okButtonProps={{ disabled: !file }}
      cancelText={t('common.cancel')}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('basicData.excel.allOrNothing')}
        action={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => template.mutate()}
          >
            {t('basicData.excel.template')}
          </Button>
        }
      />
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        beforeUpload={(f) => {
          setFile(f);
          setRowErrors([]);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('basicData.excel.drop')}</p>
      </Upload.Dragger>
      {rowErrors.length > 0 && (
        <>
          <Alert
            type="error"
            showIcon
            style={{ margin: '12px 0' }}
            title={t('basicData.excel.failed', { count: rowErrors.length })}
          />
          <Table<ImportRowError>
            size="small"
            rowKey={(e) => `${e.row}:${e.column}:${e.reason}`}
            dataSource={rowErrors}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { key: 'row', title: t('basicData.excel.row'), dataIndex: 'row', width: 70, align: 'right' },
              { key: 'column', title: t('basicData.excel.column'), dataIndex: 'column', width: 160 },
              { key: 'reason', title: t('basicData.excel.reason'), dataIndex: 'reason' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
