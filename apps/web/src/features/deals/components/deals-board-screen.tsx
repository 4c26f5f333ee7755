import { useState } from 'react';
import { LoadError } from '../../../components/list-states.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { usePipelines } from '../../shared/api/get-pipelines.ts';
import { OwnFieldFilters } from '../../shared/components/custom-fields/own-field-filters.tsx';
import { useOwnerOptions } from '../../shared/components/owner-options.ts';
import { apiFilterOf } from '../lib/deal-filter.ts';
import { DealBoard } from './deal-board.tsx';
import { DealFilters } from './deal-filters.tsx';
import { DealsHeader } from './deals-header.tsx';
import { LazyDealDialog } from './lazy-deal-dialog.ts';
import { useDealFilter } from './use-deal-filter.ts';

/**
 * The deal board (`#/company/deals`): one pipeline's stages as columns; filters (the list's,
 * own-field ones included) in the address.
 */
export function DealsBoardScreen() {
  const companyId = useCompanyId();
  const pipelines = usePipelines(companyId);
  const { filter, search, update, fields } = useDealFilter();
  const owners = useOwnerOptions(companyId).options;
  const [creating, setCreating] = useState<{ stageId?: number } | null>(null);
  const items = pipelines.data?.items ?? [];
  const pipeline = items.find((p) => p.id === filter.pipeline) ?? items[0];

  return (
    <>
      <DealsHeader
        view="board"
        search={search}
        pipelines={items}
        pipelineId={pipeline?.id}
        onPipeline={(id) => update({ pipeline: id })}
        onNew={() => setCreating({})}
      />
      <DealFilters filter={filter} update={update} />
      <OwnFieldFilters fields={fields} filter={filter} update={update} owners={owners} />
      {pipelines.isError ? (
        <LoadError error={pipelines.error} onRetry={() => void pipelines.refetch()} />
      ) : !pipeline ? (
        <PageSpinner />
      ) : (
        <DealBoard
          pipeline={pipeline}
          filter={apiFilterOf(filter)}
          onAdd={(stageId) => setCreating({ stageId })}
        />
      )}
      <LazyDealDialog
        open={creating !== null}
        onClose={() => setCreating(null)}
        draft={{ pipeline_id: pipeline?.id, stage_id: creating?.stageId }}
      />
    </>
  );
}
