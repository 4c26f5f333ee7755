import {
  EMAIL_SEND_LIMITS,
  type EmailTemplate,
  type EmailTemplateBody,
  type EmailTemplatePatchBody,
} from '@kontora/contract/email-sending';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import {
  countTemplates,
  deleteTemplate as deleteTemplateRow,
  findTemplate,
  insertTemplate,
  listTemplates,
  type TemplateRow,
  updateTemplate as updateTemplateRow,
} from './email-templates.repository.ts';

const dtoOf = (row: TemplateRow): EmailTemplate => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  html: row.html,
  text: row.text,
  updated_at: row.updated_at,
});

export async function templates(ctx: AppContext, actor: Actor): Promise<EmailTemplate[]> {
  return (await listTemplates(ctx.db, actor.companyId)).map(dtoOf);
}

async function templateRow(ctx: AppContext, actor: Actor, id: number): Promise<TemplateRow> {
  const row = await findTemplate(ctx.db, actor.companyId, id);
  if (!row) throw notFound('Template');
  return row;
}

export async function createTemplate(
  ctx: AppContext,
  actor: Actor,
  body: EmailTemplateBody,
): Promise<EmailTemplate> {
  if ((await countTemplates(ctx.db, actor.companyId)) >= EMAIL_SEND_LIMITS.templatesMax) {
    throw invalidField(
      'name',
      'too_many',
      `A company keeps at most ${EMAIL_SEND_LIMITS.templatesMax} templates.`,
    );
  }
  const now = ctx.clock.nowIso();
  const id = await insertTemplate(ctx.db, {
    company_id: actor.companyId,
    ...body,
    created_at: now,
    updated_at: now,
  });
  return dtoOf(await templateRow(ctx, actor, id));
}

export async function updateTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: EmailTemplatePatchBody,
): Promise<EmailTemplate> {
  const row = await templateRow(ctx, actor, id);
  const html = body.html === undefined ? row.html : body.html;
  const text = body.text === undefined ? row.text : body.text;
  if (!html && !text) throw invalidField('text', 'required', 'A template needs a body.');
  await updateTemplateRow(ctx.db, actor.companyId, id, { ...body, updated_at: ctx.clock.nowIso() });
  return dtoOf(await templateRow(ctx, actor, id));
}

export async function deleteTemplate(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!(await deleteTemplateRow(ctx.db, actor.companyId, id))) throw notFound('Template');
}

/** A template for a send; one of another company is as absent as none. */
export function templateForSend(ctx: AppContext, companyId: number, id: number) {
  return findTemplate(ctx.db, companyId, id);
}
