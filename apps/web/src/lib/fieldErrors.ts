import type { FormInstance } from 'antd';
import i18n from 'i18next';
import { ApiError } from '../api/http.ts';

export type FieldName = (string | number)[];

export interface FieldError {
  /** `lines.1.qty` as antd names it: `['lines', 1, 'qty']`. */
  name: FieldName;
  message: string;
}

interface PathEntry {
  path: string;
  message: string;
}

const isPathEntry = (d: unknown): d is PathEntry =>
  !!d &&
  typeof d === 'object' &&
  typeof (d as PathEntry).path === 'string' &&
  typeof (d as PathEntry).message === 'string';

/**
 * The field problems of a rejected request (`data: [{ path, message }]`, messages already in the
 * reader's language), one per field and never the same twice.
 */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.data)) return [];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const d of error.data) {
    if (!isPathEntry(d) || seen.has(d.path)) continue;
    seen.add(d.path);
    const name = d.path === '' ? [] : d.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    out.push({ name, message: d.message });
  }
  return out;
}

/**
 * A field as a person names it: `['lines', 1, 'qty']` → "Line 2 · Quantity". A field the dictionary
 * does not know is left out rather than shown as a raw path.
 */
export function fieldLabel(name: FieldName): string {
  const parts: string[] = [];
  name.forEach((segment, i) => {
    if (typeof segment === 'number') {
      parts.push(i18n.t(name[i - 1] === 'lines' ? 'fields.line' : 'fields.item', { n: segment + 1 }));
    } else if (typeof name[i + 1] !== 'number') {
      const label = i18n.t(`fields.names.${segment}` as 'fields.names.qty', { defaultValue: '' });
      if (label) parts.push(label);
    }
  });
  return parts.join(' · ');
}

const describe = (e: FieldError) => {
  const label = fieldLabel(e.name);
  return label ? `${label}: ${e.message}` : e.message;
};

/**
 * What to tell the user about a failed call: the server's sentence, then each field problem labelled
 * once ("The submitted data is not valid — Line 2 · Quantity: Enter a number above 0").
 */
export function errorText(error: unknown, fields: FieldError[] = fieldErrorsOf(error)): string {
  const base = error instanceof Error ? error.message : String(error);
  const problems = [...new Set(fields.map(describe))].filter((p) => p !== base);
  return problems.length ? `${base} — ${problems.join('; ')}` : base;
}

/**
 * Puts each field problem beside its field in `form` (fields the form holds); returns the problems it
 * could not place, for the caller to show otherwise (a table editor's cell, or the page message).
 */
export function placeFieldErrors(form: FormInstance, error: unknown): FieldError[] {
  const registered = form.getFieldsValue() as Record<string, unknown>;
  const holds = (name: FieldName) => {
    let node: unknown = registered;
    for (const segment of name) {
      if (node === null || typeof node !== 'object' || !(segment in (node as object))) return false;
      node = (node as Record<string | number, unknown>)[segment];
    }
    return name.length > 0;
  };
  const placed: FieldError[] = [];
  const rest: FieldError[] = [];
  for (const e of fieldErrorsOf(error)) (holds(e.name) ? placed : rest).push(e);
  form.setFields(placed.map((e) => ({ name: e.name, errors: [e.message] })));
  return rest;
}
