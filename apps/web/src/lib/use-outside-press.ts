import { type RefObject, useEffect } from 'react';

/** While `active`, a press anywhere outside `ref`'s element calls `onOutside` (menus and panels close on it). */
export function useOutsidePress(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [ref, active, onOutside]);
}
