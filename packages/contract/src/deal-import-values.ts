/**
 * The deal CSV import's fields (./deal-import.ts) without zod, for the web app's import wizard
 * (docs/decisions/021-lean-css-and-first-paint.md).
 */

/**
 * Fields a CSV column can be mapped to. `pipeline` and `stage` are names (the stage within the
 * row's pipeline, else the company's first pipeline); `owner_email` a member's email;
 * `organisation` the exact name of an organisation customer of the company; `people` person
 * customers, each by email (without case) or else by exact name, separated by `;`; `amount` a number
 * in the company's currency (`1.234,56` and `1,234.56` both read), its code or symbol allowed.
 */
export const DEAL_IMPORT_FIELDS = [
  'title',
  'amount',
  'pipeline',
  'stage',
  'probability',
  'expected_close_date',
  'owner_email',
  'organisation',
  'people',
  'lost_reason',
  'tags',
  'notes',
] as const;
export type DealImportField = (typeof DEAL_IMPORT_FIELDS)[number];

/**
 * Headers people write for the fields beyond the field names themselves (and the export's
 * `owner`, `organisation`), compared folded (a-z and 0-9 only) by the server and the wizard.
 */
export const DEAL_IMPORT_ALIASES: Readonly<Record<string, DealImportField>> = {
  name: 'title',
  deal: 'title',
  dealname: 'title',
  naziv: 'title',
  value: 'amount',
  dealvalue: 'amount',
  iznos: 'amount',
  betrag: 'amount',
  importe: 'amount',
  importo: 'amount',
  pipelinename: 'pipeline',
  stagename: 'stage',
  faza: 'stage',
  closedate: 'expected_close_date',
  expectedclose: 'expected_close_date',
  owner: 'owner_email',
  owneremail: 'owner_email',
  vlasnik: 'owner_email',
  organization: 'organisation',
  organisationname: 'organisation',
  organizationname: 'organisation',
  company: 'organisation',
  organizacija: 'organisation',
  persons: 'people',
  contacts: 'people',
  peopleemails: 'people',
  osobe: 'people',
  kontakte: 'people',
  personas: 'people',
  persone: 'people',
  tag: 'tags',
  labels: 'tags',
  oznake: 'tags',
  lostreason: 'lost_reason',
  note: 'notes',
};
