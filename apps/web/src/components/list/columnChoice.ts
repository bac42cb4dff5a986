import { useState } from 'react';
import type { ColumnChoice } from './fitColumns.ts';

/**
 * Every remembered column choice, a list's and a document's line table's alike, is kept under this
 * prefix plus the table's name: a list's route path (`#<id>` for a second list of the route), a line
 * table's id.
 */
const STORAGE_PREFIX = 'concord:columns:';

function readChoice(name: string): ColumnChoice | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_PREFIX + name) ?? 'null') as Partial<ColumnChoice> | null;
    return Array.isArray(value?.shown) && Array.isArray(value?.hidden)
      ? { shown: value.shown.map(String), hidden: value.hidden.map(String) }
      : null;
  } catch {
    return null;
  }
}

function writeChoice(name: string, choice: ColumnChoice | null): void {
  try {
    if (choice) localStorage.setItem(STORAGE_PREFIX + name, JSON.stringify(choice));
    else localStorage.removeItem(STORAGE_PREFIX + name);
  } catch {
    // A browser that refuses storage keeps the choice for this visit only.
  }
}

/**
 * The columns the user chose to show and to hide on the table `name`, kept in the browser; null until
 * they choose (or after `save(null)` forgets it). A new `name` (the same list component on another
 * route) reads that table's own choice.
 */
export function useColumnChoice(name: string): [ColumnChoice | null, (next: ColumnChoice | null) => void] {
  const [stored, setStored] = useState(() => ({ name, choice: readChoice(name) }));
  const choice = stored.name === name ? stored.choice : readChoice(name);
  const save = (next: ColumnChoice | null) => {
    writeChoice(name, next);
    setStored({ name, choice: next });
  };
  return [choice, save];
}
