import type { SocialMedia } from '@kontora/contract/social-media';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type UploadOptions, uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { socialMediaKeys, socialMediaPath } from '../../shared/api/social-media-keys.ts';

/** `POST …/social/media`: one file as the form part `file`, with upload progress. */
export function uploadSocialMedia(
  companyId: number,
  file: File,
  options: UploadOptions = {},
): Promise<SocialMedia> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress<SocialMedia>(socialMediaPath(companyId), form, file.size, options);
}

/** Uploads one file and refreshes the library's lists when it is stored. */
export function useUploadSocialMedia(companyId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (file: File, options: UploadOptions = {}) => {
      const media = await uploadSocialMedia(companyId, file, options);
      await queryClient.invalidateQueries({ queryKey: socialMediaKeys.all(companyId) });
      return media;
    },
    [companyId, queryClient],
  );
}
