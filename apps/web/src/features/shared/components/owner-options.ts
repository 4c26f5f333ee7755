import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../../components/select-field.tsx';
import { useTeam } from '../api/get-team.ts';

/** The company's members as owner choices, by name; also a user id → name lookup for the timeline. */
export function useOwnerOptions(companyId: number): {
  options: SelectOption[];
  nameOf: (userId: number) => string | undefined;
} {
  const team = useTeam(companyId);
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    const members = team.data?.items ?? [];
    const options = members
      .map((member) => ({ value: String(member.user_id), label: member.full_name || member.email }))
      .sort((a, b) => collator.compare(a.label, b.label));
    const names = new Map(options.map((option) => [Number(option.value), option.label]));
    return { options, nameOf: (userId: number) => names.get(userId) };
  }, [team.data, language]);
}

/**
 * The signed-in person as the default owner or assignee of a new record, when
 * they are a member (a superuser working in a company they do not belong to is not).
 */
export function meIfMember(options: readonly SelectOption[], userId: number | undefined): string {
  return userId !== undefined && options.some((o) => o.value === String(userId)) ? String(userId) : '';
}
