import type { CompanyCalendarSettings, CompanyProfile } from '@kontora/contract/me';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyProfileQueryOptions } from '../../../lib/api/get-company.ts';
import { api } from '../../../lib/api-client.ts';

/** Owners and admins (superusers too); the calendar reads the result from the company profile. */
export function updateCompanyCalendar(
  companyId: number,
  body: CompanyCalendarSettings,
): Promise<CompanyCalendarSettings> {
  return api.put<CompanyCalendarSettings>(`/companies/${companyId}/calendar-settings`, body);
}

export function useUpdateCompanyCalendar(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCalendarSettings) => updateCompanyCalendar(companyId, body),
    onSuccess: (data) =>
      queryClient.setQueryData(companyProfileQueryOptions(companyId).queryKey, (profile?: CompanyProfile) =>
        profile ? { ...profile, ...data } : profile,
      ),
  });
}
