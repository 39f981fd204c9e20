import { TextField } from '@wallet/ui/text-field';
import { useState } from 'react';

export type MemberFilterProps = {
  /** the filter in the URL */
  value: string;
  /** the typed text, trimmed: on Enter or when the field loses focus */
  onApply: (member: string) => void;
  label: string;
  placeholder: string;
  maxLength: number;
  'data-testid'?: string;
};

/**
 * A list's member filter (a member id, username or phone number): typed freely, applied on Enter or blur, so the list
 * is not read again on every key.
 */
export function MemberFilter({
  value,
  onApply,
  label,
  placeholder,
  maxLength,
  'data-testid': testId,
}: MemberFilterProps) {
  const [text, setText] = useState(value);
  return (
    <form
      className="w-52"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim());
      }}
    >
      <TextField
        label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => onApply(text.trim())}
        data-testid={testId}
      />
    </form>
  );
}
