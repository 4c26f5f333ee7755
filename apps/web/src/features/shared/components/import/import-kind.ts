import type { CustomRecord } from '@kontora/contract/custom-fields';
import type { TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import type { ImportRequest, UploadProgress } from './import-request.ts';

/** What every import's report has (a customer import adds its match counts). */
export type ImportReport = {
  dry_run: boolean;
  rows: number;
  imported: number;
  rejected: number;
  errors: { line: number; reasons: Record<string, string[]> }[];
  errors_truncated: boolean;
  created?: number;
  updated?: number;
  skipped?: number;
  matched?: number | null;
};

/**
 * What makes the wizard import one kind of record: its fields and their guesses from headers,
 * where its own texts live, how the file is sent, and whether a refused row stops the whole
 * import (deals) or only itself (customers, which also choose what matching rows do).
 */
export interface ImportKind {
  /** The record kind, whose own fields (not archived) are mapping targets too (`custom.{key}`); null: a kind without own fields (to-dos). */
  record: CustomRecord | null;
  fields: readonly string[];
  /** The field a header means; several when it may mean more (the first one not yet taken wins). */
  guessField: (header: string) => string | readonly string[] | null;
  /** The company's own fields as targets, by label (filled in by the wizard: with-own-fields.ts). */
  own?: readonly OwnTarget[];
  /** The kind's own texts: `<texts>.fields.<field>`, `<texts>.reasons.<code>` and the wizard's words below. */
  texts: string;
  /** The mapping's warning when a column every row needs is not mapped, else null. */
  missingColumn: (mapping: Readonly<Record<string, string | null>>, t: TFunction) => string | null;
  title: (t: TFunction) => string;
  mappingTitle: (t: TFunction) => string;
  fileIntro: (t: TFunction) => string;
  importLabel: (t: TFunction, rows: string) => string;
  checkSomeRejected: (t: TFunction) => string;
  cancelledImport: (t: TFunction) => string;
  /** The report of an all-or-nothing import that refused rows (and so saved nothing). */
  nothingSaved: (t: TFunction) => string;
  /**
   * Largest file the server accepts, in bytes: the company's configured import limit
   * (`import_max_bytes`, set by the wizard), or a smaller cap of the kind's own.
   */
  maxBytes: number;
  /** One refused row and the real run saves nothing: the import button waits for a clean check. */
  allOrNothing: boolean;
  /** Offers what rows matching existing records do (customers). */
  matching: boolean;
  useUpload: () => { mutateAsync: (request: ImportRequest) => Promise<ImportReport> };
}

/** One of the company's own fields as a mapping target. */
export type OwnTarget = { target: string; label: string };

export type { UploadProgress };

export const ImportKindContext = createContext<ImportKind | null>(null);

export function useImportKind(): ImportKind {
  const kind = useContext(ImportKindContext);
  if (!kind) throw new Error('The import wizard needs its ImportKind.');
  return kind;
}
