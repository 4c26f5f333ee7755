import type { JobDefinition } from './define-job.ts';
import type { JobHandler, JobRun } from './jobs.ts';

export interface Registered {
  definition: JobDefinition;
  handler: JobHandler<JobDefinition>;
}

const clampPercent = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

/**
 * One attempt of a job, on either engine: the payload is checked again (rows
 * outlive deployments), and the attempt ends when the handler does, when it
 * times out, or when `controller` is aborted (shutdown), whichever comes first.
 */
export async function runHandler(
  { definition, handler }: Registered,
  rawPayload: unknown,
  run: Omit<JobRun, 'signal'>,
  controller: AbortController,
): Promise<void> {
  const timeout = setTimeout(
    () => controller.abort(new Error(`Timed out after ${definition.options.timeoutMs} ms.`)),
    definition.options.timeoutMs,
  );
  try {
    const payload = definition.schema.parse(rawPayload);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    await Promise.race([
      handler(payload, {
        ...run,
        signal: controller.signal,
        progress: (percent, message) => run.progress(clampPercent(percent), message),
      }),
      aborted,
    ]);
  } finally {
    clearTimeout(timeout);
  }
}
