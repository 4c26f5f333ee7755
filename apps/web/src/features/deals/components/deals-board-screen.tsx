import { useState } from 'react';
import { LoadError } from '../../../components/list-states.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { usePipelines } from '../../shared/api/get-pipelines.ts';
import { boardFilterOf } from '../lib/deal-filter.ts';
import { DealBoard } from './deal-board.tsx';
import { DealDialog } from './deal-dialog.tsx';
import { DealFilters } from './deal-filters.tsx';
import { DealsHeader } from './deals-header.tsx';
import { useDealFilter } from './use-deal-filter.ts';

/** The deal board (`#/company/deals`): one pipeline's stages as columns; filters in the address. */
export function DealsBoardScreen() {
  const companyId = useCompanyId();
  const pipelines = usePipelines(companyId);
  const { filter, search, update } = useDealFilter();
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
      {pipelines.isError ? (
        <LoadError error={pipelines.error} onRetry={() => void pipelines.refetch()} />
      ) : !pipeline ? (
        <PageSpinner />
      ) : (
        <DealBoard
          pipeline={pipeline}
          filter={boardFilterOf(filter)}
          onAdd={(stageId) => setCreating({ stageId })}
        />
      )}
      <DealDialog
        open={creating !== null}
        onClose={() => setCreating(null)}
        draft={{ pipeline_id: pipeline?.id, stage_id: creating?.stageId }}
      />
    </>
  );
}
