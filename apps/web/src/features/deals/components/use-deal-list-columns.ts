import { useState } from 'react';
import { DEAL_COLUMNS, type DealColumn } from './deal-columns.tsx';

/** Where this browser keeps the deal list's columns, per company (the customer list's are kept on the server). */
const storageKey = (companyId: number) => `kontoraDealColumns:${companyId}`;
const COLUMN = /^(stage|amount|organisation|owner|expected_close_date|custom\.[a-z][a-z0-9_]{0,39})$/;
const MAX_COLUMNS = 60;

function readColumns(companyId: number): DealColumn[] | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(companyId)) ?? 'null');
    if (!Array.isArray(stored)) return null;
    // Edited by hand or from an older app: only column names, each once.
    return [...new Set(stored.filter((c): c is DealColumn => typeof c === 'string' && COLUMN.test(c)))].slice(
      0,
      MAX_COLUMNS,
    );
  } catch {
    return null;
  }
}

/**
 * The deal list's shown columns, in order: the built-in ones until the person chooses, then
 * their choice, kept in this browser for the company. A column of a field no longer in use
 * stays in the choice and is simply not drawn (it comes back if the field is restored).
 */
export function useDealListColumns(companyId: number) {
  const [chosen, setChosen] = useState<{ companyId: number; columns: DealColumn[] | null }>(() => ({
    companyId,
    columns: readColumns(companyId),
  }));
  const columns = (chosen.companyId === companyId ? chosen.columns : readColumns(companyId)) ?? [
    ...DEAL_COLUMNS,
  ];
  return {
    columns,
    setColumns: (next: DealColumn[]) => {
      setChosen({ companyId, columns: next });
      try {
        localStorage.setItem(storageKey(companyId), JSON.stringify(next));
      } catch {
        // A full or refused storage keeps the choice for this visit only.
      }
    },
  };
}
