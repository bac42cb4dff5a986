import { PaperClipOutlined } from '@ant-design/icons';
import type { OssFileRef } from '@concord/shared';
import { Empty, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/http.ts';
import { sanitizeRichText } from './richText.ts';

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

/** The words of a notice as both sides see them. */
export function NoticeContentView({ content, attachments }: { content: string; attachments: OssFileRef[] }) {
  const { t } = useTranslation();
  const html = useMemo(() => sanitizeRichText(content), [content]);
  return (
    <>
      {html ? (
        <div
          className="notice-content"
          style={{ lineHeight: 1.7, marginBottom: 16 }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write (platform/sanitize.ts) and here by DOMPurify
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.detail.noContent')} />
      )}
      <Typography.Title level={5}>{t('notices.fields.attachments')}</Typography.Title>
      <AttachmentLinks files={attachments} />
    </>
  );
}
