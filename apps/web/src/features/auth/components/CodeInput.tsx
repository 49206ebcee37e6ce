import { normalizeVerificationCode } from '@crm/shared';
import { Input, type InputRef } from 'antd';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useImperativeHandle,
  useRef,
} from 'react';

export interface CodeInputHandle {
  focus: (index?: number) => void;
}

export interface CodeInputProps {
  /** One entry per box; '' for an empty box. Its length is the number of boxes. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Called once each time an edit leaves every box filled (typing the last character or a paste). */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  ref?: Ref<CodeInputHandle>;
}

// Letters and digits only, uppercased (01 §5 verification code).
function cleanCharacters(text: string): string[] {
  return [
    ...normalizeVerificationCode(text)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, ''),
  ];
}

export function emptyCode(length: number): string[] {
  return Array.from({ length }, () => '');
}

// 01 §2.4 /two-factor: single-character boxes with automatic advance, paste support and
// backspace that walks back.
export function CodeInput({
  value,
  onChange,
  onComplete,
  disabled,
  autoFocus,
  invalid,
  ref,
}: CodeInputProps) {
  const boxes = useRef<Array<InputRef | null>>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const target = boxes.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus({ cursor: 'all' });
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  const commit = (next: string[]) => {
    onChange(next);
    if (next.every((character) => character !== '')) onComplete?.(next.join(''));
  };

  // Writes characters from `start` onwards (typing one, or a paste/autofill of several).
  const fillFrom = (start: number, characters: string[]) => {
    const accepted = characters.slice(0, length - start);
    if (accepted.length === 0) return;
    const next = [...value];
    accepted.forEach((character, offset) => {
      next[start + offset] = character;
    });
    commit(next);
    focusBox(start + accepted.length);
  };

  const handleChange = (index: number, event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    if (raw === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    const previous = value[index] ?? '';
    // A character typed next to the one already in the box replaces it.
    const typed =
      raw.length === 2 && previous !== '' && raw.includes(previous) ? raw.replace(previous, '') : raw;
    fillFrom(index, cleanCharacters(typed));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...value];
      if (next[index] !== '') {
        next[index] = '';
        onChange(next);
      } else if (index > 0) {
        next[index - 1] = '';
        onChange(next);
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fillFrom(index, cleanCharacters(event.clipboardData.getData('text')));
  };

  return (
    <fieldset className="code-input" aria-label="Código de verificación">
      {value.map((character, index) => (
        <Input
          // The boxes never reorder, so the position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of positions
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={character}
          onChange={(event) => handleChange(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
          className="code-input-box"
          aria-label={`Carácter ${index + 1} de ${length}`}
          data-testid={`code-box-${index}`}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          disabled={disabled}
          status={invalid ? 'error' : undefined}
          size="large"
        />
      ))}
    </fieldset>
  );
}
