import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/http.ts';
import { accountsApi } from '../accounts/accounts.api.ts';

export interface Attachment {
  name: string;
  url: string;
}

const MAX_FILES = 10;
const MAX_UPLOAD_BYTES = 1024 * 1024;

/** A form control holding uploaded files as { name, url } (the capability's attachments). */
export function AttachmentsField({
  value = [],
  onChange,
  max = MAX_FILES,
}: {
  value?: Attachment[];
  onChange?: (next: Attachment[]) => void;
  /** How many files the field holds at most (10 unless told). */
  max?: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useMutation({
    mutationFn: accountsApi.upload,
    onSuccess: (r) => onChange?.([...value, { name: r.name, url: r.url }]),
  });
  return (
    <Space orientation="vertical" size={2}>
      {value.map((file) => (
        <Space key={file.url} size={4}>
          <a href={fileUrl(file.url)} target="_blank" rel="noreferrer">
            {file.name}
          </a>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common.delete')}
            onClick={() => onChange?.(value.filter((f) => f.url !== file.url))}
          />
        </Space>
      ))}
      {value.length < max && (
        <Upload
          showUploadList={false}
          accept=".pdf,.jpg,.jpeg,.png,.xlsx,.docx"
          beforeUpload={(file) => {
            if (file.size > MAX_UPLOAD_BYTES) message.error(t('upload.tooLarge'));
            else upload.mutate(file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={upload.isPending}>
            {t('upload.button')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
