import type { Route, StandinAnswer, StandinRequest } from '../social-standins/standin-server.ts';

/**
 * The properties part of the HubSpot stand-in, as HubSpot documents its properties API:
 * `GET /crm/v3/properties/{contacts|companies|deals}` answers `results` with each
 * property's `name`, `label`, `type`, `fieldType`, `options` (`label`, `value`),
 * `hubspotDefined` and `modificationMetadata`. A few of HubSpot's own properties per object,
 * and the custom ones a test adds. Writes check the values of defined enumeration, number,
 * bool and date properties (400 `VALIDATION_ERROR` otherwise), as HubSpot does; values of
 * a multiple checkbox are option values joined by `;`, of a property of users (a "HubSpot
 * user" property, `referencedObjectType: OWNER`) an owner's id.
 */
export interface HubspotPropertyDef {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  options?: { label: string; value: string }[];
  hubspotDefined?: boolean;
  readOnlyValue?: boolean;
  referencedObjectType?: string;
}

type Kind = 'contacts' | 'companies' | 'deals';

/** Tests: a contact property as a HubSpot user would make one, its option labels as a Kontora company's, its values HubSpot's. */
export const LOYALTY_TIER: Omit<HubspotPropertyDef, 'hubspotDefined'> = {
  name: 'loyalty_tier',
  label: 'Loyalty tier',
  type: 'enumeration',
  fieldType: 'select',
  options: [
    { label: 'Gold', value: 'gold_tier' },
    { label: 'Silver', value: 'silver_tier' },
  ],
};

const text = (name: string, label: string): HubspotPropertyDef => ({
  name,
  label,
  type: 'string',
  fieldType: 'text',
  hubspotDefined: true,
});

const defaults = (): Record<Kind, HubspotPropertyDef[]> => ({
  contacts: [
    text('firstname', 'First Name'),
    text('lastname', 'Last Name'),
    text('email', 'Email'),
    { ...text('phone', 'Phone Number'), fieldType: 'phonenumber' },
    text('company', 'Company Name'),
    text('website', 'Website URL'),
    text('address', 'Street Address'),
    text('country', 'Country/Region'),
    text('jobtitle', 'Job Title'),
    {
      name: 'lastmodifieddate',
      label: 'Last Modified Date',
      type: 'datetime',
      fieldType: 'date',
      hubspotDefined: true,
      readOnlyValue: true,
    },
  ],
  companies: [
    text('name', 'Company name'),
    { ...text('phone', 'Phone Number'), fieldType: 'phonenumber' },
    text('website', 'Website URL'),
    text('address', 'Street Address'),
    text('country', 'Country/Region'),
    {
      name: 'industry',
      label: 'Industry',
      type: 'enumeration',
      fieldType: 'select',
      hubspotDefined: true,
      options: [
        { label: 'Hospitality', value: 'HOSPITALITY' },
        { label: 'Retail', value: 'RETAIL' },
      ],
    },
  ],
  deals: [
    text('dealname', 'Deal Name'),
    { name: 'amount', label: 'Amount', type: 'number', fieldType: 'number', hubspotDefined: true },
    { name: 'closedate', label: 'Close Date', type: 'datetime', fieldType: 'date', hubspotDefined: true },
    {
      name: 'hubspot_owner_id',
      label: 'Deal owner',
      type: 'enumeration',
      fieldType: 'select',
      hubspotDefined: true,
      referencedObjectType: 'OWNER',
    },
  ],
});

export function hubspotPropertyStore(
  refuse: (req: StandinRequest) => StandinAnswer | null,
  owners: { id: string }[] = [],
) {
  const defs = defaults();
  /** Why HubSpot refuses these values of defined properties, or null. */
  const invalid = (kind: Kind, properties: Record<string, string | null>): string | null => {
    for (const [name, value] of Object.entries(properties)) {
      const def = defs[kind].find((d) => d.name === name);
      if (!def || value === null || value === '') continue;
      if (def.type === 'number' && !Number.isFinite(Number(value)))
        return `Property values were not valid: ${value} is not a valid number for ${name}`;
      if (def.type === 'bool' && value !== 'true' && value !== 'false')
        return `Property values were not valid: ${value} is not a valid bool for ${name}`;
      if (def.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value) && !/^\d+$/.test(value))
        return `Property values were not valid: ${value} is not a valid date for ${name}`;
      // A property of users holds an owner's id (GET /crm/v3/owners).
      if (def.referencedObjectType === 'OWNER' && !owners.some((o) => o.id === value))
        return `Property values were not valid: ${value} is not a valid owner id for ${name}`;
      if (def.type === 'enumeration' && def.options) {
        const chosen = def.fieldType === 'checkbox' ? value.split(';') : [value];
        const wrong = chosen.find((v) => !def.options?.some((o) => o.value === v));
        if (wrong !== undefined)
          return `Property values were not valid: ${wrong} was not one of the allowed options for ${name}`;
      }
    }
    return null;
  };
  const route: [string, RegExp, Route] = [
    'GET',
    /^\/crm\/v3\/properties\/(contacts|companies|deals)$/,
    (req, [kind]) =>
      refuse(req) ?? {
        json: {
          results: defs[kind as Kind].map((d) => ({
            name: d.name,
            label: d.label,
            type: d.type,
            fieldType: d.fieldType,
            groupName: 'info',
            description: '',
            options: (d.options ?? []).map((o, i) => ({ ...o, displayOrder: i, hidden: false })),
            displayOrder: 0,
            hidden: false,
            formField: true,
            calculated: false,
            hubspotDefined: Boolean(d.hubspotDefined),
            ...(d.referencedObjectType ? { referencedObjectType: d.referencedObjectType } : {}),
            modificationMetadata: {
              archivable: !d.hubspotDefined,
              readOnlyDefinition: Boolean(d.hubspotDefined),
              readOnlyValue: Boolean(d.readOnlyValue),
            },
          })),
        },
      },
  ];
  return {
    route,
    invalid,
    /** Tests: a custom property made in HubSpot. */
    define(kind: Kind, def: Omit<HubspotPropertyDef, 'hubspotDefined'>) {
      defs[kind].push({ ...def, hubspotDefined: false });
    },
  };
}
