import type { AppContext } from '../../context.ts';
import { type GuardedHttp, guardedHttpFor } from '../../lib/outbound-http/guarded-http.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import type { CrmConnector } from './connector.ts';
import type { ConnectorRow } from './connectors.repository.ts';
import { hubspotConnector } from './hubspot.ts';
import { pipedriveConnector } from './pipedrive.ts';

const boxes = new WeakMap<Buffer, ReturnType<typeof createSecretBox>>();
/** Tokens are sealed with SECRET_KEY under their own purpose (lib/secret-box.ts). */
export function tokenBox(ctx: AppContext) {
  let box = boxes.get(ctx.config.secretKey);
  if (!box) {
    box = createSecretBox(ctx.config.secretKey, 'connector-token');
    boxes.set(ctx.config.secretKey, box);
  }
  return box;
}

export function connectorOf(
  provider: ConnectorRow['provider'],
  baseUrl: string,
  token: string,
  outbound: GuardedHttp,
): CrmConnector {
  return provider === 'hubspot'
    ? hubspotConnector(baseUrl, token, outbound)
    : pipedriveConnector(baseUrl, token, outbound);
}

// One client per stored connection in this process, so its throttle counts every request it makes.
const clients = new Map<string, CrmConnector>();

export function connectorFor(ctx: AppContext, row: ConnectorRow): CrmConnector {
  const key = `${row.id}:${row.base_url}:${row.token_encrypted}`;
  let client = clients.get(key);
  if (!client) {
    for (const old of clients.keys()) if (old.startsWith(`${row.id}:`)) clients.delete(old);
    client = connectorOf(
      row.provider,
      row.base_url,
      tokenBox(ctx).open(row.token_encrypted).toString('utf8'),
      guardedHttpFor(ctx.config),
    );
    clients.set(key, client);
  }
  return client;
}
