import { IMPORT_FIELDS, type ImportField } from '@kontora/contract/customer-import-values';
import { headerLookup } from '../../../lib/csv-import/csv-mapping.ts';

/** Headers people use for the fields, beyond the field names themselves (compared folded: a-z0-9 only). */
const ALIASES: Readonly<Record<string, ImportField>> = {
  fullname: 'name',
  displayname: 'name',
  firstname: 'first_name',
  givenname: 'first_name',
  ime: 'first_name',
  lastname: 'last_name',
  surname: 'last_name',
  familyname: 'last_name',
  prezime: 'last_name',
  company: 'organisation_name',
  companyname: 'organisation_name',
  organisation: 'organisation_name',
  organization: 'organisation_name',
  organizationname: 'organisation_name',
  tvrtka: 'organisation_name',
  mail: 'email',
  emailaddress: 'email',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  phonenumber: 'phone',
  telefon: 'phone',
  url: 'website',
  web: 'website',
  vat: 'oib',
  vatid: 'oib',
  vatnumber: 'oib',
  taxid: 'oib',
  owner: 'owner_email',
  owneremail: 'owner_email',
  tag: 'tags',
  labels: 'tags',
};

/** A customer import's header → field, by name or alias. */
export const CUSTOMER_HEADERS = headerLookup(IMPORT_FIELDS, ALIASES);
