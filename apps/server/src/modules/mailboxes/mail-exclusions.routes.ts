import { MODULE_ID } from '@kontora/contract/limits';
import {
  MailExclusions,
  MailExclusionsPutBody,
  MailSettings,
  MailSettingsPutBody,
} from '@kontora/contract/mail-exclusions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { dataOf, errors } from '../../lib/http.ts';
import { actorOf, CompanyParams, policies } from '../../plugins/access.ts';
import { getExclusions, getMailSettings, putExclusions, putMailSettings } from './mail-exclusions.service.ts';

const tags = ['mailboxes'];
// Every member reads the company's list (it decides what their mailboxes keep); owners and admins change it.
const members = policies.company(MODULE_ID.crm);
const managers = policies.company(MODULE_ID.crm, ['owner', 'admin']);
const companyList = '/companies/:companyId/mail-exclusions';
const ownList = '/companies/:companyId/mailboxes/exclusions';
const entryNote =
  'An entry is an address (`ana@example.com`) or a domain (`example.com`, its subdomains too), case-insensitive; at most 500. A message with any participant matching is never kept, and adding an entry deletes the mail already kept that it covers (in the background).';

/** The company's and each person's lists of addresses and domains whose mail is never kept (decision 083). */
export async function mailExclusionsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const [path, own] of [
    [companyList, false],
    [ownList, true],
  ] as const) {
    const whose = own
      ? "The caller's own list (their mailboxes in this company)"
      : "The company's list (every member's mailboxes)";
    app.get(path, {
      config: { access: members },
      schema: {
        tags,
        summary: `${whose}: addresses and domains whose mail is never kept`,
        params: CompanyParams,
        response: { 200: dataOf(MailExclusions), ...errors(401, 403, 404) },
      },
      handler: async (request) => ({ data: await getExclusions(ctx, actorOf(request), own) }),
    });

    app.put(path, {
      config: { access: own ? members : managers },
      schema: {
        tags,
        summary: `Replace ${own ? "the caller's own list" : "the company's list (owners and admins)"}`,
        description: entryNote,
        params: CompanyParams,
        body: MailExclusionsPutBody,
        response: { 200: dataOf(MailExclusions), ...errors(400, 401, 403, 404, 413, 415) },
      },
      handler: async (request) => ({
        data: await putExclusions(ctx, actorOf(request), own, request.body.items),
      }),
    });
  }

  const settings = '/companies/:companyId/mail-settings';
  app.get(settings, {
    config: { access: members },
    schema: {
      tags,
      summary: "The company's mail settings: whether mail is linked to organisations by their domain",
      params: CompanyParams,
      response: { 200: dataOf(MailSettings), ...errors(401, 403, 404) },
    },
    handler: async (request) => ({ data: await getMailSettings(ctx, actorOf(request)) }),
  });
  app.put(settings, {
    config: { access: managers },
    schema: {
      tags,
      summary: "Change the company's mail settings (owners and admins)",
      description:
        "`organisation_domains`: a message synced from now on with a participant who is no customer, at the domain of an organisation customer's email or website, is linked to that organisation (free-mail domains such as gmail.com never match).",
      params: CompanyParams,
      body: MailSettingsPutBody,
      response: { 200: dataOf(MailSettings), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => ({ data: await putMailSettings(ctx, actorOf(request), request.body) }),
  });
}
