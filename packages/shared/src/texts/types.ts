import type { Locale } from '../locales.ts';

/** A template with `{{name}}` placeholders; English may vary with `{{count}}` (`one` when it is 1). */
export type TextTemplate = string | { one: string; other: string };
export type TextEntry = Record<Locale, TextTemplate>;

/** A parameter: plain (a number, a document number, a name) or itself a text, rendered in the same language. */
export type TextParam = string | number | TextRef;

/**
 * What the server stores instead of a finished sentence (issue 17): a catalogue key and its
 * parameters, rendered in the reader's language when read, e-mailed or printed.
 */
export interface TextRef {
  key: string;
  params?: Record<string, TextParam>;
}
