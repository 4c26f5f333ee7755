import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { Deal } from '@kontora/contract/deals';
import type { Stage } from '@kontora/contract/pipelines';
import { useTranslation } from 'react-i18next';
import { type ColumnIds, columnOf } from '../lib/board-moves.ts';

type Lookup = {
  deal: (id: UniqueIdentifier) => Deal | undefined;
  stages: readonly Stage[];
  /** The columns as the drag has them now. */
  ids: () => ColumnIds | null;
};

/** What a screen reader hears while a card is dragged: which deal, over which stage, at which place. */
export function useBoardAnnouncements({ deal, stages, ids }: Lookup): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation();
  const title = (id: UniqueIdentifier) => deal(id)?.title ?? '';
  /** The stage under the card and the place it takes there: the hovered card's, or its own in that column. */
  const where = (activeId: UniqueIdentifier, overId: UniqueIdentifier) => {
    const columns = ids();
    const overCard = typeof overId === 'number' ? overId : undefined;
    const stageId =
      overCard === undefined
        ? Number(String(overId).split(':')[1])
        : columns
          ? columnOf(columns, overCard)
          : undefined;
    const stage = stages.find((s) => s.id === stageId);
    const list = (stageId !== undefined && columns?.[stageId]) || [];
    const index = list.indexOf(overCard ?? Number(activeId));
    return {
      title: title(activeId),
      stage: stage?.name ?? '',
      position: index >= 0 ? index + 1 : list.length + 1,
      total: Math.max(list.length, 1),
    };
  };
  return {
    screenReaderInstructions: { draggable: t('deals.dnd.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('deals.dnd.pickedUp', { title: title(active.id) }),
      // Over its own place right after the pick-up: nothing new to say, so "picked up" is heard.
      onDragOver: ({ active, over }) =>
        over?.id === active.id
          ? undefined
          : over
            ? t('deals.dnd.over', where(active.id, over.id))
            : t('deals.dnd.notOver', { title: title(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('deals.dnd.dropped', where(active.id, over.id))
          : t('deals.dnd.cancelled', { title: title(active.id) }),
      onDragCancel: ({ active }) => t('deals.dnd.cancelled', { title: title(active.id) }),
    },
  };
}
