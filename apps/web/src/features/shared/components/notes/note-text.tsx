import { splitMentions } from '@kontora/contract/mentions';

/** A note's text with its `@[Name](user:ID)` mentions shown as chips (packages/contract/src/mentions.ts). */
export function NoteText({ body }: { body: string }) {
  return (
    <>
      {splitMentions(body).map((part, i) =>
        'mention' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <span key={i} className="badge rounded-pill text-bg-secondary kt-mention">
            @{part.mention.name}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
