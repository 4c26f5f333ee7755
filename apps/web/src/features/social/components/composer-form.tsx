import {
  type PostCreateBody,
  postProblems,
  type SocialNetwork,
  type SocialPost,
  type TikTokPrivacyLevel,
} from '@kontora/contract/social-posts';
import { fromZonedInput, toZonedInput } from '@kontora/contract/time-zone';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useCompanyProfile } from '../../../lib/api/get-company.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateAttempt } from '../../../lib/create-attempt.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useCreatePost } from '../api/create-post.ts';
import { useAccounts } from '../api/get-accounts.ts';
import { useIntegrationTypes } from '../api/get-integration-types.ts';
import { useSocialMediaList } from '../api/get-social-media.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { codeText } from './code-text.ts';
import { ComposerPreviews } from './composer-previews.tsx';
import { MediaPicker } from './media-picker.tsx';
import { NetworkChecks } from './network-checks.tsx';
import { TikTokPrivacy } from './tiktok-privacy.tsx';

type When = 'now' | 'schedule' | 'draft';

/** How a saved post opens: a draft stays a draft, a post waiting for its time keeps it. */
const whenOf = (post: SocialPost): When =>
  post.status === 'draft' ? 'draft' : post.scheduled_at ? 'schedule' : 'now';

/**
 * One text with per-network overrides, accounts, media, and now / at a time in the
 * company's zone / draft. With `post` (a draft or a post waiting for its time) it opens
 * with that post's content and saves it through PATCH with the version it opened, under
 * the same rules as a new one; `onStale` hears when someone else saved the post first.
 */
export function ComposerForm({ post, onStale }: { post?: SocialPost; onStale?: () => void }) {
  const { t } = useTranslation();
  const companyId = useCompanyId();
  const navigate = useNavigate();
  const accounts = useAccounts(companyId);
  const types = useIntegrationTypes();
  const library = useSocialMediaList(companyId);
  const zone = useCompanyProfile(companyId).data?.time_zone ?? 'UTC';
  const create = useCreatePost(companyId);
  const update = useUpdatePost(companyId);
  const save = post ? update : create;
  // One post per click: a second submit while this one is sent is ignored; the create carries a key.
  const attempt = useCreateAttempt();
  const [text, setText] = useState(post?.text ?? '');
  const [overrides, setOverrides] = useState<Partial<Record<string, string>>>(post?.overrides ?? {});
  const [accountIds, setAccountIds] = useState<number[]>(post?.targets.map((t) => t.account_id) ?? []);
  const [mediaIds, setMediaIds] = useState<number[]>(post?.media_ids ?? []);
  const [when, setWhen] = useState<When>(post ? whenOf(post) : 'now');
  const [privacy, setPrivacy] = useState<TikTokPrivacyLevel | undefined>(post?.options.tiktok?.privacy_level);
  const [at, setAt] = useState(post?.scheduled_at ? toZonedInput(post.scheduled_at, post.time_zone) : '');
  const [tried, setTried] = useState(false);
  const atInput = useRef<HTMLInputElement>(null);

  const active = (accounts.data?.items ?? []).filter((a) => a.status === 'active');
  const chosenNetworks = useMemo(() => {
    const keys = new Set(active.filter((a) => accountIds.includes(a.id)).map((a) => a.type));
    return (types.data ?? []).filter((n) => keys.has(n.key as SocialNetwork));
  }, [active, accountIds, types.data]);
  const media = useMemo(
    () =>
      mediaIds.flatMap((id) => {
        const m = library.items.find((item) => item.id === id);
        return m ? [{ kind: m.kind, mime: m.mime, size: m.size, duration: m.duration }] : [];
      }),
    [mediaIds, library.items],
  );
  const problems = postProblems({ text, overrides, media, networks: chosenNetworks });
  const serverDetails = isApiError(save.error) ? save.error.details : {};
  const tiktokIds = active.filter((a) => a.type === 'tiktok' && accountIds.includes(a.id)).map((a) => a.id);
  // Checked here as the server checks it, shown beside the field once a save was tried.
  const scheduleProblem = scheduleCheck(when, at, zone);
  const atProblems = tried && scheduleProblem ? [scheduleProblem] : serverDetails.scheduled_at;
  const atError = atProblems?.length ? problemText(t, atProblems) : undefined;
  // TikTok wants the person's own choice of audience before anything goes out.
  const blocked =
    when !== 'draft' && (Object.keys(problems).length > 0 || (tiktokIds.length > 0 && !privacy));

  const submit = () => {
    setTried(true);
    if (scheduleProblem) return atInput.current?.focus();
    const body: PostCreateBody = {
      text,
      overrides: Object.fromEntries(
        Object.entries(overrides).filter(([k, v]) => v && chosenNetworks.some((n) => n.key === k)),
      ),
      options: tiktokIds.length > 0 && privacy ? { tiktok: { privacy_level: privacy } } : {},
      media_ids: mediaIds,
      account_ids: accountIds,
      // A draft may carry its planned time (optional): an approval then schedules it for that time.
      scheduled_at: when !== 'now' && at ? fromZonedInput(at, zone) : null,
      draft: when === 'draft',
    };
    const opened = (saved: SocialPost) => navigate(paths.company.socialPost.href(saved.id));
    // Not a callback of mutate(): saving refetches the post, whose new version re-keys this form
    // (composer-tab.tsx), and a form remounted before the answer is handed out never hears mutate()'s
    // callbacks (the saved post stayed in the composer). The promise settles whatever is on screen.
    const saving = attempt.send(body, (key) =>
      post
        ? update.mutateAsync({ id: post.id, body: { ...body, version: post.version } })
        : create.mutateAsync({ body, key }),
    );
    // A failure shows through `save.error`, beside the fields; a stale version refetches the post,
    // which opens this form afresh on the latest version, so the parent says why.
    saving.then(
      (saved) => saved && opened(saved),
      (error) => {
        if (isApiError(error) && error.code === 'stale_update') onStale?.();
      },
    );
  };

  return (
    <form
      noValidate
      className="card kt-card"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="card-body d-flex flex-column gap-3">
        <fieldset>
          <legend className="h6">{t('social.composer.accounts')}</legend>
          {active.length === 0 ? (
            <p className="small text-body-secondary">{t('social.composer.noAccounts')}</p>
          ) : null}
          {active.map((account) => (
            <div className="form-check form-check-inline" key={account.id}>
              <input
                id={`account-${account.id}`}
                type="checkbox"
                className="form-check-input"
                checked={accountIds.includes(account.id)}
                onChange={(e) =>
                  setAccountIds(
                    e.target.checked
                      ? [...accountIds, account.id]
                      : accountIds.filter((id) => id !== account.id),
                  )
                }
              />
              <label className="form-check-label" htmlFor={`account-${account.id}`}>
                {account.name} ({types.data?.find((n) => n.key === account.type)?.name ?? account.type})
              </label>
            </div>
          ))}
          <Problems codes={serverDetails.account_ids} />
        </fieldset>
        <div>
          <label className="form-label" htmlFor="social-text">
            {t('social.composer.text')}
          </label>
          <textarea
            id="social-text"
            className="form-control"
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <NetworkChecks networks={chosenNetworks} text={text} overrides={overrides} problems={problems} />
        {chosenNetworks.map((network) => (
          <details key={network.key} open={overrides[network.key] !== undefined}>
            <summary>{t('social.composer.override', { network: network.name })}</summary>
            <textarea
              aria-label={t('social.composer.override', { network: network.name })}
              className="form-control mt-1"
              rows={3}
              value={overrides[network.key] ?? ''}
              onChange={(e) => setOverrides({ ...overrides, [network.key]: e.target.value || undefined })}
            />
          </details>
        ))}
        {tiktokIds.length > 0 ? (
          <TikTokPrivacy
            accountIds={tiktokIds}
            value={privacy}
            onChange={setPrivacy}
            required={when !== 'draft'}
          />
        ) : null}
        <fieldset>
          <legend className="h6">{t('social.composer.media')}</legend>
          <MediaPicker value={mediaIds} onChange={setMediaIds} />
          <Problems codes={serverDetails.media_ids} />
        </fieldset>
        <ComposerPreviews
          accounts={active.filter((a) => accountIds.includes(a.id))}
          networks={chosenNetworks}
          text={text}
          overrides={overrides}
          media={mediaIds.flatMap((id) => {
            const m = library.items.find((item) => item.id === id);
            return m ? [{ id, kind: m.kind, name: m.original_name, src: null }] : [];
          })}
        />
        <fieldset>
          <legend className="h6">{t('social.composer.when')}</legend>
          {(['now', 'schedule', 'draft'] as const).map((option) => (
            <div className="form-check form-check-inline" key={option}>
              <input
                id={`when-${option}`}
                type="radio"
                name="when"
                className="form-check-input"
                checked={when === option}
                onChange={() => setWhen(option)}
              />
              <label className="form-check-label" htmlFor={`when-${option}`}>
                {codeText(t, `social.composer.${option}`)}
              </label>
            </div>
          ))}
          {when !== 'now' ? (
            <FormField
              label={t('social.composer.at', { zone })}
              className="mt-2"
              controlClass="form-control w-auto"
              error={atError}
            >
              {(control) => (
                <input
                  ref={atInput}
                  type="datetime-local"
                  {...control}
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                />
              )}
            </FormField>
          ) : null}
        </fieldset>
        {save.error ? (
          <div className="alert alert-danger mb-0" role="alert">
            {isApiError(save.error) && save.error.code === 'conflict'
              ? t('socialEdit.published')
              : errorMessage(t, save.error)}
          </div>
        ) : null}
        <div>
          <SubmitButton busy={attempt.busy} disabled={blocked || accountIds.length === 0}>
            {codeText(t, `social.composer.submit.${when}`)}
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}

/** A scheduled post needs its time, and neither it nor a draft's planned time may have passed. */
function scheduleCheck(when: When, at: string, zone: string): string | null {
  if (when === 'now') return null;
  if (!at) return when === 'schedule' ? 'time_required' : null;
  return new Date(fromZonedInput(at, zone)).getTime() <= Date.now() ? 'in_past' : null;
}

const problemText = (t: TFunction, codes: string[]) =>
  codes.map((code) => codeText(t, `social.problems.${code}`, {}, 'social.problems.invalid')).join(' ');

function Problems({ codes }: { codes: string[] | undefined }) {
  const { t } = useTranslation();
  if (!codes?.length) return null;
  return (
    <div className="text-danger small" role="alert">
      {problemText(t, codes)}
    </div>
  );
}
