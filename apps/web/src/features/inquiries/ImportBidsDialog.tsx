import { InboxOutlined } from '@ant-design/icons';
import type { QuotationDetail } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, List, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { errorText } from '../../lib/fieldErrors.ts';
import { inquiriesApi } from './inquiries.api.ts';

interface RowProblem {
  row: number;
  column: string;
  reason: string;
}

/**
 * The supplier's bids from the filled-in template, all or nothing: a refused file lists every wrong
 * cell (row, column, reason in the reader's language) and saves nothing; an accepted one is saved as
 * the draft, which the supplier checks and submits.
 */
export function ImportBidsDialog({
  quotationId,
  onClose,
  onImported,
}: {
  quotationId: string;
  onClose: () => void;
  onImported: (updated: QuotationDetail) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const upload = useMutation({
    mutationFn: (file: File) => inquiriesApi.importBids(quotationId, file),
    meta: { silent: true },
    onSuccess: (result) => {
      message.success(t('inquiries.importBids.done', { count: result.lines }));
      setProblems([]);
      onImported(result.quotation);
    },
    onError: (err) => {
      const data = err instanceof ApiError ? err.data : undefined;
      setProblems(Array.isArray(data) ? (data as RowProblem[]) : []);
      if (!(err instanceof ApiError && err.handled)) message.error(errorText(err));
    },
  });
  return (
    <Modal
      title={t('inquiries.importBids.title')}
      open
      width={640}
      mask={{ closable: false }}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('inquiries.importBids.hint')} />
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
        <p>{t('inquiries.importBids.choose')}</p>
      </Upload.Dragger>
      {problems.length > 0 && (
        <List
          size="small"
          style={{ marginTop: 12, maxHeight: 240, overflow: 'auto' }}
          dataSource={problems}
          renderItem={(p) => (
            <List.Item>
              <span style={{ color: 'var(--ant-color-error)' }}>
                {t('inquiries.importBids.errors', { row: p.row, column: p.column, reason: p.reason })}
              </span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
