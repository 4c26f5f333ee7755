import { useTranslation } from 'react-i18next';

export type SkeletonShape = 'rows' | 'tiles';

const ROWS = 6;
const COLUMNS = 4;
const TILES = 10;

/**
 * A first load's stand-in: grey bars where rows will be (or squares where
 * tiles will be), so the page keeps its shape and nothing jumps when the
 * answer arrives. Announced once as "Loading…"; the bars themselves are hidden.
 */
export function ListSkeleton({ shape = 'rows', framed = true }: { shape?: SkeletonShape; framed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={framed ? 'card kt-card' : undefined}
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      <div className={`placeholder-glow${framed ? ' card-body' : ''}`} aria-hidden="true">
        {shape === 'tiles' ? <Tiles /> : <Rows />}
      </div>
    </div>
  );
}

function Rows() {
  return Array.from({ length: ROWS }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows, never reordered
    <div key={row} className="d-flex gap-3 py-2 border-bottom">
      {Array.from({ length: COLUMNS }, (_, column) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells
          key={column}
          className={`placeholder ${column === 0 ? 'col-4' : 'col-2'}`}
          style={{ opacity: 0.35 + ((row + column) % 3) * 0.1 }}
        />
      ))}
    </div>
  ));
}

function Tiles() {
  return (
    <div className="row row-cols-2 row-cols-sm-3 row-cols-lg-5 g-3">
      {Array.from({ length: TILES }, (_, tile) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder tiles
        <div key={tile} className="col">
          <span className="placeholder kt-skeleton-tile w-100" />
        </div>
      ))}
    </div>
  );
}
