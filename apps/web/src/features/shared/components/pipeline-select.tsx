import type { Pipeline } from '@kontora/contract/pipelines';
import { useTranslation } from 'react-i18next';
import { CompactSelect } from '../../../components/compact-select.tsx';

/** The pipeline picker of the deals views and the forecast; `allowAll` adds "All pipelines" (value ""). */
export function PipelineSelect({
  pipelines,
  pipelineId,
  allowAll,
  onChange,
}: {
  pipelines: readonly Pipeline[];
  pipelineId: number | undefined;
  allowAll: boolean;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <CompactSelect
      label={t('deals.fields.pipeline')}
      value={pipelineId ? String(pipelineId) : ''}
      onChange={onChange}
    >
      {allowAll && <option value="">{t('deals.filters.allPipelines')}</option>}
      {pipelines.map((pipeline) => (
        <option key={pipeline.id} value={pipeline.id}>
          {pipeline.name}
        </option>
      ))}
    </CompactSelect>
  );
}
