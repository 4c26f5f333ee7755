import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Longer than this, a text shows its beginning first (a 20,000-character note filled the page). */
const SHOWN_CHARS = 600;
const SHOWN_LINES = 8;

/** Where the shortened text ends: after at most SHOWN_CHARS characters and SHOWN_LINES lines, at a space. */
function cutAt(text: string): number | null {
  let end = Math.min(text.length, SHOWN_CHARS);
  let lines = 0;
  for (let i = 0; i < end; i++) {
    if (text[i] === '\n' && ++lines >= SHOWN_LINES) {
      end = i;
      break;
    }
  }
  if (end >= text.length) return null;
  const space = text.lastIndexOf(' ', end);
  return space > end * 0.6 ? space : end;
}

/** A long multi-line text (a note) collapsed to its beginning, with "Show more" / "Show less". */
export function CollapsibleText({
  text,
  className,
  render = (shown) => shown,
}: {
  text: string;
  className?: string;
  /** How the shown part is drawn (e.g. a note's mentions as chips); plain text by default. */
  render?: (shown: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const cut = cutAt(text);
  return (
    <>
      <span id={id} className={className} style={{ whiteSpace: 'pre-wrap' }}>
        {render(cut === null || open ? text : `${text.slice(0, cut).trimEnd()}…`)}
      </span>
      {cut !== null && (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 d-block"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? t('common.showLess') : t('common.showMore')}
        </button>
      )}
    </>
  );
}
