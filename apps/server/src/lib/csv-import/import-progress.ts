import type { ImportProgress as Counts } from '@kontora/contract/csv-import';
import type { LiveJob } from '@kontora/contract/live';

/**
 * An import's live progress (docs/decisions/085-import-progress.md): rows read, checked
 * (valid / invalid) and saved, told to the importing person's own sockets while the request
 * runs, as `job` messages named by the `progress_key` the client chose. The import runs on the
 * instance that took its request; the live module carries each message to the instance the
 * person's socket is on (its `imports` relay).
 */

/** A progress message as it travels between instances: the company and the one person who hears it. */
export interface PublishedImportProgress {
  companyId: number;
  userId: number;
  job: LiveJob;
}

export type ImportPhase = Counts['phase'];
export type ImportCounts = Pick<Counts, 'read' | 'valid' | 'invalid' | 'saved'>;

/** How often a running import tells its counts at most; a new phase and the end are told at once. */
const EVERY_MS = 250;

export interface ImportProgressReporter {
  /** The counts may have moved: told when the last message is old enough. */
  tick(): void;
  /** A new phase, told at once. */
  phase(next: ImportPhase): void;
  /** The import is done: its final counts, told at once. */
  finish(): void;
}

const SILENT: ImportProgressReporter = { tick() {}, phase() {}, finish() {} };

/**
 * A reporter for one run. Silent without a key or without a person (an API key has no
 * sockets): the answer carries the report all the same.
 */
export function importProgress(
  notify: (message: PublishedImportProgress) => void,
  who: { companyId: number; userId: number | null },
  run: { kind: Counts['kind']; dryRun: boolean; key: string | undefined },
  counts: () => ImportCounts,
): ImportProgressReporter {
  const { key } = run;
  const { companyId, userId } = who;
  if (key === undefined || userId === null) return SILENT;
  let phase: ImportPhase = 'reading';
  let toldAt = 0;
  const tell = () => {
    toldAt = Date.now();
    const at = new Date(toldAt).toISOString();
    const done = phase === 'finished';
    notify({
      companyId,
      userId,
      job: {
        type: 'job',
        job_id: `import-${key}`,
        name: `${run.kind}.import`,
        state: done ? 'completed' : 'active',
        progress: done ? 100 : 0,
        message: null,
        run_at: null,
        at,
        import: { kind: run.kind, dry_run: run.dryRun, phase, ...counts() },
      },
    });
  };
  return {
    tick() {
      if (Date.now() - toldAt >= EVERY_MS) tell();
    },
    phase(next) {
      phase = next;
      tell();
    },
    finish() {
      phase = 'finished';
      tell();
    },
  };
}
