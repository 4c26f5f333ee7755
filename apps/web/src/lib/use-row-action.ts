import { useState } from 'react';

/**
 * One action at a time on the rows of a list (accept, re-send, revoke…): which
 * row is busy, and the last refusal to show above the list.
 */
export function useRowAction() {
  const [busyId, setBusyId] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const run = async (id: number, action: () => Promise<unknown>, onDone: () => void) => {
    setProblem(null);
    setBusyId(id);
    try {
      await action();
      onDone();
    } catch (error) {
      setProblem(error);
    } finally {
      setBusyId(null);
    }
  };
  return { busyId, problem, run };
}
