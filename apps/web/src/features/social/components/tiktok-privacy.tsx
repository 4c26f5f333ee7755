import type { TikTokPrivacyLevel } from '@kontora/contract/social-posts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useTikTokCreatorInfo } from '../api/get-tiktok-creator-info.ts';
import { codeText } from './code-text.ts';

/**
 * TikTok requires the person to choose who sees the post, from what TikTok offers this
 * creator now (no preset choice). With several TikTok accounts, only levels all of them offer.
 */
export function TikTokPrivacy({
  accountIds,
  value,
  onChange,
  required,
}: {
  accountIds: number[];
  value: TikTokPrivacyLevel | undefined;
  onChange: (level: TikTokPrivacyLevel | undefined) => void;
  required: boolean;
}) {
  const { t } = useTranslation();
  const infos = useTikTokCreatorInfo(useCompanyId(), accountIds);
  const answered = infos.flatMap((q) => (q.data ? [q.data] : []));
  const offered = (answered[0]?.privacy_level_options ?? []).filter((level) =>
    answered.every((info) => info.privacy_level_options.includes(level)),
  );
  const longest = Math.min(...answered.map((i) => i.max_video_post_duration_sec ?? Number.POSITIVE_INFINITY));
  const failed = infos.find((q) => q.error)?.error;
  return (
    <div>
      <label className="form-label" htmlFor="tiktok-privacy">
        {t('socialTikTok.privacy')}
      </label>
      <select
        id="tiktok-privacy"
        className="form-select w-auto"
        value={value ?? ''}
        required={required}
        disabled={infos.some((q) => q.isPending)}
        onChange={(e) => onChange((e.target.value || undefined) as TikTokPrivacyLevel | undefined)}
      >
        <option value="">{t('socialTikTok.choose')}</option>
        {offered.map((level) => (
          <option key={level} value={level}>
            {codeText(t, `socialTikTok.levels.${level}`)}
          </option>
        ))}
      </select>
      {Number.isFinite(longest) ? (
        <div className="form-text">{t('socialTikTok.longest', { seconds: longest })}</div>
      ) : null}
      {value && answered.length === infos.length && !offered.includes(value) ? (
        <div className="text-danger small" role="alert">
          {t('social.reasons.privacy_level_unavailable')}
        </div>
      ) : null}
      {failed ? (
        <div className="text-danger small" role="alert">
          {isApiError(failed) && failed.details.account_id?.[0]
            ? codeText(t, `social.reasons.${failed.details.account_id[0]}`, {}, 'social.reasons.internal')
            : errorMessage(t, failed)}
        </div>
      ) : null}
    </div>
  );
}
