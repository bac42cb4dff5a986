import { CHK_STATE_NAMES, RELATION_STATE_NAMES, SUPPLIER_INVITE_STATE_NAMES, SYNC_STATE_NAMES } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * UI.md colours: grey not started, blue in progress, orange waiting for the other side, green done,
 * red refused, black blacklist/invalid.
 */
const INVITE_COLOURS = ['default', 'processing', 'warning', 'cyan', 'success', '#000000', '#000000'] as const;
const CHK_COLOURS = ['warning', 'success', 'error'] as const;
const RELATION_COLOURS = ['default', 'success', 'error'] as const;
const SYNC_COLOURS = ['default', 'processing', 'success'] as const;

export function InviteStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const name = SUPPLIER_INVITE_STATE_NAMES[state];
  return name ? <Tag color={INVITE_COLOURS[state]}>{t(`partners.inviteStates.${name}`)}</Tag> : <Tag>{state}</Tag>;
}

export function ChkStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const name = CHK_STATE_NAMES[state];
  return name ? <Tag color={CHK_COLOURS[state]}>{t(`partners.chkStates.${name}`)}</Tag> : <Tag>{state}</Tag>;
}

export function RelationStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const name = RELATION_STATE_NAMES[state];
  return name ? <Tag color={RELATION_COLOURS[state]}>{t(`partners.relationStates.${name}`)}</Tag> : <Tag>{state}</Tag>;
}

export function SyncStateTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const name = SYNC_STATE_NAMES[state];
  return name ? <Tag color={SYNC_COLOURS[state]}>{t(`partners.syncStates.${name}`)}</Tag> : <Tag>{state}</Tag>;
}
