import type { DocumentHistoryEntry } from '@concord/shared';
import { Empty, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates.ts';

/**
 * Both enterprises' steps of a shared document in time order, told from the reader's side (issue 17):
 * who by name, the enterprise that took the step — the reader's own as "us" — and what was done.
 */
export function DocumentHistory({ entries }: { entries: DocumentHistoryEntry[] }) {
  const { t } = useTranslation();
  if (!entries.length) return <Empty description={t('history.empty')} />;
  return (
    <Timeline
      items={entries.map((h, i) => ({
        key: `${h.at}-${i}`,
        color: h.own ? 'blue' : 'green',
        content: (
          <div>
            <div className="history-meta">
              {formatDateTime(h.at)} · {h.actor} · {h.own ? t('history.own') : h.party}
            </div>
            <div>{h.summary}</div>
          </div>
        ),
      }))}
    />
  );
}
