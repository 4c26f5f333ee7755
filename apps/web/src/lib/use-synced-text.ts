import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounced.ts';

/**
 * Text typed into a filter box that is kept in the address: written there once
 * typing pauses; a change of the address from elsewhere (the top-bar search,
 * back/forward) replaces the text. Only a change of the debounced text commits,
 * so an address change is never overwritten by the stale text it replaced.
 */
export function useSyncedText(
  addressValue: string,
  commit: (value: string) => void,
  /** What the address would hold for a text (the tag filter is lower case). */
  normalize: (value: string) => string = (value) => value.trim(),
): { text: string; setText: (value: string) => void; commitNow: () => void } {
  const [text, setText] = useState(addressValue);
  const debounced = useDebounced(text);
  const committed = useRef(addressValue);
  const latest = useRef({ commit, normalize });
  useEffect(() => {
    latest.current = { commit, normalize };
  });

  const commitText = (value: string) => {
    const next = latest.current.normalize(value);
    if (next === committed.current) return;
    committed.current = next;
    latest.current.commit(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the debounced text commits
  useEffect(() => commitText(debounced), [debounced]);

  useEffect(() => {
    if (addressValue === committed.current) return;
    committed.current = addressValue;
    setText(addressValue);
  }, [addressValue]);

  return { text, setText, commitNow: () => commitText(text) };
}
