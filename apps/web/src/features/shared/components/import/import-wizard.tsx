import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../components/form-alert.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { useCompanyProfile } from '../../../../lib/api/get-company.ts';
import { useFormatters } from '../../../../lib/format.ts';
import { useCompanyId } from '../../../../lib/use-company-id.ts';
import { FileStep } from './file-step.tsx';
import { type ImportKind, ImportKindContext, useImportKind } from './import-kind.ts';
import { ImportLiveCounts } from './import-live-counts.tsx';
import { ImportOutcome } from './import-outcome.tsx';
import { MappingStep } from './mapping-step.tsx';
import { MatchOptions } from './match-options.tsx';
import { UploadProgressBar } from './upload-progress.tsx';
import { type ImportFlow, type ImportStep, useImportFlow } from './use-import-flow.ts';
import { useWithOwnFields } from './with-own-fields.ts';
import { WizardSteps } from './wizard-steps.tsx';

/**
 * Import records of one kind (customers, deals, to-dos) from a CSV file: choose the file, map its
 * columns, check it (the server validates every row and saves nothing), import, read the
 * report. The lists refresh through the queries the kind's upload invalidates.
 */
export function ImportWizard({
  kind,
  open,
  onClose,
}: {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const withOwn = useWithImportLimit(useWithOwnFields(kind));
  return (
    <Modal open={open} onClose={onClose} title={kind.title(t)} size="lg" busy={busy}>
      {/* Mounted only while open: every opening starts afresh. */}
      {open && (
        <ImportKindContext value={withOwn}>
          <ImportFlowView onClose={onClose} onBusyChange={setBusy} />
        </ImportKindContext>
      )}
    </Modal>
  );
}

/**
 * The kind with the server's configured limit (IMPORT_MAX_BYTES, read with the company's
 * profile) where it is below the kind's own; the kind's own until the profile has loaded.
 */
function useWithImportLimit(kind: ImportKind): ImportKind {
  const configured = useCompanyProfile(useCompanyId()).data?.import_max_bytes;
  return useMemo(
    () => (configured === undefined ? kind : { ...kind, maxBytes: Math.min(kind.maxBytes, configured) }),
    [kind, configured],
  );
}

function ImportFlowView({
  onClose,
  onBusyChange,
}: {
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const kind = useImportKind();
  const flow = useImportFlow(kind);
  const busy = flow.running !== null;
  const stepHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => onBusyChange(false), [onBusyChange]);

  const shown: ImportStep | 'import' = flow.running && !flow.running.dryRun ? 'import' : flow.step;

  // A new step replaces the dialog's content: move focus to its heading so that
  // keyboard and screen-reader users start reading where the new content starts
  // (unless an alert appeared with it: the alert takes focus itself).
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    if (!flow.problem) stepHeading.current?.focus();
  });

  return (
    <>
      <div className="modal-body">
        <WizardSteps current={shown} />
        <h3 ref={stepHeading} tabIndex={-1} className="h6 mb-3">
          {shown === 'mapping' ? kind.mappingTitle(t) : t(`crm.import.stepTitles.${shown}`)}
        </h3>
        {flow.problem && <FormAlert kind="danger">{flow.problem.text}</FormAlert>}
        {flow.notice && <FormAlert kind="info">{flow.notice}</FormAlert>}
        <StepBody flow={flow} shown={shown} />
      </div>
      <div className="modal-footer">
        <StepActions flow={flow} shown={shown} onClose={onClose} />
      </div>
    </>
  );
}

function StepBody({ flow, shown }: { flow: ImportFlow; shown: ImportStep | 'import' }) {
  const { t } = useTranslation();
  const kind = useImportKind();
  const fileName = flow.file?.name ?? '';
  if (shown === 'file') {
    return <FileStep file={flow.file} error={flow.fileError} onFile={(file) => void flow.chooseFile(file)} />;
  }
  if (shown === 'mapping' && flow.preview) {
    return (
      <>
        {kind.matching && (
          <MatchOptions value={flow.matching} onChange={flow.setMatching} disabled={flow.running !== null} />
        )}
        <MappingStep
          preview={flow.preview}
          mapping={flow.mapping}
          onMappingChange={flow.changeField}
          onDelimiterChange={flow.changeDelimiter}
          serverProblems={flow.problem?.columns ?? {}}
          disabled={flow.running !== null}
        />
        {flow.running && (
          <>
            <UploadProgressBar progress={flow.running.progress} label={t('crm.import.checking')} />
            <ImportLiveCounts progressKey={flow.running.progressKey} />
          </>
        )}
      </>
    );
  }
  if (shown === 'check' && flow.check)
    return (
      <ImportOutcome
        result={flow.check}
        fileName={fileName}
        {...(kind.matching ? { onMatch: flow.matching.onMatch } : {})}
      />
    );
  if (shown === 'import' && flow.running) {
    return (
      <>
        <p>{t('crm.import.importingFile', { name: fileName })}</p>
        <UploadProgressBar progress={flow.running.progress} label={t('crm.import.importing')} />
        <ImportLiveCounts progressKey={flow.running.progressKey} />
      </>
    );
  }
  if (shown === 'report' && flow.report) return <ImportOutcome result={flow.report} fileName={fileName} />;
  return null;
}

function StepActions({
  flow,
  shown,
  onClose,
}: {
  flow: ImportFlow;
  shown: ImportStep | 'import';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const kind = useImportKind();
  const format = useFormatters();
  const back = (step: ImportStep) => (
    <button type="button" className="btn btn-outline-secondary me-auto" onClick={() => flow.setStep(step)}>
      {t('crm.import.back')}
    </button>
  );
  const cancel = (
    <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
      {t('crm.import.cancel')}
    </button>
  );
  if (flow.running) {
    return (
      // Keyed: React must not reuse this button's element (and its focus) for "Back" afterwards.
      <button key="stop" type="button" className="btn btn-outline-danger" onClick={flow.cancelRun}>
        {flow.running.dryRun ? t('crm.import.cancelCheck') : t('crm.import.cancelImport')}
      </button>
    );
  }
  switch (shown) {
    case 'file':
      return (
        <>
          {cancel}
          <button
            type="button"
            className="btn btn-primary"
            disabled={!flow.preview}
            onClick={() => flow.setStep('mapping')}
          >
            {t('crm.import.next')}
          </button>
        </>
      );
    case 'mapping':
      return (
        <>
          {back('file')}
          {cancel}
          <button
            type="button"
            className="btn btn-primary"
            disabled={flow.duplicates.size > 0}
            onClick={() => void flow.runCheck()}
          >
            {t('crm.import.check')}
          </button>
        </>
      );
    case 'check':
      return (
        <>
          {back('mapping')}
          {cancel}
          <button
            type="button"
            className="btn btn-primary"
            disabled={
              !flow.check || flow.check.imported === 0 || (kind.allOrNothing && flow.check.rejected > 0)
            }
            onClick={() => void flow.runImport()}
          >
            {kind.importLabel(t, format.number(flow.check?.imported ?? 0))}
          </button>
        </>
      );
    default:
      return (
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('crm.import.finish')}
        </button>
      );
  }
}
