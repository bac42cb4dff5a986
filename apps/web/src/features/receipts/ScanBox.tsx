import { ScanOutlined } from '@ant-design/icons';
import type { DecimalPlaces, PackageScanResult } from '@concord/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Input, type InputRef, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { receiptsApi } from './receipts.api.ts';

type Feedback = { kind: 'success' | 'warning' | 'error'; text: string; extra?: string };

/**
 * The scan field of the receiving page (UI.md: a barcode scanner types into a focused field and ends
 * with Enter): receive, show the outcome, clear and take the focus back for the next label.
 */
export function ScanBox({
  noteId,
  places,
  received,
  total,
  onScanned,
}: {
  noteId: string;
  /** The note's places, which its quantities are exact at. */
  places: DecimalPlaces;
  received: number;
  total: number;
  onScanned: (result: PackageScanResult) => void;
}) {
  const { t } = useTranslation();
  const { fmt } = useNumbers(places);
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [counts, setCounts] = useState({ received, total });
  useEffect(() => setCounts({ received, total }), [received, total]);

  const scan = useMutation({
    mutationFn: (value: string) => receiptsApi.scan(noteId, value),
    // The outcome is shown under the field; a toast would say it a second time, in red.
    meta: { silent: true },
    onSuccess: (r) => {
      setCounts({ received: r.receivedPackageCount, total: r.packageCount });
      setFeedback({
        kind: 'success',
        text: t('receipts.scan.received', { code: r.packageNo, count: r.received, qty: fmt(r.qty, 'quantity') }),
        extra: r.arrived ? t('receipts.scan.arrivedToo') : undefined,
      });
      onScanned(r);
    },
    onError: (e) => {
      const already = e instanceof ApiError && e.errorCode === 'RECEIPT_PACKAGE_ALREADY_RECEIVED';
      setFeedback({ kind: already ? 'warning' : 'error', text: e.message });
    },
    onSettled: () => {
      setCode('');
      input.current?.focus();
    },
  });

  // The progress bar is named by the same words as the count beside it (axe aria-progressbar-name).
  const progress = t('receipts.scan.progress', { received: counts.received, total: counts.total });

  const submit = () => {
    const value = code.trim();
    if (value && !scan.isPending) scan.mutate(value);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap align="center">
        <Input
          ref={input}
          autoFocus
          allowClear
          prefix={<ScanOutlined />}
          aria-label={t('receipts.scan.label')}
          placeholder={t('receipts.scan.placeholder')}
          style={{ width: 360 }}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={submit}
          // Not disabled: the browser takes the focus from a disabled field, and the next label would be typed nowhere.
          readOnly={scan.isPending}
        />
        <span data-testid="scan-progress">{progress}</span>
        <Progress
          type="circle"
          size={28}
          percent={counts.total ? Math.round((counts.received / counts.total) * 100) : 0}
          aria-label={progress}
        />
      </Space>
      {feedback && (
        <Alert role="status" showIcon type={feedback.kind} message={feedback.text} description={feedback.extra} />
      )}
    </Space>
  );
}
