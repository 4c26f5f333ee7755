import { z } from 'zod';

const Option = z.object({ value: z.string(), label: z.string() });

/** Lookup lists the forms use (`GET /api/application-helpers`). Labels are English; the web app translates by value. */
export const ApplicationHelpers = z.object({
  languages: z.array(Option),
  customer_statuses: z.array(Option),
  customer_types: z.array(Option),
  event_types: z.array(Option),
  priorities: z.array(Option),
  company_roles: z.array(Option),
  countries: z.array(Option),
  currencies: z.array(Option),
  time_zones: z.array(z.string()),
  modules: z.array(z.object({ id: z.number(), key: z.string(), name: z.string() })),
});
export type ApplicationHelpers = z.infer<typeof ApplicationHelpers>;

export const SocialIntegrationType = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  text_limit: z.number(),
  max_media: z.number(),
  image_max_bytes: z.number(),
  video_max_bytes: z.number(),
  video_max_seconds: z.number(),
  media_types: z.array(z.string()),
  requires_media: z.boolean(),
});
export type SocialIntegrationType = z.infer<typeof SocialIntegrationType>;
