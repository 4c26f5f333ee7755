import { useAppConfig } from '../../lib/api/get-app-config.ts';
import { useFormatters } from '../../lib/format.ts';
import { useProductName } from './brand.tsx';

/** Current year, product name and the configured credit line (docs/product.md §3). */
export function Footer() {
  const name = useProductName();
  const config = useAppConfig();
  const format = useFormatters();
  const credit = config.data?.app_credit;
  return (
    <footer className="kt-footer">
      <div className="kt-container d-flex flex-wrap justify-content-between gap-2">
        <span>
          © {format.year(new Date())} {name}
        </span>
        {credit && <span className="kt-credit">{credit}</span>}
      </div>
    </footer>
  );
}
