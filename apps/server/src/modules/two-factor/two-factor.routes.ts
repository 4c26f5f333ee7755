import {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  RecoveryCodes,
  RegenerateRecoveryCodesBody,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@kontora/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies, principalOf } from '../../plugins/access.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startSetup,
  twoFactorStatus,
} from './two-factor.service.ts';

const tags = ['two-factor'];

export async function twoFactorRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/me/two-factor', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      response: { 200: dataOf(TwoFactorStatus), ...errors(401) },
    },
    handler: async (request) => ({ data: await twoFactorStatus(ctx, principalOf(request).user.id) }),
  });

  app.post('/me/two-factor/setup', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'A new authenticator secret (as text, otpauth URL and QR code); not active until enabled',
      response: { 200: dataOf(TwoFactorSetup), ...errors(401, 409) },
    },
    handler: async (request) => ({ data: await startSetup(ctx, principalOf(request)) }),
  });

  app.post('/me/two-factor/enable', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in on with a code from the app; answers the recovery codes once',
      body: EnableTwoFactorBody,
      response: { 200: dataOf(RecoveryCodes), ...errors(400, 401, 409, 429) },
    },
    handler: async (request) => ({
      data: await enableTwoFactor(ctx, principalOf(request), request.body.code),
    }),
  });

  app.post('/me/two-factor/disable', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Turn two-factor sign-in off (password and a code or recovery code)',
      body: DisableTwoFactorBody,
      response: { 200: dataOf(z.object({ enabled: z.literal(false) })), ...errors(400, 401, 409, 429) },
    },
    handler: async (request) => {
      await disableTwoFactor(ctx, principalOf(request), request.body);
      return { data: { enabled: false as const } };
    },
  });

  app.post('/me/two-factor/recovery-codes', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'New recovery codes (password required); the earlier ones stop working',
      body: RegenerateRecoveryCodesBody,
      response: { 200: dataOf(RecoveryCodes), ...errors(400, 401, 409, 429) },
    },
    handler: async (request) => ({
      data: await regenerateRecoveryCodes(ctx, principalOf(request), request.body.password),
    }),
  });
}
