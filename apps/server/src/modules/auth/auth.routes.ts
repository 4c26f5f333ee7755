import {
  ActivateBody,
  ActivationPreview,
  LoginBody,
  LoginData,
  RequestResetBody,
  ResetPasswordBody,
} from '@kontora/contract/auth';
import { Email, Token } from '@kontora/contract/fields';
import { TwoFactorChallenge, TwoFactorLoginBody } from '@kontora/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { policies, principalOf } from '../../plugins/access.ts';
import {
  activate,
  login,
  logout,
  previewActivation,
  requestPasswordReset,
  resetPassword,
} from './auth.service.ts';
import { completeTwoFactorLogin } from './two-factor-login.service.ts';

const tags = ['auth'];

export async function authRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/login', {
    // A session token next to the email the client sent: never compressed (BREACH, decision 010).
    compress: false,
    config: { access: policies.public },
    schema: {
      tags,
      summary:
        'Sign in with email and password (with two-factor: a challenge for POST /api/login/two-factor)',
      body: LoginBody,
      response: { 200: dataOf(z.union([LoginData, TwoFactorChallenge])), ...errors(400, 401, 403, 429) },
    },
    handler: async (request) => ({ data: await login(ctx, request.body, request) }),
  });

  app.post('/login/two-factor', {
    // Public: the caller holds no session yet, only the half-session token from POST /api/login.
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Second sign-in step: the token from POST /api/login with a code or a recovery code',
      body: TwoFactorLoginBody,
      response: { 200: dataOf(LoginData), ...errors(400, 401, 429) },
    },
    handler: async (request) => ({ data: await completeTwoFactorLogin(ctx, request.body, request) }),
  });

  app.post('/logout', {
    config: { access: policies.user },
    schema: {
      tags,
      summary: 'Revoke the current session token',
      response: { 204: z.null(), ...errors(401) },
    },
    handler: async (request, reply) => {
      await logout(ctx, principalOf(request));
      return reply.code(204).send(null);
    },
  });

  app.get('/activate/:token', {
    config: { access: policies.public },
    schema: {
      tags,
      summary:
        'What an activation link opens: the name the inviter typed and the invitation’s language (anyone holding the link)',
      params: z.object({ token: Token }),
      response: { 200: dataOf(ActivationPreview), ...errors(400, 429) },
    },
    handler: async (request) => ({ data: await previewActivation(ctx, request.params.token, request) }),
  });

  app.post('/activate/:token', {
    // A session token next to the email the client sent: never compressed (BREACH, decision 010).
    compress: false,
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Activate an invited account (sets name and password) and sign in',
      params: z.object({ token: Token }),
      body: ActivateBody,
      response: { 200: dataOf(LoginData), ...errors(400, 429) },
    },
    handler: async (request) => ({ data: await activate(ctx, request.params.token, request.body, request) }),
  });

  const sent = dataOf(z.object({ sent: z.literal(true) }));
  app.get('/request-reset-password/:email', {
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Ask for a password reset link (same answer whether or not the account exists)',
      params: z.object({ email: z.string().max(254) }),
      response: { 200: sent, ...errors(400, 429) },
    },
    handler: async (request) => {
      const email = Email.safeParse(request.params.email);
      // An unusable address gets the same answer as an unknown one.
      if (email.success) await requestPasswordReset(ctx, email.data, request);
      return { data: { sent: true as const } };
    },
  });

  app.post('/request-reset-password', {
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Ask for a password reset link (JSON form)',
      body: RequestResetBody,
      response: { 200: sent, ...errors(400, 429) },
    },
    handler: async (request) => {
      await requestPasswordReset(ctx, request.body.email, request);
      return { data: { sent: true as const } };
    },
  });

  app.post('/reset-password/:token', {
    config: { access: policies.public },
    schema: {
      tags,
      summary: 'Choose a new password with a reset link; ends every session of the person',
      params: z.object({ token: Token }),
      body: ResetPasswordBody,
      response: { 200: dataOf(z.object({ reset: z.literal(true) })), ...errors(400, 429) },
    },
    handler: async (request) => {
      await resetPassword(ctx, request.params.token, request.body.password, request);
      return { data: { reset: true as const } };
    },
  });
}
