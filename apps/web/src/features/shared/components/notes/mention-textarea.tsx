import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type RefObject, type SyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../../components/form-field.tsx';
import { teamQueryOptions } from '../../api/get-team.ts';
import { ComboboxList } from '../combobox-list.tsx';
import { insertMention, mentionQueryAt } from './mention-suggestions.ts';

const MAX_SUGGESTIONS = 6;

type MentionTextareaProps = {
  label: string;
  companyId: number;
  /** The text (a controlled textarea) and where a typed or picked change goes. */
  value: string;
  setText: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  error?: string | undefined;
  maxLength: number;
  className?: string;
};

/**
 * A note's textarea that suggests team members after an `@` (a combobox with a listbox:
 * arrows move, Enter or Tab picks, Escape closes). Picking puts `@[Name](user:ID)` in the text
 * (packages/contract/src/mentions.ts); the server tells that person, the timeline shows a chip.
 */
export function MentionTextarea({
  label,
  companyId,
  value,
  setText,
  textareaRef: textRef,
  error,
  maxLength,
  className,
}: MentionTextareaProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [at, setAt] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const team = useQuery({ ...teamQueryOptions(companyId), enabled: at !== null });
  const query = at?.query.toLocaleLowerCase() ?? '';
  const people = (team.data?.items ?? [])
    .filter((m) => m.full_name.toLocaleLowerCase().includes(query))
    .slice(0, MAX_SUGGESTIONS);
  const open = at !== null && people.length > 0;

  const follow = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    const next = mentionQueryAt(el.value, el.selectionStart);
    setAt(next);
    if (next?.query !== at?.query) setActive(0);
  };

  const pick = (el: HTMLTextAreaElement, person: { user_id: number; full_name: string }) => {
    if (!at) return;
    const next = insertMention(el.value, el.selectionStart, at, {
      id: person.user_id,
      name: person.full_name,
    });
    setText(next.text);
    setAt(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + people.length) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const person = people[active];
      if (!person) return;
      event.preventDefault();
      pick(event.currentTarget, person);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setAt(null);
    }
  };

  return (
    <FormField
      label={label}
      error={error}
      hint={t('notifications.mentions.hint')}
      // The list floats under the textarea; it stays the textarea's sibling so the error shows (`.is-invalid ~`).
      className={`${className ?? ''} position-relative`.trim()}
      controlClass="form-control"
    >
      {(control) => (
        <>
          <textarea
            rows={2}
            maxLength={maxLength}
            {...control}
            value={value}
            ref={textRef}
            // A textarea takes no combobox role; as a textbox it may still name its list and active option.
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={open ? `${listId}-${people[active]?.user_id}` : undefined}
            onChange={(event) => {
              setText(event.currentTarget.value);
              follow(event);
            }}
            onClick={follow}
            onKeyUp={(event) => {
              if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') follow(event);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => setAt(null)}
          />
          <ComboboxList
            id={listId}
            label={t('notifications.mentions.suggestions')}
            open={open}
            options={people.map((m) => ({ id: m.user_id, name: m.full_name }))}
            active={active}
            busy={false}
            emptyText=""
            onChoose={(option) => {
              if (textRef.current) pick(textRef.current, { user_id: option.id, full_name: option.name });
            }}
          />
        </>
      )}
    </FormField>
  );
}
