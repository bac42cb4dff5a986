import { PaperClipOutlined } from '@ant-design/icons';
import type { OssFileRef } from '@concord/shared';
import { Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/http.ts';

export function AttachmentLinks({ files }: { files: OssFileRef[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return <Typography.Text type="secondary">{t('notices.detail.none')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {files.map((f) => (
        <a key={f.url} href={fileUrl(f.url)} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {f.name}
        </a>
      ))}
    </Space>
  );
}

/**
 * The words of a notice as both sides see them. The HTML was sanitized by the server when it was
 * written (allow-listed tags, safe links only), so it is shown as stored.
 */
export function NoticeContentView({ content, attachments }: { content: string; attachments: OssFileRef[] }) {
  const { t } = useTranslation();
  return (
    <>
      {content ? (
        <div
          className="notice-content"
          style={{ lineHeight: 1.7, marginBottom: 16 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by platform/sanitize.ts
          dangerouslySetInnerHTML={{ __html: content }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.detail.noContent')} />
      )}
      <Typography.Title level={5}>{t('notices.fields.attachments')}</Typography.Title>
      <AttachmentLinks files={attachments} />
    </>
  );
}
