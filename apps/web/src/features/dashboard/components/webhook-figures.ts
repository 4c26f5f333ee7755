import type { Webhook } from '@kontora/contract/webhooks';

/** Success over 24 h across all endpoints, weighted by their attempts; null without any attempt. */
export function overallSuccessRate(webhooks: readonly Webhook[]): { rate: number | null; attempts: number } {
  let attempts = 0;
  let succeeded = 0;
  for (const hook of webhooks) {
    if (hook.success_rate_24h === null || hook.attempts_24h === 0) continue;
    attempts += hook.attempts_24h;
    succeeded += hook.success_rate_24h * hook.attempts_24h;
  }
  return { rate: attempts > 0 ? succeeded / attempts : null, attempts };
}

/** Endpoints that need someone: switched off (by us or by hand) or failing right now. */
export function troubledEndpoints(webhooks: readonly Webhook[]): Webhook[] {
  return webhooks.filter((hook) => !hook.enabled || hook.failing_since !== null);
}

/** How the widget names an endpoint: its description, else its host. */
export function endpointName(hook: Webhook): string {
  if (hook.description) return hook.description;
  try {
    return new URL(hook.url).host;
  } catch {
    return hook.url;
  }
}
