import type { NewLogEntry } from './connectors.repository.ts';

/** A log entry about one remote deal (the log names deals by their remote id and in its message). */
export function dealLogEntry(
  scope: { actor: { companyId: number }; connectorId: number },
  direction: 'pull' | 'push',
  remoteId: string | null,
  kind: string,
  message: string,
): NewLogEntry {
  return {
    company_id: scope.actor.companyId,
    connector_id: scope.connectorId,
    at: new Date().toISOString(),
    kind,
    direction,
    remote_type: 'deal',
    remote_id: remoteId,
    customer_id: null,
    message: message.slice(0, 1000),
  };
}

/** Why the write door refused a deal, as one line (its per-field details, else its message). */
export function refusalText(err: {
  message: string;
  details?: Record<string, string[]> | undefined;
}): string {
  const details = Object.entries(err.details ?? {});
  return details.length ? details.map(([f, codes]) => `${f}: ${codes.join(', ')}`).join('; ') : err.message;
}
