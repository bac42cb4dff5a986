import {
  QUALIFICATION_MAX_ATTACHMENTS,
  QUALIFICATION_VALIDITY_TYPES,
  type QualificationItemInput,
  type QualificationValidityType,
  qualificationItemSchema,
  type UploadedFileRef,
  validationMessage,
} from '@concord/shared';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';

/** One requested file as a form holds it (dates as dayjs, the template as a list of at most one). */
export interface ItemFormValues {
  requirementId?: string | null;
  fileName: string;
  description: string;
  fileType: string;
  isNecessary: boolean;
  validityType: QualificationValidityType;
  validDate: Dayjs | null;
  validQuantity: number;
  templateFile: UploadedFileRef[];
}

export const EMPTY_ITEM: ItemFormValues = {
  requirementId: null,
  fileName: '',
  description: '',
  fileType: '',
  isNecessary: true,
  validityType: '1',
  validDate: null,
  validQuantity: 1,
  templateFile: [],
};

type ItemSource = Omit<QualificationItemInput, 'validDate' | 'templateFile'> & {
  validDate?: string | null;
  templateFile?: UploadedFileRef | null;
};

export function itemToForm(item: ItemSource): ItemFormValues {
  return {
    requirementId: item.requirementId ?? null,
    fileName: item.fileName,
    description: item.description ?? '',
    fileType: item.fileType ?? '',
    isNecessary: item.isNecessary ?? true,
    validityType: item.validityType ?? '1',
    validDate: item.validDate ? dayjs(item.validDate) : null,
    validQuantity: item.validQuantity ?? 1,
    templateFile: item.templateFile ? [item.templateFile] : [],
  };
}

/** The item as the API takes it; a specified date only travels with a 'date' validity. */
export function itemFromForm(v: ItemFormValues) {
  return {
    requirementId: v.requirementId ?? null,
    fileName: v.fileName.trim(),
    description: v.description?.trim() ?? '',
    fileType: v.fileType?.trim() ?? '',
    isNecessary: v.isNecessary,
    validityType: v.validityType,
    validDate: v.validityType === 'date' && v.validDate ? v.validDate.format(DATE_FORMAT) : null,
    validQuantity: v.validQuantity,
    templateFile: v.templateFile?.[0] ?? null,
  };
}

const shape = qualificationItemSchema.shape;

/**
 * The fields of one requested file, shared by the request page (one block per item), the edit dialog
 * of a draft and the requirement dialog. `prefix` places them inside a Form.List entry.
 */
export function ItemFields({ prefix = [] }: { prefix?: (string | number)[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = Form.useFormInstance();
  const name = (field: keyof ItemFormValues) => [...prefix, field];
  const validityType = Form.useWatch(name('validityType'), form) as QualificationValidityType | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={name('fileName')}
          label={t('qualifications.fields.fileName')}
          required
          rules={[zodRule(shape.fileName, locale)]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={name('fileType')} label={t('qualifications.fields.fileType')}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name={name('validityType')} label={t('qualifications.fields.validityType')}>
          <Select
            options={QUALIFICATION_VALIDITY_TYPES.map((v) => ({ value: v, label: t(`qualifications.validity.${v}`) }))}
          />
        </Form.Item>
      </Col>
      {validityType === 'date' && (
        <Col xs={12} md={6}>
          <Form.Item
            name={name('validDate')}
            label={t('qualifications.fields.validDate')}
            rules={[{ required: true, message: validationMessage('required', locale) }]}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      )}
      <Col xs={12} md={6}>
        <Form.Item name={name('validQuantity')} label={t('qualifications.fields.validQuantity')}>
          <InputNumber min={1} max={QUALIFICATION_MAX_ATTACHMENTS} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item name={name('isNecessary')} label={t('qualifications.fields.isNecessary')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name={name('description')} label={t('qualifications.fields.description')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name={name('templateFile')} label={t('qualifications.fields.templateFile')}>
          <AttachmentsField max={1} />
        </Form.Item>
      </Col>
    </Row>
  );
}
