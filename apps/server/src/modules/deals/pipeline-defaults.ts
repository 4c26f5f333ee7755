import { DEFAULT_PIPELINE_STAGES } from '@kontora/contract/pipelines';

/**
 * The names of the pipeline a company starts with, in the six languages of the product.
 * Companies carry no language of their own; their country picks one (English when the
 * country speaks none of the six). Written once, when the company is made: the names are
 * the company's from then on, to rename as it likes.
 */
const NAMES: Record<string, { pipeline: string; stages: Record<string, string> }> = {
  en: {
    pipeline: 'Sales',
    stages: {
      lead_in: 'Lead in',
      qualified: 'Qualified',
      proposal: 'Proposal',
      negotiation: 'Negotiation',
      won: 'Won',
      lost: 'Lost',
    },
  },
  hr: {
    pipeline: 'Prodaja',
    stages: {
      lead_in: 'Novi upit',
      qualified: 'Kvalificiran',
      proposal: 'Ponuda',
      negotiation: 'Pregovori',
      won: 'Dobiven',
      lost: 'Izgubljen',
    },
  },
  es: {
    pipeline: 'Ventas',
    stages: {
      lead_in: 'Nuevo contacto',
      qualified: 'Cualificado',
      proposal: 'Propuesta',
      negotiation: 'Negociación',
      won: 'Ganado',
      lost: 'Perdido',
    },
  },
  de: {
    pipeline: 'Vertrieb',
    stages: {
      lead_in: 'Neuer Lead',
      qualified: 'Qualifiziert',
      proposal: 'Angebot',
      negotiation: 'Verhandlung',
      won: 'Gewonnen',
      lost: 'Verloren',
    },
  },
  it: {
    pipeline: 'Vendite',
    stages: {
      lead_in: 'Nuovo contatto',
      qualified: 'Qualificato',
      proposal: 'Proposta',
      negotiation: 'Trattativa',
      won: 'Vinto',
      lost: 'Perso',
    },
  },
  ru: {
    pipeline: 'Продажи',
    stages: {
      lead_in: 'Новый лид',
      qualified: 'Квалифицирован',
      proposal: 'Предложение',
      negotiation: 'Переговоры',
      won: 'Выиграна',
      lost: 'Проиграна',
    },
  },
};

const LANGUAGE_OF_COUNTRY: Record<string, string> = {
  HR: 'hr',
  ES: 'es',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  IT: 'it',
  RU: 'ru',
};

/** The default pipeline's name and stages for a company of this country. */
export function defaultPipeline(country: string | null | undefined) {
  const names = NAMES[LANGUAGE_OF_COUNTRY[country ?? ''] ?? 'en'] ?? NAMES.en;
  if (!names) throw new Error('no default names');
  return {
    name: names.pipeline,
    stages: DEFAULT_PIPELINE_STAGES.map((s) => ({
      name: names.stages[s.key] ?? s.key,
      kind: s.kind,
      probability: s.probability,
      rotting_days: null,
    })),
  };
}
