import { useSyncedText } from '../../../../lib/use-synced-text.ts';

type SyncedInputProps = {
  id: string;
  label: string;
  type: 'text' | 'number' | 'date';
  value: string;
  onCommit: (value: string) => void;
  maxLength?: number;
};

/** A filter box kept in the address: written there once typing pauses, or at once on Enter. */
export function SyncedInput({ id, label, type, value, onCommit, maxLength }: SyncedInputProps) {
  const text = useSyncedText(value, onCommit);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        text.commitNow();
      }}
    >
      <label htmlFor={id} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="form-control form-control-sm"
        maxLength={maxLength}
        step={type === 'number' ? 'any' : undefined}
        value={text.text}
        onChange={(event) => text.setText(event.target.value)}
      />
    </form>
  );
}
