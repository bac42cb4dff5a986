import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, List, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveFile } from '../../api/http.ts';
import { orderKeys, ordersApi } from './purchase-orders.api.ts';

interface RowProblem {
  row: number;
  column: string;
  reason: string;
}

/** Import from Excel: all or nothing; a refused file lists every row problem the server found. */
export function ImportOrdersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => ordersApi.import(file),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      message.success(t('purchaseOrders.done.imported', { count: result.orderIds.length }));
      setProblems([]);
      onClose();
    },
    onError: (err) => {
      const data = err instanceof ApiError ? err.data : undefined;
      setProblems(Array.isArray(data) ? (data as RowProblem[]) : []);
      if (!Array.isArray(data)) message.error((err as Error).message);
    },
  });
  const template = useMutation({
    mutationFn: () => ordersApi.template(),
    onSuccess: saveFile,
    onError: (err) => message.error(err.message),
  });
  return (
    <Modal
      title={t('purchaseOrders.importDialog.title')}
      open={open}
      width="50%"
      mask={{ closable: false }}
      footer={null}
      onCancel={() => {
        setProblems([]);
        onClose();
      }}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('purchaseOrders.importDialog.hint')}
        action={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={template.isPending}
            onClick={() => template.mutate()}
          >
            {t('purchaseOrders.importDialog.template')}
          </Button>
        }
      />
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={upload.isPending}
        beforeUpload={(file) => {
          upload.mutate(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('purchaseOrders.importDialog.choose')}</p>
      </Upload.Dragger>
      {problems.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12, maxHeight: 240, overflow: 'auto' }}
          dataSource={problems}
          renderItem={(p) => (
            <List.Item>
              <span style={{ color: 'var(--ant-color-error)' }}>
                {t('purchaseOrders.importDialog.errors', { row: p.row, column: p.column, reason: p.reason })}
              </span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
