import type { CompanyCalendarSettings } from '@kontora/contract/me';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../lib/principal.ts';
import type { CompanyScope } from '../../plugins/access.ts';
import { findWorkdayStart, setWorkdayStart } from './company-calendar.repository.ts';
import { changeCompanySetting } from './company-setting.ts';

/** Owners and admins set when the company's working day starts; the change is audited. */
export async function updateCompanyCalendarSettings(
  ctx: AppContext,
  principal: Principal,
  company: CompanyScope,
  body: CompanyCalendarSettings,
): Promise<CompanyCalendarSettings> {
  await changeCompanySetting(
    ctx.db,
    principal.user.id,
    company.id,
    { key: 'workday_start', read: findWorkdayStart, write: setWorkdayStart },
    body.workday_start,
  );
  return { workday_start: body.workday_start };
}
