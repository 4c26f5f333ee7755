import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../../lib/create-attempt.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { formatFileSize } from '../../../../lib/format.ts';
import { isAbort } from '../../../../lib/upload-with-progress.ts';
import {
  autoMapHeaders,
  type CsvDelimiter,
  type CsvHead,
  duplicateHeaders,
  looksBinary,
  previewCsv,
  readCsvHead,
} from '../../lib/csv-preview.ts';
import type { ImportKind, ImportReport } from './import-kind.ts';
import type { ImportRequest, UploadProgress } from './import-request.ts';
import { importReasonText } from './import-texts.ts';
import { type ColumnMapping, repeatedHeaders } from './mapping-step.tsx';

export type ImportStep = 'file' | 'mapping' | 'check' | 'report';

/** A failed check or import: a text for the alert, and reasons about single columns for the mapping. */
export type ImportProblem = { text: string; columns: Record<string, string[]> };

/**
 * The mapping for a file's headers: what was chosen before for a header still
 * there (after a delimiter change), else the guess from the header's name.
 * Repeated headers can only be skipped (the API maps by header name).
 */
function mappingFor(
  kind: ImportKind,
  headers: readonly string[],
  previous: ColumnMapping = {},
): ColumnMapping {
  const repeated = repeatedHeaders(headers);
  const guessed = autoMapHeaders(
    headers.filter((h) => !repeated.has(h)),
    kind.guessField,
  );
  // Headers are the file's words (`constructor`, `__proto__`): no prototype to collide with.
  const mapping: ColumnMapping = Object.create(null);
  for (const header of headers) {
    if (repeated.has(header)) mapping[header] = null;
    else
      mapping[header] = Object.hasOwn(previous, header)
        ? (previous[header] ?? null)
        : (guessed[header] ?? null);
  }
  return mapping;
}

/**
 * The import wizard's state: the chosen file and the start of it, the mapping,
 * the running upload and what the server said. Nothing chosen is lost on a
 * failure: the person fixes the mapping (or waits for the network) and retries.
 */
export type ImportMatching = NonNullable<ImportRequest['matching']>;
const NO_MATCHING: ImportMatching = { onMatch: 'create', matchBy: ['oib', 'email', 'id'] };

export function useImportFlow(kind: ImportKind) {
  const { t, i18n } = useTranslation();
  const importer = kind.useUpload();
  const [step, setStep] = useState<ImportStep>('file');
  const [source, setSource] = useState<{ file: File; head: CsvHead } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [delimiter, setDelimiter] = useState<CsvDelimiter | undefined>();
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [running, setRunning] = useState<{
    dryRun: boolean;
    progress: UploadProgress;
    /** Names the run's live counts (import-live-counts.tsx). */
    progressKey: string;
  } | null>(null);
  const [problem, setProblem] = useState<ImportProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportReport | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [matching, setMatchingState] = useState<ImportMatching>(NO_MATCHING);
  // Another choice makes another import: an earlier check no longer predicts it.
  const setMatching = useCallback((next: ImportMatching) => {
    setMatchingState(next);
    setCheck(null);
  }, []);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen mid-upload must not leave the upload running unseen.
  useEffect(() => () => controller.current?.abort(), []);

  const preview = useMemo(() => (source ? previewCsv(source.head, delimiter) : null), [source, delimiter]);
  const duplicates = useMemo(() => duplicateHeaders(mapping), [mapping]);

  const chooseFile = useCallback(
    async (file: File) => {
      const language = i18n.resolvedLanguage ?? i18n.language;
      if (file.size > kind.maxBytes) {
        setFileError(
          t('crm.import.tooLarge', {
            size: formatFileSize(file.size, language),
            max: formatFileSize(kind.maxBytes, language),
          }),
        );
        return;
      }
      let head: CsvHead;
      try {
        head = await readCsvHead(file);
      } catch {
        // E.g. the file was moved or deleted after it was chosen.
        return setFileError(t('crm.import.unreadable'));
      }
      if (looksBinary(head)) return setFileError(t('crm.import.notCsv'));
      const first = previewCsv(head);
      if (first.headers.length === 0) return setFileError(t('crm.import.emptyFile'));
      setFileError(null);
      setSource({ file, head });
      setDelimiter(first.delimiter);
      setMapping(mappingFor(kind, first.headers));
      setCheck(null);
      setProblem(null);
      setNotice(null);
    },
    [t, i18n, kind],
  );

  const changeDelimiter = (next: CsvDelimiter) => {
    if (!source) return;
    setDelimiter(next);
    setMapping((previous) => mappingFor(kind, previewCsv(source.head, next).headers, previous));
    setCheck(null);
    setProblem(null);
  };

  const changeField = (header: string, field: ColumnMapping[string]) => {
    setMapping((previous) => ({ ...previous, [header]: field }));
    setCheck(null);
    setProblem((previous) => previous && { ...previous, columns: {} });
  };

  const describe = (error: unknown): ImportProblem => {
    if (isApiError(error) && error.status === 413) {
      const max = formatFileSize(kind.maxBytes, i18n.resolvedLanguage ?? i18n.language);
      return { text: t('crm.import.tooLargeServer', { max }), columns: {} };
    }
    if (!isApiError(error) || Object.keys(error.details).length === 0) {
      return { text: errorMessage(t, error), columns: {} };
    }
    const columns: Record<string, string[]> = {};
    const general: string[] = [];
    for (const [path, codes] of Object.entries(error.details)) {
      if (path.startsWith('mapping.')) columns[path.slice('mapping.'.length)] = codes;
      else general.push(...codes.map((code) => importReasonText(t, code, kind.texts)));
    }
    const text = general.length ? general.join(' ') : t('crm.import.mappingProblems');
    return { text, columns };
  };

  const run = async (dryRun: boolean) => {
    if (!source || !preview) return;
    const sent: Record<string, string | null> = Object.create(null);
    for (const header of preview.headers)
      sent[header] = Object.hasOwn(mapping, header) ? (mapping[header] ?? null) : null;
    const abort = new AbortController();
    controller.current = abort;
    const progressKey = newIdempotencyKey();
    setRunning({ dryRun, progress: { loaded: 0, total: source.file.size }, progressKey });
    setProblem(null);
    setNotice(null);
    try {
      const result = await importer.mutateAsync({
        file: source.file,
        mapping: sent,
        delimiter: preview.delimiter,
        dryRun,
        progressKey,
        ...(kind.matching ? { matching } : {}),
        signal: abort.signal,
        onProgress: (progress) => setRunning((current) => current && { ...current, progress }),
      });
      if (dryRun) {
        setCheck(result);
        setStep('check');
      } else {
        setReport(result);
        setStep('report');
      }
    } catch (error) {
      if (isAbort(error)) {
        // All or nothing on the server: say what a cancel means for the data.
        if (!dryRun) setNotice(kind.cancelledImport(t));
      } else {
        const described = describe(error);
        setProblem(described);
        if (Object.keys(described.columns).length) setStep('mapping');
      }
    } finally {
      if (controller.current === abort) controller.current = null;
      setRunning(null);
    }
  };

  return {
    step,
    setStep,
    file: source?.file ?? null,
    fileError,
    chooseFile,
    preview,
    mapping,
    duplicates,
    changeDelimiter,
    changeField,
    running,
    problem,
    notice,
    check,
    report,
    matching,
    setMatching,
    runCheck: () => run(true),
    runImport: () => run(false),
    cancelRun: () => controller.current?.abort(),
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
