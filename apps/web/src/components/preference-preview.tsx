import type { LayoutPreferences } from '@kontora/contract/preference-values';

type PreferencePreviewProps = Pick<LayoutPreferences, 'layout' | 'sidebar'>;

/**
 * A miniature of the app in a layout and sidebar style, drawn with CSS classes only (no image
 * to download, no inline style the CSP would refuse). Decorative: the radio's text names the choice.
 */
export function PreferencePreview({ layout, sidebar }: PreferencePreviewProps) {
  return (
    <span className={`kt-mini kt-mini-${layout} kt-mini-sidebar-${sidebar}`} aria-hidden="true">
      <span className="kt-mini-top" />
      <span className="kt-mini-side">
        <span className="kt-mini-line" />
        <span className="kt-mini-line" />
        <span className="kt-mini-line" />
      </span>
      <span className="kt-mini-body">
        <span className="kt-mini-card" />
        <span className="kt-mini-card" />
      </span>
    </span>
  );
}
